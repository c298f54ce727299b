//! QUIC loss detection and RTT estimation, RFC 9002 §5–6 and Appendix A.
//!
//! Model: every packet has a new packet number, so an ACK names exactly which transmissions
//! arrived (no retransmission ambiguity). A packet is lost once a packet sent ≥
//! kPacketThreshold later is acknowledged (§6.1.1), or once it is older than
//! kTimeThreshold · max(smoothed_rtt, latest_rtt) when a later packet was acknowledged
//! (§6.1.2; the loss timer fires for the rest). When no ACK comes at all the probe timeout
//! (§6.2) fires: the sender sends probe packets but declares nothing lost. Lost packets'
//! STREAM data is sent again in new packets (the connection's job, not this module's).
//!
//! Only the application packet-number space exists here (the lab's connections start
//! established, no handshake), so the PTO is always armed from the last ack-eliciting packet.

use crate::engine::time::{Dur, Time, NS_PER_MS};
use crate::tcp::rate::TxStamp;
use rangemap::RangeSet;
use std::collections::BTreeMap;

/// RFC 9002 §6.1.2 kTimeThreshold = 9/8, as a ratio so that time stays integer.
pub const TIME_THRESHOLD: (u64, u64) = (9, 8);
/// RFC 9002 §6.1.2 kGranularity: timer granularity, 1 ms.
pub const GRANULARITY: Dur = NS_PER_MS;
/// RFC 9002 §7.6.1 kPersistentCongestionThreshold.
pub const PERSISTENT_CONGESTION_THRESHOLD: u64 = 3;

/// One STREAM frame as sent (carried in packets, so defined with them).
pub use crate::net::packet::FrameRef;

/// RFC 9002 §A.1.1 sent packet fields.
#[derive(Debug, Clone)]
pub struct SentPacket {
    pub pn: u64,
    pub time_sent: Time,
    pub ack_eliciting: bool,
    pub in_flight: bool,
    pub size: u32,
    pub frames: Vec<FrameRef>,
    /// Delivery-rate stamp (tcp_rate.c model, shared with TCP so BBR works on QUIC too).
    pub stamp: TxStamp,
}

/// RFC 9002 §5 RTT estimator.
#[derive(Debug, Clone)]
pub struct RttStats {
    pub latest_rtt: Dur,
    pub smoothed_rtt: Dur,
    pub rttvar: Dur,
    pub min_rtt: Dur,
    pub has_sample: bool,
}

impl RttStats {
    /// §5.3: before any sample, smoothed_rtt = kInitialRtt and rttvar = kInitialRtt / 2.
    pub fn new(initial_rtt: Dur) -> Self {
        RttStats { latest_rtt: 0, smoothed_rtt: initial_rtt, rttvar: initial_rtt / 2, min_rtt: 0, has_sample: false }
    }

    /// §5.3 update with a sample and the peer's reported ACK delay.
    pub fn update(&mut self, latest: Dur, ack_delay: Dur, max_ack_delay: Dur) {
        self.latest_rtt = latest;
        if !self.has_sample {
            // §5.2/§5.3: the first sample sets everything.
            self.has_sample = true;
            self.min_rtt = latest;
            self.smoothed_rtt = latest;
            self.rttvar = latest / 2;
            return;
        }
        self.min_rtt = self.min_rtt.min(latest);
        // §5.3: the ACK delay is capped at max_ack_delay once the handshake is confirmed (it
        // always is here), and never subtracted below min_rtt.
        let ack_delay = ack_delay.min(max_ack_delay);
        let adjusted = if latest >= self.min_rtt + ack_delay { latest - ack_delay } else { latest };
        self.rttvar = (3 * self.rttvar + self.smoothed_rtt.abs_diff(adjusted)) / 4;
        self.smoothed_rtt = (7 * self.smoothed_rtt + adjusted) / 8;
    }

    /// §6.2.1: PTO = smoothed_rtt + max(4·rttvar, kGranularity) + max_ack_delay.
    pub fn pto_base(&self, max_ack_delay: Dur) -> Dur {
        self.smoothed_rtt + (4 * self.rttvar).max(GRANULARITY) + max_ack_delay
    }

    /// §6.1.2: max(kTimeThreshold · max(smoothed_rtt, latest_rtt), kGranularity).
    pub fn loss_delay(&self) -> Dur {
        let base = self.smoothed_rtt.max(self.latest_rtt);
        (base * TIME_THRESHOLD.0 / TIME_THRESHOLD.1).max(GRANULARITY)
    }
}

