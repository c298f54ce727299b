//! TCP, Linux-like (docs/spec/ALGORITHMS.md §0): a segment-numbered sender with a SACK scoreboard,
//! loss detection by "three later packets delivered" (RFC 6675 DupThresh 3, applied in send
//! order so lost retransmissions are found too), fast retransmit and recovery, RFC 6298
//! retransmission timeout with backoff, pacing, tcp_rate.c delivery-rate samples, and a
//! receiver with SACK and optional delayed ACKs.
//!
//! The `ns3-classic` profile (docs/model/tcp.md §Profiles) swaps the loss machinery for
//! ns-3's of the seed papers' era: no SACK, fast retransmit on the 3rd duplicate ACK, NewReno
//! recovery with window inflation, ns-3's `RttMeanDeviation` estimator, window growth per ACK,
//! IW 1; see `sender.rs` and `rtt.rs`.

pub mod defer;
pub mod prr;
pub mod rack;
pub mod rate;
pub mod receiver;
pub mod recovery;
pub mod rtt;
pub mod scoreboard;
pub mod sender;
pub mod source;
pub mod timer;
pub mod tlp;
pub mod tso;

use crate::cc::bbr::BbrModel;
use crate::cc::CcInit;
use crate::engine::rng::SimRng;
use crate::engine::time::Dur;
use serde::{Deserialize, Serialize};

/// Linux's initial window (RFC 6928, `TCP_INIT_CWND`); QUIC uses it whatever the TCP profile.
pub const LINUX_INIT_CWND: u32 = 10;
/// ns-3's initial slow-start threshold, `TcpSocket::InitialSlowStartThreshold` = 0xffff bytes.
pub const NS3_INITIAL_SSTHRESH_BYTES: u64 = 0xffff;

/// Which TCP implementation the senders and receivers behave like (docs/model/tcp.md
/// §Profiles). The profile sets the mechanisms (loss detection, recovery, RTT estimator,
/// window growth) and the defaults of the fields left out of [`TcpSpec`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ts_rs::TS, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum TcpProfile {
    /// Linux: SACK, limited transmit, PRR, IW 10, Linux's RTO, delayed ACKs 2 / 40 ms.
    #[default]
    Linux,
    /// ns-3's TcpSocketBase / TcpNewReno of the ns-3.19 era and the mkheirkhah/mptcp model
    /// built on it, which the seed papers ran: 3 duplicate ACKs without SACK, NewReno with
    /// window inflation, no limited transmit, IW 1, ns-3's RTT estimator, window growth per ACK.
    #[serde(rename = "ns3-classic")]
    Ns3Classic,
}

impl TcpProfile {
    pub fn as_str(self) -> &'static str {
        match self {
            TcpProfile::Linux => "linux",
            TcpProfile::Ns3Classic => "ns3-classic",
        }
    }
}

/// TCP settings in engine units, the profile's defaults filled in.
#[derive(Debug, Clone)]
pub struct TcpConfig {
    pub profile: TcpProfile,
    /// Which BBR the BBR family runs (`tcp.bbr`, cc/bbr/model.rs).
    pub bbr: BbrModel,
    pub mss: u32,
    pub header_bytes: u32,
    pub ack_bytes: u32,
    pub init_cwnd: u32,
    /// Initial slow-start threshold in segments; `None` = unlimited (Linux).
    pub init_ssthresh: Option<u32>,
    pub rwnd: u64,
    pub min_rto: Dur,
    pub initial_rto: Dur,
    pub max_rto: Dur,
    pub delayed_ack: bool,
    pub delack: Dur,
    pub handshake: bool,
    /// ECN (RFC 3168): data is sent ECN-capable and an echoed mark cuts the window.
    pub ecn: bool,
    /// Timeout of the first SYN, doubled on each retry.
    pub syn_rto: Dur,
    /// QUIC's initial window: the scenario's `tcp.init_cwnd`, or Linux's (the TCP profile
    /// does not apply to QUIC).
    pub quic_init_cwnd: u32,
    /// What an MPTCP subflow does differently (only under `ns3-classic`).
    pub subflow: SubflowTiming,
    /// The kernel's timer granularity: RACK's reordering timer and the tail-loss probe are
    /// set in jiffies (Linux `usecs_to_jiffies`, rounding up). [`LINUX_JIFFY`] under `linux`.
    pub jiffy: Dur,
}

/// One jiffy at CONFIG_HZ = 250, the reference kernel's setting (docs/model/linux-kernel.md)
/// and Debian's default.
pub const LINUX_JIFFY: Dur = 4_000_000;

/// The settings an MPTCP subflow may take from its own model rather than plain TCP's.
#[derive(Debug, Clone, Copy)]
pub struct SubflowTiming {
    pub initial_rto: Dur,
    pub syn_rto: Dur,
    pub delayed_ack: bool,
}

impl TcpConfig {
    /// The settings of an MPTCP connection's subflows (they differ only under `ns3-classic`).
    pub fn for_mptcp_subflows(&self) -> TcpConfig {
        let SubflowTiming { initial_rto, syn_rto, delayed_ack } = self.subflow;
        TcpConfig { initial_rto, syn_rto, delayed_ack, ..self.clone() }
    }

    /// ns-3's TCP (`ns3-classic`): cumulative ACKs only, loss found by 3 duplicate ACKs.
    pub fn ns3(&self) -> bool {
        self.profile == TcpProfile::Ns3Classic
    }

    /// What a congestion controller starts from.
    pub fn cc_init(&self, rng: SimRng) -> CcInit {
        CcInit { mss: self.mss, init_cwnd: self.init_cwnd, init_ssthresh: self.init_ssthresh, rng, coupling: None, bbr: self.bbr }
    }
}
