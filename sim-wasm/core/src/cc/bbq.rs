//! BBQ: BBR with a bounded probing queue (Ma, Jiang, Yao, Wang, Wu, "Fairness of
//! Congestion-Based Congestion Control: Experimental Evaluation and Analysis",
//! arXiv:1706.09115, as summarised in the BBR-A paper; docs/spec/ALGORITHMS.md §1.3).
//!
//! Model: BBR v1 (cc/bbr) except for the length of the probe-up (1.25) phase. When the
//! current RTT exceeds (1 + β)·min_rtt there is a persistent queue, and a long-RTT flow's
//! min_rtt-long probe would keep adding to it for a whole long RTT; BBQ then cuts the probe
//! to min(α, min_rtt), so probes of long and short flows add similar amounts of queue.

use super::bbr::{Bbr, BbrParams, State, Variant};
use super::{parse_params, CcInit, CongestionControl};
use crate::engine::time::{millis, Dur};
use serde::{Deserialize, Serialize};

/// `cc_params` of "bbq".
#[derive(Debug, Clone, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct BbqParams {
    /// Longest probe-up phase while a queue persists, > 0 (the paper's α = 3 ms).
    #[schemars(title = "α (probe-up limit)", extend("x-unit" = "ms", "exclusiveMinimum" = 0))]
    pub alpha_ms: f64,
    /// A queue persists when RTT > (1 + β)·min_rtt; in [0, 1] (the paper: 0.5–1 %; choice 1 %).
    #[schemars(title = "β (queue threshold)", range(min = 0, max = 1))]
    pub beta: f64,
    /// Header bytes per segment BBQ paces on, as BBR's; should equal `tcp.header_bytes`.
    #[schemars(title = "Header size", extend("x-unit" = "bytes"))]
    pub header_bytes: u32,
    /// As BbrParams: Linux's long-term bandwidth estimator (when left out: on under `tcp.bbr`
    /// "linux", off under "ns3").
    pub lt_bw: bool,
    /// As BbrParams: the ACK-aggregation allowance (Linux's, or ns-3's under `tcp.bbr` "ns3").
    #[schemars(title = "ACK-aggregation allowance")]
    pub extra_acked: bool,
}

impl Default for BbqParams {
    fn default() -> Self {
        BbqParams { alpha_ms: 3.0, beta: 0.01, header_bytes: 52, lt_bw: true, extra_acked: true }
    }
}

pub struct Bbq {
    alpha: Dur,
    beta: f64,
}

impl Bbq {
    pub fn new(alpha: Dur, beta: f64) -> Self {
        Bbq { alpha, beta }
    }

    pub fn boxed(init: CcInit, params: Option<&serde_json::Value>) -> Result<Box<dyn CongestionControl>, String> {
        let p: BbqParams = parse_params(params)?;
        if !(p.alpha_ms.is_finite() && p.alpha_ms > 0.0) {
            return Err(format!("alpha_ms: must be > 0 (got {})", p.alpha_ms));
        }
        if !(0.0..=1.0).contains(&p.beta) {
            return Err(format!("beta: must be in [0, 1] (got {})", p.beta));
        }
        let lt_bw = init.bbr.lt_bw(params, p.lt_bw);
        let bbr = BbrParams { header_bytes: p.header_bytes, lt_bw, extra_acked: p.extra_acked };
        Ok(Box::new(Bbr::new(init, &bbr, Bbq::new(millis(p.alpha_ms), p.beta))))
    }
}

impl Variant for Bbq {
    fn name(&self) -> &'static str {
        "bbq"
    }

    fn phase_length(&self, s: &State) -> Dur {
        let min_rtt = s.min_rtt.unwrap_or(0);
        let queued = s.last_rtt.is_some_and(|r| r as f64 > (1.0 + self.beta) * min_rtt as f64);
        if s.cycle_idx == 0 && queued {
            self.alpha.min(min_rtt)
        } else {
            min_rtt
        }
    }
}