/// What an ACK did.
#[derive(Debug, Default)]
pub struct AckResult {
    pub acked: Vec<SentPacket>,
    pub lost: Vec<SentPacket>,
    /// The RTT sample this ACK gave (§5.1: only when the largest acknowledged is newly
    /// acknowledged and ack-eliciting).
    pub rtt_sample: Option<Dur>,
    /// §7.6: the lost packets span a persistent-congestion period.
    pub persistent_congestion: bool,
}

/// What the loss-detection timer did.
#[derive(Debug)]
pub enum Timeout {
    /// The time threshold declared these packets lost.
    Lost(Vec<SentPacket>, bool),
    /// Probe timeout: send probes (`pto_count` is already incremented).
    Pto,
}

#[derive(Debug)]
pub struct LossDetection {
    pub rtt: RttStats,
    pub max_ack_delay: Dur,
    pub packet_threshold: u64,
    /// Sent packets not yet acknowledged or declared lost, by packet number.
    sent: BTreeMap<u64, SentPacket>,
    /// Every packet number acknowledged so far (§7.6.2 needs "no packet in between acked").
    acked: RangeSet<u64>,
    pub largest_acked: Option<u64>,
    /// §A.3 loss_time: when the time threshold will declare the next packet lost.
    loss_time: Option<Time>,
    pub pto_count: u32,
    time_of_last_ack_eliciting: Option<Time>,
    /// When the first RTT sample was taken (§7.6.2: only later packets count).
    first_rtt_sample: Option<Time>,
    /// Packets counted in flight (all ack-eliciting packets here).
    pub in_flight: u32,
}

impl LossDetection {
    pub fn new(initial_rtt: Dur, max_ack_delay: Dur, packet_threshold: u64) -> Self {
        LossDetection {
            rtt: RttStats::new(initial_rtt),
            max_ack_delay,
            packet_threshold,
            sent: BTreeMap::new(),
            acked: RangeSet::new(),
            largest_acked: None,
            loss_time: None,
            pto_count: 0,
            time_of_last_ack_eliciting: None,
            first_rtt_sample: None,
            in_flight: 0,
        }
    }

    pub fn outstanding(&self) -> usize {
        self.sent.len()
    }

    /// The oldest packet still outstanding (what a probe retransmits when nothing is new).
    pub fn oldest_outstanding(&self) -> Option<&SentPacket> {
        self.sent.values().next()
    }

    /// Remove the oldest outstanding packet without a congestion response (quic-go's
    /// `QueueProbePacket`: a PTO with nothing new to send re-packs its data as a probe).
    pub fn take_oldest(&mut self) -> Option<SentPacket> {
        let pn = *self.sent.keys().next()?;
        self.remove(pn)
    }

    /// §A.5 OnPacketSent.
    pub fn on_packet_sent(&mut self, p: SentPacket) {
        if p.in_flight {
            self.in_flight += 1;
            if p.ack_eliciting {
                self.time_of_last_ack_eliciting = Some(p.time_sent);
            }
        }
        self.sent.insert(p.pn, p);
    }

    fn remove(&mut self, pn: u64) -> Option<SentPacket> {
        let p = self.sent.remove(&pn)?;
        if p.in_flight {
            self.in_flight -= 1;
        }
        Some(p)
    }

    /// §A.7 OnAckReceived. `ranges` are half-open packet-number ranges, any order.
    pub fn on_ack(&mut self, ranges: &[(u64, u64)], ack_delay: Dur, now: Time) -> AckResult {
        let mut res = AckResult::default();
        let Some(largest) = ranges.iter().map(|r| r.1).max().filter(|&e| e > 0).map(|e| e - 1) else {
            return res;
        };
        self.largest_acked = Some(self.largest_acked.map_or(largest, |l| l.max(largest)));
        for &(a, b) in ranges {
            if a >= b {
                continue;
            }
            let pns: Vec<u64> = self.sent.range(a..b).map(|(pn, _)| *pn).collect();
            for pn in pns {
                res.acked.push(self.remove(pn).expect("listed"));
            }
            self.acked.insert(a..b);
        }
        if res.acked.is_empty() {
            return res;
        }
        res.acked.sort_by_key(|p| p.pn);
        // §5.1: an RTT sample when the largest acknowledged is newly acknowledged and at
        // least one newly acknowledged packet was ack-eliciting.
        let last = res.acked.last().expect("non-empty");
        if last.pn == largest && res.acked.iter().any(|p| p.ack_eliciting) {
            let sample = now - last.time_sent;
            self.rtt.update(sample, ack_delay, self.max_ack_delay);
            self.first_rtt_sample.get_or_insert(now);
            res.rtt_sample = Some(sample);
        }
        res.lost = self.detect_lost(now);
        res.persistent_congestion = self.persistent_congestion(&res.lost);
        // §A.7: the peer is making progress, reset the PTO backoff.
        self.pto_count = 0;
        res
    }

