//! LIA, the Linked Increases Algorithm: coupled congestion control for MPTCP (RFC 6356).
//!
//! Model: each subflow i runs Reno's slow start and loss response on its own window cwnd_i,
//! but in congestion avoidance its increase is coupled to the other subflows of the same
//! connection so that the connection as a whole takes no more than one TCP flow would on
//! the best of its paths (RFC 6356 §3):
//! ```text
//!   alpha = cwnd_total · max_i(cwnd_i / rtt_i²) / (Σ_i cwnd_i / rtt_i)²
//!   per ACK of `acked` packets on subflow i:
//!       cwnd_i += min(alpha · acked / cwnd_total, acked / cwnd_i)      (in packets)
//!   loss on subflow i:  cwnd_i = max(flight_i / 2, 2)        RTO: cwnd_i = 1
//! ```
//! (RFC 6356 states the increase in bytes, `min(alpha·bytes_acked·MSS/cwnd_total,
//! bytes_acked·MSS/cwnd_i)`; with windows counted in MSS-sized packets it is the line above.)
//! α is recomputed on every ACK, which is also what the ns-3 MPTCP model's
//! "RTT_compensator" does (docs/spec/ALGORITHMS.md §2.1).
//!
//! The subflows of one connection share a [`LiaGroup`] through which each publishes its
//! window and smoothed RTT. A single-subflow group has α = 1 and behaves exactly like Reno,
//! which is what `"cc": "lia"` on a plain TCP flow gives.

use super::reno::halve;
use super::{parse_params, AckInfo, CcEvent, CcInit, CcMetrics, CongestionControl};
use crate::engine::time::{Dur, Time};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Deserialize, Serialize, Default, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LiaParams {
    /// Slow start ends here at the latest; absent = unbounded, as Reno.
    #[schemars(title = "Initial ssthresh", extend("x-unit" = "packets", "x-none" = "unbounded"))]
    pub initial_ssthresh: Option<u32>,
}

const STATES: &[&str] = &["slow_start", "congestion_avoidance", "recovery"];
const SLOW_START: u8 = 0;
const CONG_AVOID: u8 = 1;
const RECOVERY: u8 = 2;

use super::{Coupling, SharedCoupledGroup};

/// RFC 6356 §3's α over (cwnd, rtt) pairs. Subflows without an RTT sample count towards
/// cwnd_total but not the RTT terms; with no RTT at all α = 1 (Reno).
pub fn alpha(members: &[(u32, Dur)]) -> f64 {
    let total: f64 = members.iter().map(|m| m.0 as f64).sum();
    let mut best = 0.0f64;
    let mut sum = 0.0f64;
    for &(cwnd, rtt) in members {
        if rtt == 0 {
            continue;
        }
        let (c, r) = (cwnd as f64, rtt as f64 / 1e9);
        best = best.max(c / (r * r));
        sum += c / r;
    }
    if sum > 0.0 { total * best / (sum * sum) } else { 1.0 }
}

pub struct Lia {
    cwnd: u32,
    ssthresh: u32,
    /// Fractional packets of increase not yet added (the byte-accurate increase, kept exact).
    pending: f64,
    state: u8,
    group: SharedCoupledGroup,
    me: usize,
    last_alpha: f64,
}

impl Lia {
    /// Subflow `me` of a connection whose subflows share `group`.
    pub fn coupled(init: &CcInit, params: LiaParams, group: SharedCoupledGroup, me: usize) -> Self {
        let cwnd = init.init_cwnd.max(1);
        {
            let mut g = group.borrow_mut();
            if g.members.len() <= me {
                g.members.resize(me + 1, (0, 0));
            }
            g.members[me] = (cwnd, 0);
        }
        Lia {
            cwnd,
            ssthresh: params.initial_ssthresh.or(init.init_ssthresh).unwrap_or(u32::MAX),
            pending: 0.0,
            state: SLOW_START,
            group,
            me,
            last_alpha: 1.0,
        }
    }

    /// Coupled over the connection's subflows when `init.coupling` names them; alone (Reno's
    /// increase, α = 1) on a single-path flow.
    pub fn boxed(init: CcInit, params: Option<&serde_json::Value>) -> Result<Box<dyn CongestionControl>, String> {
        let p: LiaParams = parse_params(params)?;
        let Coupling { group, me } = init.coupling.clone().unwrap_or_default();
        Ok(Box::new(Lia::coupled(&init, p, group, me)))
    }

    fn set_state(&mut self, to: u8, events: &mut Vec<CcEvent>) {
        if to != self.state {
            events.push(CcEvent::State { from: STATES[self.state as usize], to: STATES[to as usize] });
            self.state = to;
        }
    }

    fn publish(&self, srtt: Option<Dur>) {
        let mut g = self.group.borrow_mut();
        let m = &mut g.members[self.me];
        m.0 = self.cwnd;
        if let Some(r) = srtt {
            m.1 = r;
        }
    }
}

