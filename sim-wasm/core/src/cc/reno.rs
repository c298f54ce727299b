//! NewReno congestion control (RFC 5681 §3.1, RFC 6582), as Linux `tcp_reno_cong_avoid`.
//!
//! Model: slow start doubles the window every round (cwnd += acked) until ssthresh; congestion
//! avoidance then adds one packet per window of ACKs (additive increase). A loss found by fast
//! retransmit halves the window (multiplicative decrease, RFC 5681 eq. 4: ssthresh =
//! max(FlightSize/2, 2)); a retransmission timeout also drops cwnd to one packet (RFC 5681
//! §3.1: "LW = 1").
//!
//! ```text
//!   slow start --(cwnd >= ssthresh)--> congestion avoidance
//!        ^  \                              |  fast retransmit
//!        |   `---------- recovery <--------'
//!        `---- RTO (cwnd = 1) from any state
//! ```

use super::{parse_params, AckInfo, CcEvent, CcInit, CcMetrics, CongestionControl};
use crate::engine::time::Time;
use serde::{Deserialize, Serialize};

/// Tunables; none in the RFC, but the lab lets a teacher start with a lower ssthresh.
#[derive(Debug, Clone, Deserialize, Serialize, Default, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RenoParams {
    /// Slow start ends here at the latest; absent = unbounded (RFC 5681: "arbitrarily high").
    #[schemars(title = "Initial ssthresh", extend("x-unit" = "packets", "x-none" = "unbounded"))]
    pub initial_ssthresh: Option<u32>,
}

const STATES: &[&str] = &["slow_start", "congestion_avoidance", "recovery"];
const SLOW_START: u8 = 0;
const CONG_AVOID: u8 = 1;
const RECOVERY: u8 = 2;

/// RFC 5681 eq. 4: the window after a loss never drops below two segments.
const MIN_SSTHRESH: u32 = 2;

pub struct Reno {
    cwnd: u32,
    ssthresh: u32,
    /// ACKed packets counted towards the next +1 in congestion avoidance (Linux `snd_cwnd_cnt`).
    cwnd_cnt: u32,
    state: u8,
}

impl Reno {
    pub fn new(init: &CcInit, params: RenoParams) -> Self {
        Reno {
            cwnd: init.init_cwnd.max(1),
            ssthresh: params.initial_ssthresh.or(init.init_ssthresh).unwrap_or(u32::MAX),
            cwnd_cnt: 0,
            state: SLOW_START,
        }
    }

    pub fn boxed(
        init: CcInit,
        params: Option<&serde_json::Value>,
    ) -> Result<Box<dyn CongestionControl>, String> {
        Ok(Box::new(Reno::new(&init, parse_params(params)?)))
    }

    fn set_state(&mut self, to: u8, events: &mut Vec<CcEvent>) {
        if to != self.state {
            events.push(CcEvent::State { from: STATES[self.state as usize], to: STATES[to as usize] });
            self.state = to;
        }
    }
}

/// Reno's halving, shared with CUBIC's fallback: RFC 5681 eq. 4.
pub fn halve(in_flight: u32) -> u32 {
    (in_flight / 2).max(MIN_SSTHRESH)
}