    /// §A.10 DetectAndRemoveLostPackets.
    fn detect_lost(&mut self, now: Time) -> Vec<SentPacket> {
        let Some(largest) = self.largest_acked else { return Vec::new() };
        self.loss_time = None;
        let loss_delay = self.rtt.loss_delay();
        // None early in a run, when no packet can be that old yet.
        let lost_send_time = now.checked_sub(loss_delay);
        let mut lost_pns = Vec::new();
        for (&pn, p) in self.sent.range(..=largest) {
            if lost_send_time.is_some_and(|t| p.time_sent <= t) || largest >= pn + self.packet_threshold {
                lost_pns.push(pn);
            } else {
                let t = p.time_sent + loss_delay;
                self.loss_time = Some(self.loss_time.map_or(t, |l| l.min(t)));
            }
        }
        lost_pns.into_iter().map(|pn| self.remove(pn).expect("listed")).collect()
    }

    /// §7.6.2: two ack-eliciting lost packets, sent after the first RTT sample, more than the
    /// persistent-congestion duration apart, with no packet between them acknowledged.
    fn persistent_congestion(&self, lost: &[SentPacket]) -> bool {
        let Some(first_sample) = self.first_rtt_sample else { return false };
        let duration = self.rtt.pto_base(self.max_ack_delay) * PERSISTENT_CONGESTION_THRESHOLD;
        let mut run: Option<&SentPacket> = None;
        for p in lost.iter().filter(|p| p.ack_eliciting && p.time_sent > first_sample) {
            match run {
                Some(start) if !self.acked.overlaps(&(start.pn..p.pn)) => {
                    if p.time_sent - start.time_sent > duration {
                        return true;
                    }
                }
                _ => run = Some(p),
            }
        }
        false
    }

    /// §A.8 SetLossDetectionTimer: when the timer should fire, if at all.
    pub fn timer(&self) -> Option<Time> {
        if let Some(t) = self.loss_time {
            return Some(t);
        }
        if self.in_flight == 0 {
            // No ack-eliciting packet in flight: nothing to detect (§A.8, handshake done).
            return None;
        }
        let last = self.time_of_last_ack_eliciting?;
        let backoff = 1u64 << self.pto_count.min(30);
        Some(last + self.rtt.pto_base(self.max_ack_delay).saturating_mul(backoff))
    }

    /// §A.9 OnLossDetectionTimeout.
    pub fn on_timeout(&mut self, now: Time) -> Timeout {
        if self.loss_time.is_some_and(|t| t <= now) {
            let lost = self.detect_lost(now);
            let pc = self.persistent_congestion(&lost);
            return Timeout::Lost(lost, pc);
        }
        self.pto_count += 1;
        Timeout::Pto
    }

