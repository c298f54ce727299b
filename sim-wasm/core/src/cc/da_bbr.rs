//! DA-BBR: delay-aware BBR (Kim & Cho, "Delay-Aware BBR Congestion Control Algorithm for RTT
//! Fairness Improvement", IEEE Access 2019; code: ku-asteam/da-bbr; docs/spec/ALGORITHMS.md §1.4).
//!
//! Model: BBR v1 (cc/bbr) with three changes.
//! - In PROBE_BW the BDP behind the cwnd target (and the phase tests) is scaled by
//!   rtt/(rtt + min_rtt) ∈ [0.5, 1): the more queueing delay a flow sees, the nearer its
//!   window gets to 2×, not 4×, what it needs — which reins in long-RTT flows whose 2×BDP
//!   window holds a large queue. If min_rtt has grown by more than 20 % since the previous
//!   probe (the path changed), the plain BDP is used.
//! - PROBE_RTT holds a third of the window instead of 4 packets.
//! - Entering recovery sets cwnd = inflight and pacing gain 0.75 (until the next gain phase);
//!   the window from before recovery is not restored on exit.

use super::bbr::{Bbr, BbrParams, Mode, RecoveryPolicy, State, Variant, MIN_RTT_WINDOW};
use super::{AckInfo, CcInit, CongestionControl};
use crate::engine::time::Dur;

/// A min_rtt more than 20 % above the previous probe's means the path changed: the code's
/// `prev_probe_min_rtt * 12/10 < min_rtt`.
pub const PATH_CHANGE_RATIO: f64 = 1.2;
/// PROBE_RTT window = cwnd / this (the code's `snd_cwnd/3`).
pub const PROBE_RTT_DIVISOR: u32 = 3;
/// Pacing gain on entering recovery (the 0.75 drain gain of the cycle).
const RECOVERY_GAIN: f64 = 0.75;

pub struct DaBbr {
    /// min_rtt when the previous min_rtt window expired in PROBE_BW.
    prev_probe_min_rtt: Option<Dur>,
}

impl DaBbr {
    pub fn new() -> Self {
        DaBbr { prev_probe_min_rtt: None }
    }

    pub fn boxed(init: CcInit, params: Option<&serde_json::Value>) -> Result<Box<dyn CongestionControl>, String> {
        let p = BbrParams::parse(&init, params)?;
        Ok(Box::new(Bbr::new(init, &p, DaBbr::new())))
    }
}

impl Default for DaBbr {
    fn default() -> Self {
        DaBbr::new()
    }
}

impl Variant for DaBbr {
    fn name(&self) -> &'static str {
        "da-bbr"
    }

    fn on_ack(&mut self, s: &State, ack: &AckInfo) {
        let expired = ack.now > s.min_rtt_stamp + MIN_RTT_WINDOW;
        if s.mode == Mode::ProbeBw && ack.rtt.is_some() && expired {
            self.prev_probe_min_rtt = s.min_rtt;
        }
    }

    fn bdp_factor(&self, s: &State) -> f64 {
        let Some(min_rtt) = s.min_rtt else { return 1.0 };
        if self.prev_probe_min_rtt.is_some_and(|p| p as f64 * PATH_CHANGE_RATIO < min_rtt as f64) {
            return 1.0;
        }
        let rtt = s.last_rtt.unwrap_or(min_rtt) as f64;
        rtt / (rtt + min_rtt as f64)
    }

    fn on_enter_probe_rtt(&mut self, s: &State) -> u32 {
        (s.cwnd / PROBE_RTT_DIVISOR).max(1)
    }

    /// Entering recovery cuts the window to what is in flight and paces at 0.75 until the
    /// next gain phase; the window from before recovery is not restored.
    fn recovery(&self) -> RecoveryPolicy {
        RecoveryPolicy { release_acked: false, gain: Some(RECOVERY_GAIN), restore: false }
    }
}
