//! BBR PROBE_BW: cruise at the estimate and probe for more, as Linux tcp_bbr.c
//! (`bbr_update_cycle_phase`, `bbr_is_next_cycle_phase`, `bbr_reset_probe_bw_mode`).
//!
//! Model: an 8-phase pacing-gain cycle [1.25, 0.75, 1, 1, 1, 1, 1, 1], each phase about one
//! min_rtt. The 1.25 phase probes for bandwidth (it lasts until inflight reaches 1.25 BDP or a
//! loss), the 0.75 phase drains what the probe queued (it ends early once inflight ≤ BDP),
//! the six 1.0 phases cruise. A flow enters the cycle at a random phase other than 0.75, so
//! flows that start together do not probe in lock-step.

use super::{Bbr, Mode, Variant, CWND_GAIN};
use crate::cc::{AckInfo, CcEvent};
use crate::engine::time::Time;
use rand::Rng;

/// Phases per cycle (`CYCLE_LEN`).
pub const CYCLE_LEN: usize = 8;
/// Linux `bbr_pacing_gain`: probe at 5/4, drain at 3/4, cruise at 1 for six phases, so the
/// average gain is exactly 1.
pub const PACING_GAIN_CYCLE: [f64; CYCLE_LEN] = [1.25, 0.75, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0];
/// The start phase is drawn among this many phases (`bbr_cycle_rand`): all but the 0.75 one.
const CYCLE_RAND: usize = 7;

impl<V: Variant> Bbr<V> {
    /// Enter PROBE_BW at a random phase other than the draining 0.75 one.
    pub(crate) fn reset_probe_bw_mode(&mut self, now: Time, events: &mut Vec<CcEvent>) {
        self.set_mode(Mode::ProbeBw, events);
        self.s.cwnd_gain = CWND_GAIN;
        // Linux: idx = CYCLE_LEN − 1 − rand(0..7), then advance by one, so the phase entered is
        // one of {2, …, 7, 0}: never 1, the 0.75 phase (draining right after DRAIN or
        // PROBE_RTT would waste a round).
        let r = self.s.rng.random_range(0..CYCLE_RAND);
        self.s.cycle_idx = CYCLE_LEN - 1 - r;
        self.advance_cycle_phase(now, None, events);
    }

    /// Next phase of the cycle; announce its gain.
    pub(crate) fn advance_cycle_phase(&mut self, now: Time, ack: Option<&AckInfo>, events: &mut Vec<CcEvent>) {
        self.s.cycle_idx = (self.s.cycle_idx + 1) % CYCLE_LEN;
        self.s.cycle_stamp = now;
        self.s.gain_hold = None;
        self.s.pacing_gain = self.cycle_gain(ack);
        events.push(CcEvent::Gain { phase: self.s.cycle_idx as u8, pacing_gain: self.s.pacing_gain });
    }

    /// The pacing gain of the current cycle phase: the variant's gain (the plain cycle before
    /// an ACK is at hand), or 1 while the long-term rate is in use — probing is what loses the
    /// packets then (Linux `bbr_update_gains`).
    pub(crate) fn cycle_gain(&self, ack: Option<&AckInfo>) -> f64 {
        match ack {
            _ if self.s.lt.use_bw => 1.0,
            Some(a) => self.v.probe_bw_gain(&self.s, a),
            None => PACING_GAIN_CYCLE[self.s.cycle_idx],
        }
    }

    pub(crate) fn update_cycle_phase(&mut self, ack: &AckInfo, events: &mut Vec<CcEvent>) {
        if self.s.mode == Mode::ProbeBw && self.is_next_cycle_phase(ack) {
            self.advance_cycle_phase(ack.now, Some(ack), events);
        }
    }

    /// Whether the current phase is over.
    fn is_next_cycle_phase(&self, ack: &AckInfo) -> bool {
        let full_length = ack.now.saturating_sub(self.s.cycle_stamp) > self.v.phase_length(&self.s);
        let gain = self.s.pacing_gain;
        if gain == 1.0 {
            // Cruising: just wall-clock time.
            return full_length;
        }
        let inflight = ack.prior_in_flight;
        let bw = self.max_bw();
        if gain > 1.0 {
            // Probing: raise inflight to gain × BDP, which may take more than min_rtt on a
            // short path; give up on a loss (the buffer may not hold that much).
            return full_length && (ack.lost > 0 || inflight >= self.inflight_target(bw, gain));
        }
        // Draining: stop as soon as the queue the probe built is gone.
        full_length || inflight <= self.inflight_target(bw, 1.0)
    }
}
