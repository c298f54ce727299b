//! BBR DRAIN: empty the queue STARTUP built, as Linux tcp_bbr.c (`bbr_check_drain`).
//!
//! Model: once the pipe is full, pace at ln2/2 ≈ 0.347 × btl_bw (keeping the STARTUP cwnd
//! gain) until the packets in flight fit one BDP (plus the quantization budget), then start
//! PROBE_BW.

use super::{Bbr, Mode, Variant};
use crate::cc::{AckInfo, CcEvent};

impl<V: Variant> Bbr<V> {
    pub(crate) fn check_drain(&mut self, ack: &AckInfo, events: &mut Vec<CcEvent>) {
        if self.s.mode == Mode::Startup && self.s.full_bw_reached {
            self.set_mode(Mode::Drain, events);
        }
        // Fall through: inflight may already be small enough.
        if self.s.mode == Mode::Drain && ack.in_flight <= self.inflight_target(self.max_bw(), 1.0) {
            self.reset_probe_bw_mode(ack.now, events);
        }
    }
}