    pub fn memory_bytes(&self) -> usize {
        self.sent.values().map(|p| std::mem::size_of::<SentPacket>() + p.frames.len() * 24 + 16).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: u64 = NS_PER_MS;

    fn pkt(pn: u64, t: Time) -> SentPacket {
        SentPacket { pn, time_sent: t, ack_eliciting: true, in_flight: true, size: 1280, frames: Vec::new(), stamp: TxStamp::default() }
    }

    fn ld() -> LossDetection {
        LossDetection::new(333 * MS, 25 * MS, 3)
    }

    #[test]
    fn rtt_estimator_follows_rfc9002() {
        let mut r = RttStats::new(333 * MS);
        assert_eq!((r.smoothed_rtt, r.rttvar), (333 * MS, 166_500_000), "kInitialRtt before a sample");
        r.update(100 * MS, 10 * MS, 25 * MS);
        assert_eq!((r.smoothed_rtt, r.rttvar, r.min_rtt), (100 * MS, 50 * MS, 100 * MS), "first sample ignores ack delay");
        r.update(140 * MS, 30 * MS, 25 * MS);
        // ack_delay capped at max_ack_delay = 25 ms: adjusted = 115 ms.
        assert_eq!(r.rttvar, (3 * 50 * MS + 15 * MS) / 4);
        assert_eq!(r.smoothed_rtt, (7 * 100 * MS + 115 * MS) / 8);
        r.update(101 * MS, 20 * MS, 25 * MS);
        // 101 < min_rtt + ack_delay: the delay is not subtracted.
        assert_eq!(r.smoothed_rtt, (7 * ((7 * 100 * MS + 115 * MS) / 8) + 101 * MS) / 8);
        assert_eq!(r.pto_base(25 * MS), r.smoothed_rtt + 4 * r.rttvar + 25 * MS);
    }

    #[test]
    fn packet_threshold_declares_loss_after_three_later_packets() {
        let mut l = ld();
        for pn in 0..5 {
            l.on_packet_sent(pkt(pn, pn * MS));
        }
        // ACK of 1..=3: packet 0 has only 3 - 0 = 3 later acked → lost (largest ≥ pn + 3).
        let r = l.on_ack(&[(1, 4)], 0, 100 * MS);
        assert_eq!(r.acked.iter().map(|p| p.pn).collect::<Vec<_>>(), vec![1, 2, 3]);
        assert_eq!(r.lost.iter().map(|p| p.pn).collect::<Vec<_>>(), vec![0]);
        assert_eq!(l.in_flight, 1, "packet 4 is still in flight");
    }

    #[test]
    fn two_later_packets_are_not_enough_but_the_time_threshold_is() {
        let mut l = ld();
        for pn in 0..3 {
            l.on_packet_sent(pkt(pn, pn * MS));
        }
        // At t = 50 ms the RTT sample is 48 ms; loss_delay = 9/8 · 48 = 54 ms: packet 0 (sent
        // at 0) is neither 3 packets behind nor old enough yet.
        let r = l.on_ack(&[(1, 3)], 0, 50 * MS);
        assert!(r.lost.is_empty());
        assert_eq!(l.rtt.latest_rtt, 48 * MS);
        let t = l.timer().expect("loss timer armed");
        assert_eq!(t, 54 * MS, "time_sent + 9/8 · max(srtt, latest_rtt)");
        match l.on_timeout(t) {
            Timeout::Lost(lost, pc) => {
                assert_eq!(lost.iter().map(|p| p.pn).collect::<Vec<_>>(), vec![0]);
                assert!(!pc);
            }
            Timeout::Pto => panic!("the loss timer, not the PTO"),
        }
        assert_eq!(l.timer(), None, "nothing in flight, no timer");
    }

    #[test]
    fn pto_backs_off_and_does_not_declare_loss() {
        let mut l = ld();
        l.on_packet_sent(pkt(0, 0));
        l.on_packet_sent(pkt(1, 0));
        l.on_ack(&[(0, 1)], 0, 40 * MS);
        l.on_packet_sent(pkt(2, 40 * MS));
        let base = l.rtt.pto_base(25 * MS);
        assert_eq!(base, 40 * MS + 4 * 20 * MS + 25 * MS);
        assert_eq!(l.timer(), Some(40 * MS + base), "armed from the last ack-eliciting packet");
        assert!(matches!(l.on_timeout(40 * MS + base), Timeout::Pto));
        assert_eq!(l.outstanding(), 2, "a PTO declares nothing lost");
        assert_eq!(l.timer(), Some(40 * MS + 2 * base), "exponential backoff");
        let r = l.on_ack(&[(2, 3)], 0, 400 * MS);
        assert_eq!(l.pto_count, 0, "an ACK resets the backoff");
        assert!(r.rtt_sample.is_some());
    }

    #[test]
    fn persistent_congestion_needs_a_long_unacknowledged_span() {
        let mut l = ld();
        l.on_packet_sent(pkt(0, 0));
        l.on_ack(&[(0, 1)], 0, 10 * MS); // srtt 10 ms, rttvar 5 ms → PTO base 1+20+25 = 55 ms
        let duration = l.rtt.pto_base(25 * MS) * 3;
        l.on_packet_sent(pkt(1, 20 * MS));
        l.on_packet_sent(pkt(2, 20 * MS + duration + MS));
        for pn in 3..6 {
            l.on_packet_sent(pkt(pn, 30 * MS + duration));
        }
        let r = l.on_ack(&[(3, 6)], 0, 40 * MS + duration);
        assert_eq!(r.lost.len(), 2);
        assert!(r.persistent_congestion);
    }
}
