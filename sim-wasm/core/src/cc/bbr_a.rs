//! BBR-A: RTT-fair gain cycling for BBR ("RTT fairness optimization of BBR congestion
//! control algorithm", Journal of Harbin Institute of Technology 54(11), 2022;
//! docs/spec/ALGORITHMS.md §1.2).
//!
//! Model: BBR v1 (cc/bbr) with only the two probing slots of the PROBE_BW cycle changed.
//! Each ACK computes φ = T_i / T_max, this ACK's RTT over the largest RTT the flow has seen,
//! so φ is near 1 for a flow whose RTT is inflated by a queue and small for a short flow
//! behind a long one. Then
//! ```text
//!   P_up(φ)   = 3/(φ + 2)       ∈ [1, 1.5)   probe harder when φ is small
//!   P_down(φ) = 3/(φ − 3) + 2   ∈ [0.5, 1)   drain harder when φ is near 1
//!   1.25 slot: P_up(φ)   if inflight < 1.25·BDP, else 1 (the pipe is already full; choice)
//!   0.75 slot: P_down(φ) if inflight > 1.25·BDP or last round's loss rate > 2 %, else 1
//! ```
//! The paper's pseudo-code compares T_i < T_max where T_i > T_max is meant when updating
//! T_max (choice, docs/spec/ALGORITHMS.md).

use super::bbr::{Bbr, BbrParams, State, Variant, PACING_GAIN_CYCLE};
use super::{AckInfo, CcInit, CongestionControl};
use crate::engine::time::Dur;

/// Inflight above this many BDPs means a standing queue (the paper's 1.25, the BBR probe gain).
pub const QUEUE_BDP: f64 = 1.25;
/// Loss rate over the last round above which the drain slot drains (the paper's 2 %).
pub const LOSS_THRESH: f64 = 0.02;

/// Probe-up gain 3/(φ + 2): 1 at φ = 1, → 1.5 as φ → 0.
pub fn p_up(phi: f64) -> f64 {
    3.0 / (phi + 2.0)
}

/// Probe-down gain 3/(φ − 3) + 2: 0.5 at φ = 1, → 1 as φ → 0.
pub fn p_down(phi: f64) -> f64 {
    3.0 / (phi - 3.0) + 2.0
}

pub struct BbrA {
    /// Largest RTT sample seen by this flow.
    t_max: Dur,
    /// T_i / T_max of the latest sample (1 before any).
    phi: f64,
}

impl BbrA {
    pub fn new() -> Self {
        BbrA { t_max: 0, phi: 1.0 }
    }

    pub fn boxed(init: CcInit, params: Option<&serde_json::Value>) -> Result<Box<dyn CongestionControl>, String> {
        let p = BbrParams::parse(&init, params)?;
        Ok(Box::new(Bbr::new(init, &p, BbrA::new())))
    }
}

impl Default for BbrA {
    fn default() -> Self {
        BbrA::new()
    }
}

/// One BDP in packets from the model (no variant scaling, no quantization budget).
fn bdp_packets(s: &State) -> f64 {
    s.min_rtt.map_or(s.init_cwnd as f64, |m| s.bw.get() * m as f64 / 1e9)
}

impl Variant for BbrA {
    fn name(&self) -> &'static str {
        "bbr-a"
    }

    fn extra_metric_names(&self) -> &'static [&'static str] {
        &["phi", "p_up", "p_down"]
    }

    fn extra(&self) -> Vec<f64> {
        vec![self.phi, p_up(self.phi), p_down(self.phi)]
    }

    fn on_ack(&mut self, _s: &State, ack: &AckInfo) {
        if let Some(t) = ack.rtt {
            self.t_max = self.t_max.max(t);
            self.phi = t as f64 / self.t_max as f64;
        }
    }

    fn probe_bw_gain(&self, s: &State, ack: &AckInfo) -> f64 {
        let inflight = ack.in_flight as f64;
        let queue = QUEUE_BDP * bdp_packets(s);
        match s.cycle_idx {
            0 if inflight < queue => p_up(self.phi),
            0 => 1.0,
            1 if inflight > queue || s.last_round_loss_rate > LOSS_THRESH => p_down(self.phi),
            1 => 1.0,
            i => PACING_GAIN_CYCLE[i],
        }
    }
}