impl CongestionControl for Reno {
    fn name(&self) -> &'static str {
        "reno"
    }

    fn on_ack(&mut self, ack: &AckInfo, events: &mut Vec<CcEvent>) {
        if ack.in_recovery || ack.acked == 0 {
            // Linux does not grow the window while it is being reduced (tcp_cong_control).
            return;
        }
        let mut acked = ack.acked;
        if self.cwnd < self.ssthresh {
            // RFC 5681 §3.1: cwnd += min(N, SMSS) per ACK, i.e. one packet per packet acked;
            // what is left over once ssthresh is reached goes to congestion avoidance.
            let room = self.ssthresh - self.cwnd;
            let grow = acked.min(room);
            self.cwnd += grow;
            acked -= grow;
            if acked == 0 {
                return;
            }
        }
        self.set_state(CONG_AVOID, events);
        // Additive increase: +1 packet per cwnd packets acked (Linux tcp_cong_avoid_ai).
        self.cwnd_cnt += acked;
        if self.cwnd_cnt >= self.cwnd {
            let inc = self.cwnd_cnt / self.cwnd;
            self.cwnd_cnt -= inc * self.cwnd;
            self.cwnd += inc;
        }
    }

    fn on_enter_recovery(&mut self, _now: Time, in_flight: u32, events: &mut Vec<CcEvent>) {
        self.ssthresh = halve(in_flight);
        self.cwnd = self.ssthresh;
        self.cwnd_cnt = 0;
        self.set_state(RECOVERY, events);
    }

    fn on_exit_recovery(&mut self, _now: Time, events: &mut Vec<CcEvent>) {
        self.set_state(CONG_AVOID, events);
    }

    fn on_rto(&mut self, _now: Time, in_flight: u32, events: &mut Vec<CcEvent>) {
        self.ssthresh = halve(in_flight);
        self.cwnd = 1;
        self.cwnd_cnt = 0;
        self.set_state(SLOW_START, events);
    }

    fn on_rto_same_window(&mut self, _now: Time, _in_flight: u32, events: &mut Vec<CcEvent>) {
        self.cwnd = 1;
        self.cwnd_cnt = 0;
        self.set_state(SLOW_START, events);
    }

    fn limit_cwnd(&mut self, max: u32) {
        self.cwnd = self.cwnd.min(max.max(1));
    }

    fn cwnd(&self) -> u32 {
        self.cwnd
    }

    fn state_names(&self) -> &'static [&'static str] {
        STATES
    }

    fn metrics(&self) -> CcMetrics {
        CcMetrics {
            state: self.state,
            ssthresh: (self.ssthresh != u32::MAX).then_some(self.ssthresh),
            ..CcMetrics::default()
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::cc::RateSample;
    use crate::engine::rng::derive_rng;

    pub(crate) fn init(cwnd: u32) -> CcInit {
        CcInit { mss: 1448, init_cwnd: cwnd, init_ssthresh: None, rng: derive_rng(1, "test", 0), coupling: None, bbr: Default::default() }
    }

    pub(crate) fn ack(now: Time, acked: u32) -> AckInfo {
        AckInfo {
            now,
            mss: 1448,
            acked,
            lost: 0,
            prior_in_flight: 10,
            in_flight: 10,
            delivered: 0,
            lost_total: 0,
            rtt: Some(10_000_000),
            srtt: 10_000_000,
            rate: RateSample::default(),
            in_recovery: false,
            app_limited: false,
        }
    }

    #[test]
    fn slow_start_then_additive_increase() {
        let mut r = Reno::new(&init(10), RenoParams { initial_ssthresh: Some(20) });
        let mut ev = vec![];
        r.on_ack(&ack(0, 10), &mut ev);
        assert_eq!(r.cwnd(), 20, "slow start adds one packet per packet acked");
        // In congestion avoidance 20 acked packets add exactly one.
        for _ in 0..19 {
            r.on_ack(&ack(0, 1), &mut ev);
        }
        assert_eq!(r.cwnd(), 20);
        r.on_ack(&ack(0, 1), &mut ev);
        assert_eq!(r.cwnd(), 21);
        assert_eq!(ev, vec![CcEvent::State { from: "slow_start", to: "congestion_avoidance" }]);
    }

    #[test]
    fn loss_halves_and_timeout_resets() {
        let mut r = Reno::new(&init(10), RenoParams::default());
        let mut ev = vec![];
        r.on_enter_recovery(0, 40, &mut ev);
        assert_eq!((r.cwnd(), r.ssthresh), (20, 20));
        r.on_rto(0, 3, &mut ev);
        assert_eq!((r.cwnd(), r.ssthresh), (1, MIN_SSTHRESH));
    }
}