impl CongestionControl for Lia {
    fn name(&self) -> &'static str {
        "lia"
    }

    fn on_ack(&mut self, ack: &AckInfo, events: &mut Vec<CcEvent>) {
        self.publish((ack.srtt > 0).then_some(ack.srtt));
        if ack.in_recovery || ack.acked == 0 {
            return;
        }
        let mut acked = ack.acked;
        if self.cwnd < self.ssthresh {
            // RFC 6356 §3 couples only congestion avoidance; slow start is Reno's.
            let grow = acked.min(self.ssthresh - self.cwnd);
            self.cwnd += grow;
            acked -= grow;
            if acked == 0 {
                self.publish(None);
                return;
            }
        }
        self.set_state(CONG_AVOID, events);
        let (a, total) = {
            let g = self.group.borrow();
            (alpha(&g.members), g.members.iter().map(|m| m.0 as f64).sum::<f64>().max(1.0))
        };
        self.last_alpha = a;
        let acked = acked as f64;
        self.pending += (a * acked / total).min(acked / self.cwnd as f64);
        if self.pending >= 1.0 {
            let inc = self.pending.floor();
            self.pending -= inc;
            self.cwnd += inc as u32;
        }
        self.publish(None);
    }

    fn on_enter_recovery(&mut self, _now: Time, in_flight: u32, events: &mut Vec<CcEvent>) {
        self.ssthresh = halve(in_flight);
        self.cwnd = self.ssthresh;
        self.pending = 0.0;
        self.set_state(RECOVERY, events);
        self.publish(None);
    }

    fn on_exit_recovery(&mut self, _now: Time, events: &mut Vec<CcEvent>) {
        self.set_state(CONG_AVOID, events);
    }

    fn on_rto(&mut self, _now: Time, in_flight: u32, events: &mut Vec<CcEvent>) {
        self.ssthresh = halve(in_flight);
        self.cwnd = 1;
        self.pending = 0.0;
        self.set_state(SLOW_START, events);
        self.publish(None);
    }

    fn on_rto_same_window(&mut self, _now: Time, _in_flight: u32, events: &mut Vec<CcEvent>) {
        self.cwnd = 1;
        self.pending = 0.0;
        self.set_state(SLOW_START, events);
        self.publish(None);
    }

    fn limit_cwnd(&mut self, max: u32) {
        self.cwnd = self.cwnd.min(max.max(1));
        self.publish(None);
    }

    fn cwnd(&self) -> u32 {
        self.cwnd
    }

    fn state_names(&self) -> &'static [&'static str] {
        STATES
    }

    fn extra_metric_names(&self) -> &'static [&'static str] {
        &["alpha"]
    }

    fn metrics(&self) -> CcMetrics {
        CcMetrics {
            state: self.state,
            ssthresh: (self.ssthresh != u32::MAX).then_some(self.ssthresh),
            extra: vec![self.last_alpha],
            ..CcMetrics::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cc::reno::tests::{ack, init};
    use crate::cc::reno::{Reno, RenoParams};

    const MS: Dur = 1_000_000;

    #[test]
    fn alpha_matches_rfc6356() {
        // One subflow: alpha = c·(c/r²)/(c/r)² = 1.
        assert!((alpha(&[(17, 30 * MS)]) - 1.0).abs() < 1e-12);
        // Two equal subflows: alpha = 2c·(c/r²)/(2c/r)² = 1/2 — together as aggressive as one.
        assert!((alpha(&[(10, 20 * MS), (10, 20 * MS)]) - 0.5).abs() < 1e-12);
        // Unequal: computed by hand, total 30, max(10/0.01², 20/0.04²) = 100000,
        // Σ = 10/0.01 + 20/0.04 = 1500 → 30·100000/1500² = 1.3333…
        let a = alpha(&[(10, 10 * MS), (20, 40 * MS)]);
        assert!((a - 30.0 * 100_000.0 / 2_250_000.0).abs() < 1e-9, "{a}");
        // No RTT yet: Reno.
        assert_eq!(alpha(&[(10, 0), (10, 0)]), 1.0);
    }

    #[test]
    fn single_subflow_lia_grows_like_reno() {
        let mut lia = Lia::boxed(init(10), Some(&serde_json::json!({"initial_ssthresh": 12}))).unwrap();
        let mut reno = Reno::new(&init(10), RenoParams { initial_ssthresh: Some(12) });
        let mut ev = vec![];
        for i in 0..400 {
            lia.on_ack(&ack(i, 1 + (i % 3) as u32), &mut ev);
            reno.on_ack(&ack(i, 1 + (i % 3) as u32), &mut ev);
            // Reno counts ACKs towards the next +1 (Linux tcp_cong_avoid_ai), LIA adds the
            // exact fraction acked/cwnd: the two differ only in rounding.
            assert!(lia.cwnd().abs_diff(reno.cwnd()) <= 1, "ack {i}: {} vs {}", lia.cwnd(), reno.cwnd());
        }
    }

    #[test]
    fn coupled_subflows_grow_slower_than_one_reno_each() {
        let group: SharedCoupledGroup = Default::default();
        let p = || LiaParams { initial_ssthresh: Some(10) };
        let mut a = Lia::coupled(&init(10), p(), group.clone(), 0);
        let mut b = Lia::coupled(&init(10), p(), group.clone(), 1);
        let mut ev = vec![];
        // Both in congestion avoidance at 10 packets, same RTT: α = 1/2, so each grows by
        // min(0.5·acked/20, acked/10) = acked/40 per ACK: one window of ACKs (10) adds 1/4.
        for i in 0..42 {
            a.on_ack(&ack(i, 1), &mut ev);
            b.on_ack(&ack(i, 1), &mut ev);
        }
        assert_eq!(a.cwnd(), 11, "42 ACKs × 1/40 ≈ +1 (Reno would add 4)");
        assert_eq!(b.cwnd(), 11);
        assert!((a.metrics().extra[0] - 0.5).abs() < 0.05);
        a.on_enter_recovery(0, 11, &mut ev);
        assert_eq!(a.cwnd(), 5, "loss halves the subflow's window");
        assert_eq!(group.borrow().members[0].0, 5, "and the group sees it");
    }
}
