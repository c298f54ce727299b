//! ns-3's ACK-aggregation allowance (src/internet/model/tcp-bbr.cc `TcpBbr::UpdateAckAggregation`,
//! `TcpBbr::AckAggregationCwnd`; `m_extraAckedGain` = 1), which `tcp.bbr: "ns3"` runs in place
//! of Linux's (aggregation.rs). The rule is Linux's, in bytes, with two differences that keep
//! the allowance small:
//!
//! ```text
//!   epoch_s   = ⌊now − epoch start⌋ in whole seconds      (uint32_t epochProp)
//!   expected  = max_bw × epoch_s                          (0 for the epoch's first second)
//!   if epoch_acked ≤ expected or epoch_acked + acked ≥ 4096 bytes:  new epoch (acked = 0)
//!   epoch_acked += acked
//!   extra     = epoch_acked − expected                    (≤ cwnd)
//!   allowance = max extra over the last 5–10 rounds       (≤ max_bw × 100 ms)
//!   target cwnd = InFlight(cwnd_gain) + allowance
//! ```
//!
//! - The epoch's age is stored in a `uint32_t` of seconds, so `expected` is 0 for any epoch
//!   under a second old, and every byte acknowledged in it counts as extra.
//! - The epoch restarts once the bytes acknowledged in it would reach the attribute
//!   `AckEpochAckedResetThresh`, 1 << 12 = 4096 bytes (the header's initialiser says 1 << 17;
//!   the attribute's default overrides it at construction). An ACK that would take the count
//!   to 4096 or more starts a new epoch holding that ACK alone. So `extra` never exceeds
//!   max(4095 bytes, the largest single ACK): with 1448-byte segments and ACKs of one or two
//!   segments, 2896 bytes = 2 segments; one ACK of k ≥ 3 segments gives k.
//!
//! The window filter (two halves of 5 rounds each) and the caps are Linux's. Like Linux, the
//! caller skips ACKs without a valid rate sample (ns-3 skips only those with no sample at all,
//! `rs.m_delivered < 0`; the allowance is the same within a segment).

use crate::engine::time::{Time, NS_PER_S};

/// Rounds per half of the max filter (`ExtraAckedRttWindowLength` = 5).
const WIN_RTTS: u32 = 5;
/// An epoch restarts when its acknowledged bytes would reach this (`AckEpochAckedResetThresh`).
pub const EPOCH_RESET_BYTES: u64 = 1 << 12;

#[derive(Debug, Clone)]
pub struct Ns3AckAggregation {
    /// Off: `cc_params.extra_acked: false` (ns-3's `m_extraAckedGain` = 0).
    enabled: bool,
    /// Bytes per segment (ns-3 counts bytes; the model's window counts segments).
    mss: u64,
    win_rtts: u32,
    win_idx: usize,
    /// The two halves of the max filter, in bytes (`m_extraAcked`).
    extra: [u64; 2],
    epoch_start: Time,
    /// Bytes acknowledged in this epoch (`m_ackEpochAcked`).
    epoch_acked: u64,
}

impl Ns3AckAggregation {
    pub fn new(enabled: bool, mss: u32) -> Self {
        Ns3AckAggregation { enabled, mss: mss.max(1) as u64, win_rtts: 0, win_idx: 0, extra: [0; 2], epoch_start: 0, epoch_acked: 0 }
    }

    /// One ACK that delivered `acked` packets at `now`, with bandwidth estimate `bw` packets/s
    /// (ns-3's `m_maxBwFilter.GetBest()`), `round_start` and the current window `cwnd` in
    /// packets (`UpdateAckAggregation`).
    pub fn on_ack(&mut self, acked: u64, now: Time, bw: f64, round_start: bool, cwnd: u32) {
        if !self.enabled || acked == 0 {
            return;
        }
        if round_start {
            self.win_rtts = (self.win_rtts + 1).min(31);
            if self.win_rtts >= WIN_RTTS {
                self.win_rtts = 0;
                self.win_idx ^= 1;
                self.extra[self.win_idx] = 0;
            }
        }
        let acked = acked * self.mss;
        // `epochProp` is a uint32_t: the seconds since the epoch began, truncated.
        let epoch_s = now.saturating_sub(self.epoch_start) / NS_PER_S;
        let mut expected = (bw * self.mss as f64 * epoch_s as f64) as u64;
        if self.epoch_acked <= expected || self.epoch_acked + acked >= EPOCH_RESET_BYTES {
            self.epoch_acked = 0;
            self.epoch_start = now;
            expected = 0;
        }
        self.epoch_acked += acked;
        let extra = (self.epoch_acked - expected).min(cwnd as u64 * self.mss);
        if extra > self.extra[self.win_idx] {
            self.extra[self.win_idx] = extra;
        }
    }

