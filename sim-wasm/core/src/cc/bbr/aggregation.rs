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
//!
//! ns-3's TcpBbr (`tcp.bbr: "ns3"`, model.rs), which the BBR-A paper ran, has the same rule
//! (src/internet/model/tcp-bbr.cc `TcpBbr::UpdateAckAggregation`, `TcpBbr::AckAggregationCwnd`;
//! `m_extraAckedGain` = 1), counted in bytes, with two differences in its epoch ([`Epoch`]) that
//! keep the allowance small:
//! - The epoch's age is stored in a `uint32_t` of seconds (`epochProp`), so `expected` is 0 for
//!   any epoch under a second old, and every byte acknowledged in it counts as extra.
//! - The epoch restarts once the bytes acknowledged in it would reach the attribute
//!   `AckEpochAckedResetThresh`, 1 << 12 = 4096 bytes (the header's initialiser says 1 << 17;
//!   the attribute's default overrides it at construction). An ACK that would take the count
//!   to 4096 or more starts a new epoch holding that ACK alone. So `extra` never exceeds
//!   max(4095 bytes, the largest single ACK): with 1448-byte segments and ACKs of one or two
//!   segments, 2896 bytes = 2 segments; one ACK of k ≥ 3 segments gives k.
//!
//! The filter and the caps are the same in both (ns-3's `maxAggrBytes` = bit rate / 80 is
//! 100 ms at the estimate). Like Linux, the caller skips ACKs without a valid rate sample (ns-3
//! skips only those with no sample at all, `rs.m_delivered < 0`; the allowance is the same
//! within a segment).

use crate::engine::time::{Dur, Time, NS_PER_S};

/// Rounds per half of the max filter (`bbr_extra_acked_win_rtts`).
const WIN_RTTS: u32 = 5;
/// Cap of the allowance in time at the bandwidth estimate (`bbr_extra_acked_max_us`).
const MAX_ALLOWANCE: Dur = 100_000_000;
/// ns-3's epoch restarts when its acknowledged bytes would reach this
/// (`AckEpochAckedResetThresh`).
pub const NS3_EPOCH_RESET_BYTES: u64 = 1 << 12;

/// How an implementation keeps its ACK epoch (module header).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Epoch {
    /// What one packet counts as: 1 in Linux, which counts packets; the segment size in
    /// ns-3, which counts bytes.
    unit: u64,
    /// ns-3: the epoch's age in whole seconds.
    whole_seconds: bool,
    /// The epoch restarts when the units acknowledged in it would reach this.
    reset_at: u64,
    /// The count saturates here (Linux's `ack_epoch_acked` is a 20-bit field).
    saturate_at: u64,
}

impl Epoch {
    /// Linux: packets, the exact clock, `bbr_ack_epoch_acked_reset_thresh` = 2²⁰.
    pub const LINUX: Epoch = Epoch { unit: 1, whole_seconds: false, reset_at: 1 << 20, saturate_at: 0xFFFFF };

    /// ns-3: bytes of `mss`-byte segments, whole seconds, a reset at 4096 bytes.
    pub fn ns3(mss: u32) -> Epoch {
        Epoch { unit: mss.max(1) as u64, whole_seconds: true, reset_at: NS3_EPOCH_RESET_BYTES, saturate_at: u64::MAX }
    }
}

#[derive(Debug, Clone)]
pub struct AckAggregation {
    /// Off: `cc_params.extra_acked: false`.
    enabled: bool,
    epoch_rule: Epoch,
    win_rtts: u32,
    win_idx: usize,
    /// The two halves of the max filter, in the epoch's units.
    extra: [u64; 2],
    epoch_start: Time,
    epoch_acked: u64,
}

impl AckAggregation {
    pub fn new(enabled: bool, epoch_rule: Epoch) -> Self {
        AckAggregation { enabled, epoch_rule, win_rtts: 0, win_idx: 0, extra: [0; 2], epoch_start: 0, epoch_acked: 0 }
    }

