//! BBR STARTUP: find the bottleneck bandwidth fast, as Linux tcp_bbr.c
//! (`bbr_check_full_bw_reached`, `bbr_reset_startup_mode`).
//!
//! Model: pace and size the window at 2/ln2 × the estimate, which doubles the delivery rate
//! every round like slow start. The pipe is full once three consecutive non-app-limited round
//! starts saw btl_bw grow by less than 25 % over the last plateau `full_bw`.

use super::{Bbr, Variant, FULL_BW_COUNT, FULL_BW_THRESH};
use crate::cc::AckInfo;

impl<V: Variant> Bbr<V> {
    /// Full-pipe detection, once per round.
    pub(crate) fn check_full_bw_reached(&mut self, ack: &AckInfo) {
        if self.s.full_bw_reached || !self.s.round_start || self.app_limited(ack) {
            return;
        }
        let max_bw = self.max_bw();
        if max_bw >= self.s.full_bw * FULL_BW_THRESH {
            // Still growing: remember the new plateau and start counting again.
            self.s.full_bw = max_bw;
            self.s.full_bw_count = 0;
            return;
        }
        self.s.full_bw_count += 1;
        self.s.full_bw_reached = self.s.full_bw_count >= FULL_BW_COUNT;
    }
}