    /// Packets to add to the window's target once the pipe is full (`AckAggregationCwnd`):
    /// the filter's maximum, capped at 100 ms at the bandwidth estimate (`maxAggrBytes` =
    /// bit rate / 80), in whole segments.
    pub fn allowance(&self, bw: f64, full_bw_reached: bool) -> u32 {
        if !self.enabled || !full_bw_reached {
            return 0;
        }
        let cap = (bw * self.mss as f64 / 10.0) as u64;
        (self.extra[0].max(self.extra[1]).min(cap) / self.mss).min(u32::MAX as u64) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cc::bbr::aggregation::AckAggregation;
    use crate::engine::time::NS_PER_MS;

    /// A burst of ten 2-segment (delayed) ACKs every 20 ms at 1 000 packets/s: on average
    /// exactly the bandwidth, but bunched. Linux's epoch restarts at each burst (the 20 packets
    /// before it were no more than the 20 expected) and counts the whole burst as extra: 20
    /// packets. ns-3's restarts whenever 2896 + 2896 bytes would pass 4096: never more than
    /// one ACK's 2896 bytes = 2 segments.
    #[test]
    fn bursts_that_grow_linux_allowance_stay_under_the_epoch_cap_in_ns3() {
        let (bw, mss) = (1000.0, 1448);
        let mut linux = AckAggregation::new(true);
        let mut ns3 = Ns3AckAggregation::new(true, mss);
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
        assert!(ns3.extra[0].max(ns3.extra[1]) < EPOCH_RESET_BYTES);
        assert_eq!(ns3.allowance(bw, false), 0, "nothing before the pipe is full");
        assert_eq!(Ns3AckAggregation::new(false, mss).allowance(bw, true), 0);
    }

    /// The whole-second clock: one segment ACKed every millisecond at 1 000 packets/s is exactly
    /// the bandwidth, so Linux's extra stays at one ACK. ns-3 expects nothing in an epoch's first
    /// second, so it counts 1448, 2896 and restarts at the third segment (4344 ≥ 4096): 2.
    #[test]
    fn ns3_expects_nothing_in_an_epochs_first_second() {
        let (bw, mss) = (1000.0, 1448);
        let mut linux = AckAggregation::new(true);
        let mut ns3 = Ns3AckAggregation::new(true, mss);
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
        let mut a = Ns3AckAggregation::new(true, 1448);
        a.on_ack(1, 0, 1000.0, false, 100);
        a.on_ack(5, NS_PER_MS, 1000.0, false, 100);
        assert_eq!(a.allowance(1000.0, true), 5);
        let mut b = Ns3AckAggregation::new(true, 1448);
        b.on_ack(40, 0, 1000.0, false, 30);
        assert_eq!(b.allowance(1000.0, true), 30, "at most cwnd");
        let mut c = Ns3AckAggregation::new(true, 1448);
        c.on_ack(40, 0, 100.0, false, 100);
        assert_eq!(c.allowance(100.0, true), 10, "at most 100 ms at 100 packets/s");
    }

    /// After a second without a restart, ns-3 expects a second's worth: ACKs slower than the
    /// estimate then restart the epoch as Linux's do.
    #[test]
    fn an_epoch_a_second_old_expects_a_second_of_data() {
        let mut a = Ns3AckAggregation::new(true, 1448);
        a.on_ack(1, 0, 1.0, false, 100); // 1 packet/s: 1448 bytes expected per second
        a.on_ack(1, 1500 * NS_PER_MS, 1.0, false, 100);
        // 1.5 s later: epoch_s = 1, expected 1448 ≥ the 1448 acked: a new epoch with 1 segment.
        assert_eq!(a.epoch_start, 1500 * NS_PER_MS);
        assert_eq!(a.epoch_acked, 1448);
    }
}