    /// The epoch rule in use (what the model's tests check).
    #[cfg(test)]
    pub(crate) fn epoch_rule(&self) -> Epoch {
        self.epoch_rule
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
        let rule = self.epoch_rule;
        let (acked, bw) = (acked * rule.unit, bw * rule.unit as f64);
        let elapsed = now.saturating_sub(self.epoch_start);
        let mut expected = if rule.whole_seconds {
            // ns-3's `epochProp` is a uint32_t: the seconds since the epoch began, truncated.
            (bw * (elapsed / NS_PER_S) as f64) as u64
        } else {
            (bw * elapsed as f64 / NS_PER_S as f64) as u64
        };
        if self.epoch_acked <= expected || self.epoch_acked + acked >= rule.reset_at {
            self.epoch_acked = 0;
            self.epoch_start = now;
            expected = 0;
        }
        self.epoch_acked = (self.epoch_acked + acked).min(rule.saturate_at);
        let extra = self.epoch_acked.saturating_sub(expected).min(cwnd as u64 * rule.unit);
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
        let unit = self.epoch_rule.unit;
        let cap = (bw * unit as f64 * MAX_ALLOWANCE as f64 / NS_PER_S as f64) as u64;
        (self.extra[0].max(self.extra[1]).min(cap) / unit).min(u32::MAX as u64) as u32
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
        let mut smooth = AckAggregation::new(true, Epoch::LINUX);
        let mut t = 0;
        for _ in 0..100 {
            t += 4 * NS_PER_MS;
            smooth.on_ack(4, t, bw, false, 100);
        }
        assert!(smooth.allowance(bw, true) <= 4, "smooth ACKs: at most one ACK's worth, {}", smooth.allowance(bw, true));

        let mut bursty = AckAggregation::new(true, Epoch::LINUX);
        let mut t = 0;
        for _ in 0..50 {
            t += 8 * NS_PER_MS;
            bursty.on_ack(4, t, bw, false, 100);
            bursty.on_ack(4, t, bw, false, 100);
        }
        assert_eq!(bursty.allowance(bw, true), 8, "two 4-packet ACKs at once after an 8 ms gap: the second is all extra beyond the first's epoch");
        assert_eq!(bursty.allowance(bw, false), 0, "nothing before the pipe is full");
        assert_eq!(AckAggregation::new(false, Epoch::LINUX).allowance(bw, true), 0);
    }

    /// The allowance is capped by the window and by 100 ms at the bandwidth estimate.
    #[test]
    fn the_allowance_is_capped() {
        let mut a = AckAggregation::new(true, Epoch::LINUX);
        a.on_ack(1, 0, 1000.0, false, 500);
        a.on_ack(400, 1, 1000.0, false, 500);
        assert_eq!(a.allowance(1000.0, true), 100, "100 ms at 1 000 packets/s");
        let mut b = AckAggregation::new(true, Epoch::LINUX);
        b.on_ack(1, 0, 1e6, false, 30);
        b.on_ack(400, 1, 1e6, false, 30);
        assert_eq!(b.allowance(1e6, true), 30, "at most cwnd");
    }

