//! Which BBR implementation the BBR family runs: Linux's tcp_bbr.c (the default) or ns-3's
//! `TcpBbr` (src/internet/model/tcp-bbr.cc), the scenario's `tcp.bbr` (docs/model/bbr.md
//! §Linux's BBR and ns-3's TcpBbr).
//!
//! The BBR-A paper ran ns-3's TcpBbr. It is BBR v1 as Linux's, except where this switch acts:
//!
//! | | `linux` | `ns3` |
//! |---|---|---|
//! | long-term estimator | `bbr_lt_bw_sampling` (lt_bw.rs) | none |
//! | ACK-aggregation allowance | `bbr_update_ack_aggregation` (aggregation.rs) | `UpdateAckAggregation` (aggregation.rs, `Epoch::ns3`): whole-second epoch clock, epochs reset at 4096 bytes |
//! | quantization budget | 3 × the TSO goal, rounded up to even, + 2 in the 1.25 phase (`bbr_quantization_budget`) | 3 × the send quantum of one segment (`SetSendQuantum`), + 2 in the 1.25 phase (`InFlight`) |
//! | send bursts | TSO-sized, with deferral (tcp/tso.rs, tcp/defer.rs) | one segment per pacing slot |
//!
//! An explicit `cc_params.lt_bw` or `cc_params.extra_acked` wins over the switch. The switch is
//! per scenario rather than a `cc_params` key, so that it survives a preset's `cc` knob moving
//! every flow to another algorithm (a controller that is not of the BBR family ignores it).

use super::aggregation::Epoch;
use serde::{Deserialize, Serialize};

/// The scenario's `tcp.bbr`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ts_rs::TS, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum BbrModel {
    /// Linux's tcp_bbr.c: long-term estimator, ACK-aggregation allowance, TSO-sized send bursts
    /// and TSO deferral.
    #[default]
    Linux,
    /// ns-3's TcpBbr: no long-term estimator, ns-3's ACK-aggregation rule, a one-segment send
    /// quantum, one segment per pacing slot.
    Ns3,
}

impl BbrModel {
    /// Whether the long-term estimator runs: `parsed` when the controller's `cc_params` name
    /// `lt_bw`, else the model's (Linux has it; ns-3's TcpBbr has none).
    pub fn lt_bw(self, params: Option<&serde_json::Value>, parsed: bool) -> bool {
        if params.and_then(|p| p.get("lt_bw")).is_some() {
            parsed
        } else {
            self == BbrModel::Linux
        }
    }

    /// The model sends one segment per pacing slot and never defers (ns-3's TcpSocketBase with
    /// TcpBbr's one-segment send quantum), rather than Linux's TSO-sized bursts.
    pub fn single_segments(self) -> bool {
        self == BbrModel::Ns3
    }

    /// How the model keeps its ACK-aggregation epoch (aggregation.rs).
    pub fn ack_epoch(self, mss: u32) -> Epoch {
        match self {
            BbrModel::Linux => Epoch::LINUX,
            BbrModel::Ns3 => Epoch::ns3(mss),
        }
    }
}
