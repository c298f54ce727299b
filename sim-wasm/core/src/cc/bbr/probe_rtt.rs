//! BBR PROBE_RTT: re-measure the propagation delay, as Linux tcp_bbr.c
//! (`bbr_update_min_rtt`, `bbr_check_probe_rtt_done`).
//!
//! Model: min_rtt is the lowest RTT sample of the last 10 s. When 10 s pass without a sample
//! at or below it, the flow drops its window to 4 packets (so that the queue it is
//! responsible for drains) for max(200 ms, one round) after inflight first reaches that
//! window, takes the RTT it sees there as min_rtt, restores its window and returns to
//! PROBE_BW (or STARTUP if the pipe was never full).

use super::{Bbr, Mode, Variant, MIN_RTT_WINDOW, PROBE_RTT_DURATION};
use crate::cc::{AckInfo, CcEvent};
use crate::engine::time::Time;

impl<V: Variant> Bbr<V> {
    pub(crate) fn update_min_rtt(&mut self, ack: &AckInfo, events: &mut Vec<CcEvent>) {
        let now = ack.now;
        let expired = now > self.s.min_rtt_stamp + MIN_RTT_WINDOW;
        if let Some(rtt) = ack.rtt {
            if self.s.min_rtt.is_none_or(|m| rtt < m) || expired {
                self.s.min_rtt = Some(rtt);
                self.s.min_rtt_stamp = now;
            }
        }
        if expired && !self.s.idle_restart && self.s.mode != Mode::ProbeRtt {
            self.s.probe_rtt_cwnd = self.v.on_enter_probe_rtt(&self.s);
            self.set_mode(Mode::ProbeRtt, events);
            self.s.save_cwnd();
            self.s.probe_rtt_done_stamp = None;
        }
        if self.s.mode == Mode::ProbeRtt {
            // Samples taken now measure the small window, not the path: mark them app-limited
            // (Linux sets tp->app_limited).
            self.s.probe_rtt_app_limited_until = (ack.delivered + ack.in_flight as u64).max(1);
            match self.s.probe_rtt_done_stamp {
                None if ack.in_flight <= self.s.probe_rtt_cwnd => {
                    // Inflight is down: hold it for 200 ms and at least one full round.
                    self.s.probe_rtt_done_stamp = Some(now + PROBE_RTT_DURATION);
                    self.s.probe_rtt_round_done = false;
                    self.s.next_round_delivered = ack.delivered;
                }
                Some(_) => {
                    if self.s.round_start {
                        self.s.probe_rtt_round_done = true;
                    }
                    if self.s.probe_rtt_round_done {
                        self.check_probe_rtt_done(now, events);
                    }
                }
                None => {}
            }
        }
        if ack.rate.delivered > 0 {
            self.s.idle_restart = false;
        }
    }

    pub(crate) fn check_probe_rtt_done(&mut self, now: Time, events: &mut Vec<CcEvent>) {
        let Some(done) = self.s.probe_rtt_done_stamp else { return };
        if now <= done {
            return;
        }
        // The RTT just seen is fresh: no new PROBE_RTT for another 10 s.
        self.s.min_rtt_stamp = now;
        self.s.cwnd = self.s.cwnd.max(self.s.prior_cwnd);
        if self.s.full_bw_reached {
            self.reset_probe_bw_mode(now, events);
        } else {
            self.set_mode(Mode::Startup, events);
        }
    }
}
