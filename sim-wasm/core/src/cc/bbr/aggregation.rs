//! ACK-aggregation allowance (Linux tcp_bbr.c `bbr_update_ack_aggregation`,
//! `bbr_ack_aggregation_cwnd`; `bbr_extra_acked_gain` = 1 since Linux 4.19).
//!
//! BBR's window is 2 × bandwidth × min RTT, which is only enough if ACKs arrive as smoothly as
//! the data left. When they come in bursts — a receiver's delayed ACKs (one per two segments or
//! per 40 ms), ACKs queued behind one another, a flow's packets interleaved with another's in a
//! FIFO — the sender would run out of window in the silences. So BBR measures how much more was
//! acknowledged than the bandwidth estimate predicts over an "ACK epoch":
//!
//! ```text
//!   expected  = bw × (now − epoch start)
//!   extra     = acked since epoch start − expected   (≤ cwnd)
//!   allowance = max extra over the last 5–10 rounds  (≤ bw × 100 ms)
//!   target cwnd = 2 × BDP + allowance  (then the quantization budget)
//! ```
//! The epoch restarts whenever ACKs arrive no faster than expected (so `extra` is the excess
//! of one burst), and the max filter keeps two windows of 5 rounds (`bbr_extra_acked_win_rtts`).
//! The allowance only counts once the pipe is full (STARTUP sizes its window otherwise).

use crate::engine::time::{Dur, Time, NS_PER_S};

/// Rounds per half of the max filter (`bbr_extra_acked_win_rtts`).
const WIN_RTTS: u32 = 5;
/// Cap of the allowance in time at the bandwidth estimate (`bbr_extra_acked_max_us`).
const MAX_ALLOWANCE: Dur = 100_000_000;
/// An epoch this old in packets restarts (`bbr_ack_epoch_acked_reset_thresh` = 2²⁰).
const EPOCH_RESET: u64 = 1 << 20;

#[derive(Debug, Clone, Default)]
pub struct AckAggregation {
    /// Off: `cc_params.extra_acked: false`. (ns-3's TcpBbr has its own rule, ns3_aggregation.rs.)
    enabled: bool,
    win_rtts: u32,
    win_idx: usize,
    /// The two halves of the max filter, in packets.
    extra: [u64; 2],
    epoch_start: Time,
    epoch_acked: u64,
}

impl AckAggregation {
    pub fn new(enabled: bool) -> Self {
        AckAggregation { enabled, ..Self::default() }
    }

    /// One ACK that delivered `acked` packets at `now` (the latest delivery time), with
    /// bandwidth estimate `bw` packets/s; `round_start`: this ACK began a new round; `cwnd` the
    /// current window. (Linux skips ACKs without a valid rate sample; so does the caller.)
    pub fn on_ack(&mut self, acked: u64, now: Time, bw: f64, round_start: bool, cwnd: u32) {
        if !self.enabled || acked == 0 {
            return;
        }
        if round_start {
            self.win_rtts = (self.win_rtts + 1).min(0x1F);
            if self.win_rtts >= WIN_RTTS {
                self.win_rtts = 0;
                self.win_idx ^= 1;
                self.extra[self.win_idx] = 0;
            }
        }
        let epoch = now.saturating_sub(self.epoch_start);
        let mut expected = (bw * epoch as f64 / NS_PER_S as f64) as u64;
        if self.epoch_acked <= expected || self.epoch_acked + acked >= EPOCH_RESET {
            self.epoch_acked = 0;
            self.epoch_start = now;
            expected = 0;
        }
        self.epoch_acked = (self.epoch_acked + acked).min(0xFFFFF);
        let extra = (self.epoch_acked - expected.min(self.epoch_acked)).min(cwnd as u64);
        if extra > self.extra[self.win_idx] {
            self.extra[self.win_idx] = extra;
        }
    }

    /// Packets to add to the window's target (`bbr_ack_aggregation_cwnd`), at bandwidth `bw`
    /// packets/s, once the pipe is full.
    pub fn allowance(&self, bw: f64, full_bw_reached: bool) -> u32 {
        if !self.enabled || !full_bw_reached {
            return 0;
        }
        let cap = (bw * MAX_ALLOWANCE as f64 / NS_PER_S as f64) as u64;
        self.extra[0].max(self.extra[1]).min(cap).min(u32::MAX as u64) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::time::NS_PER_MS;

    /// A receiver that ACKs every 4 ms what the bandwidth delivers in 4 ms (1 000 packets/s):
    /// nothing beyond one ACK's worth. The same data ACKed as two 4-packet ACKs at once every
    /// 8 ms: each burst starts an epoch (what came before was no more than expected), and
    /// within it 8 packets arrive where 0 were expected: an allowance of 8.
    #[test]
    fn bursts_of_acks_beyond_the_bandwidth_give_an_allowance() {
        let bw = 1000.0;
        let mut smooth = AckAggregation::new(true);
        let mut t = 0;
        for _ in 0..100 {
            t += 4 * NS_PER_MS;
            smooth.on_ack(4, t, bw, false, 100);
        }
        assert!(smooth.allowance(bw, true) <= 4, "smooth ACKs: at most one ACK's worth, {}", smooth.allowance(bw, true));

        let mut bursty = AckAggregation::new(true);
        let mut t = 0;
        for _ in 0..50 {
            t += 8 * NS_PER_MS;
            bursty.on_ack(4, t, bw, false, 100);
            bursty.on_ack(4, t, bw, false, 100);
        }
        assert_eq!(bursty.allowance(bw, true), 8, "two 4-packet ACKs at once after an 8 ms gap: the second is all extra beyond the first's epoch");
        assert_eq!(bursty.allowance(bw, false), 0, "nothing before the pipe is full");
        assert_eq!(AckAggregation::new(false).allowance(bw, true), 0);
    }

    /// The allowance is capped by the window and by 100 ms at the bandwidth estimate.
    #[test]
    fn the_allowance_is_capped() {
        let mut a = AckAggregation::new(true);
        a.on_ack(1, 0, 1000.0, false, 500);
        a.on_ack(400, 1, 1000.0, false, 500);
        assert_eq!(a.allowance(1000.0, true), 100, "100 ms at 1 000 packets/s");
        let mut b = AckAggregation::new(true);
        b.on_ack(1, 0, 1e6, false, 30);
        b.on_ack(400, 1, 1e6, false, 30);
        assert_eq!(b.allowance(1e6, true), 30, "at most cwnd");
    }

    /// The max filter forgets a burst after 5–10 rounds.
    #[test]
    fn old_bursts_age_out_after_two_windows_of_five_rounds() {
        let mut a = AckAggregation::new(true);
        a.on_ack(1, 0, 1000.0, false, 100);
        a.on_ack(40, 1, 1000.0, false, 100);
        assert_eq!(a.allowance(1000.0, true), 41);
        // Then ACKs at half the estimate: the epoch drains, restarts, and two windows of five
        // rounds later the burst is gone from the filter.
        let mut t = 1;
        for _ in 0..20 {
            t += 10 * NS_PER_MS;
            a.on_ack(5, t, 1000.0, true, 100);
        }
        assert_eq!(a.allowance(1000.0, true), 5, "the 41-packet burst is forgotten");
    }
}