    /// The max filter forgets a burst after 5–10 rounds.
    #[test]
    fn old_bursts_age_out_after_two_windows_of_five_rounds() {
        let mut a = AckAggregation::new(true, Epoch::LINUX);
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

    /// A burst of ten 2-segment (delayed) ACKs every 20 ms at 1 000 packets/s: on average
    /// exactly the bandwidth, but bunched. Linux's epoch restarts at each burst (the 20 packets
    /// before it were no more than the 20 expected) and counts the whole burst as extra: 20
    /// packets. ns-3's restarts whenever 2896 + 2896 bytes would pass 4096: never more than
    /// one ACK's 2896 bytes = 2 segments.
    #[test]
    fn bursts_that_grow_linux_allowance_stay_under_the_epoch_cap_in_ns3() {
        let (bw, mss) = (1000.0, 1448);
        let mut linux = AckAggregation::new(true, Epoch::LINUX);
        let mut ns3 = AckAggregation::new(true, Epoch::ns3(mss));
        let mut t = 0;
        for _ in 0..50 {
            t += 20 * NS_PER_MS;
            for _ in 0..10 {
                linux.on_ack(2, t, bw, false, 100);
                ns3.on_ack(2, t, bw, false, 100);
            }
        }
        assert_eq!(linux.allowance(bw, true), 20, "Linux: the whole burst");
        assert_eq!(ns3.allowance(bw, true), 2, "ns-3: one 2896-byte ACK, under the 4096-byte cap");
        assert!(ns3.extra[0].max(ns3.extra[1]) < NS3_EPOCH_RESET_BYTES);
        assert_eq!(ns3.allowance(bw, false), 0, "nothing before the pipe is full");
        assert_eq!(AckAggregation::new(false, Epoch::ns3(mss)).allowance(bw, true), 0);
    }

    /// The whole-second clock: one segment ACKed every millisecond at 1 000 packets/s is exactly
    /// the bandwidth, so Linux's extra stays at one ACK. ns-3 expects nothing in an epoch's first
    /// second, so it counts 1448, 2896 and restarts at the third segment (4344 ≥ 4096): 2.
    #[test]
    fn ns3_expects_nothing_in_an_epochs_first_second() {
        let (bw, mss) = (1000.0, 1448);
        let mut linux = AckAggregation::new(true, Epoch::LINUX);
        let mut ns3 = AckAggregation::new(true, Epoch::ns3(mss));
        for i in 1..=500 {
            linux.on_ack(1, i * NS_PER_MS, bw, false, 100);
            ns3.on_ack(1, i * NS_PER_MS, bw, false, 100);
        }
        assert!(linux.allowance(bw, true) <= 1, "Linux: {}", linux.allowance(bw, true));
        assert_eq!(ns3.allowance(bw, true), 2);
    }

    /// One ACK bigger than the cap starts an epoch that holds it alone: a 5-segment stretch
    /// ACK counts 7240 bytes = 5 segments. The window and 100 ms at the estimate cap it.
    #[test]
    fn a_single_large_ack_passes_the_epoch_cap_and_the_window_caps_it() {
        let mut a = AckAggregation::new(true, Epoch::ns3(1448));
        a.on_ack(1, 0, 1000.0, false, 100);
        a.on_ack(5, NS_PER_MS, 1000.0, false, 100);
        assert_eq!(a.allowance(1000.0, true), 5);
        let mut b = AckAggregation::new(true, Epoch::ns3(1448));
        b.on_ack(40, 0, 1000.0, false, 30);
        assert_eq!(b.allowance(1000.0, true), 30, "at most cwnd");
        let mut c = AckAggregation::new(true, Epoch::ns3(1448));
        c.on_ack(40, 0, 100.0, false, 100);
        assert_eq!(c.allowance(100.0, true), 10, "at most 100 ms at 100 packets/s");
    }

    /// After a second without a restart, ns-3 expects a second's worth: ACKs slower than the
    /// estimate then restart the epoch as Linux's do.
    #[test]
    fn an_epoch_a_second_old_expects_a_second_of_data() {
        let mut a = AckAggregation::new(true, Epoch::ns3(1448));
        a.on_ack(1, 0, 1.0, false, 100); // 1 packet/s: 1448 bytes expected per second
        a.on_ack(1, 1500 * NS_PER_MS, 1.0, false, 100);
        // 1.5 s later: epoch_s = 1, expected 1448 ≥ the 1448 acked: a new epoch with 1 segment.
        assert_eq!(a.epoch_start, 1500 * NS_PER_MS);
        assert_eq!(a.epoch_acked, 1448);
    }
}
