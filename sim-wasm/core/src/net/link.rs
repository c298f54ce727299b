//! A unidirectional link: a DropTail FIFO in front of a transmitter of fixed rate, then a wire
//! of fixed propagation delay with optional Bernoulli loss.
//!
//! Model: a packet offered at time t starts transmission at max(t, end of the previous
//! transmission), takes size·8/rate to serialise and arrives delay later. Because the queue is
//! FIFO, a packet's whole future on the link is known when it is enqueued, so the link
//! schedules one arrival event per packet instead of separate enqueue/dequeue/transmit events.
//! The queue holds the packets waiting for the transmitter (not the one being sent), as a Linux
//! qdisc or an ns-3 DropTailQueue does; a packet that would exceed the limit is dropped at the
//! tail. Random loss happens on the wire: the packet used the link's time but never arrives.

use super::packet::NodeId;
use crate::engine::rng::SimRng;
use crate::engine::time::{tx_time, Dur, Time};
use rand::Rng;
use std::collections::VecDeque;

/// Queue capacity, resolved to packets or bytes at build time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum QueueLimit {
    Packets(u64),
    Bytes(u64),
    Unlimited,
}

/// What happened to a packet offered to a link.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// It will arrive at the far end at this time.
    Arrives(Time),
    /// Tail drop: the queue was full.
    QueueDrop,
    /// Sent, but lost on the wire (random loss).
    WireLoss,
}

#[derive(Debug, Clone, Default)]
pub struct LinkStats {
    pub queue_drops: u64,
    pub wire_losses: u64,
    /// Bytes that finished serialising inside the measurement window and were not lost.
    pub measured_bytes: u64,
    pub max_queue_bytes: u64,
    pub max_queue_packets: u64,
    /// ∫ queue bytes dt over the measurement window, in byte·ns (for the time-average queue).
    pub queue_area: u128,
}

pub struct Link {
    pub name: String,
    pub from: NodeId,
    pub to: NodeId,
    pub rate_bps: u64,
    pub delay: Dur,
    pub limit: QueueLimit,
    pub loss: f64,
    /// A link the scenario describes (a bottleneck or a path), as opposed to the access,
    /// egress and reverse links a topology adds around it: it gets queue series and a row in
    /// the summary.
    pub reported: bool,
    rng: SimRng,
    /// Indexes (among data packets offered) to lose on the wire, ascending; consumed from
    /// the front.
    drop_list: VecDeque<u64>,
    /// Data packets offered so far (handshake packets and ACKs are not counted, so a
    /// scripted drop names the same data packet with or without connection setup).
    offered: u64,
    /// When the transmitter finishes its last scheduled packet.
    busy_until: Time,
    /// Packets waiting for the transmitter: (transmission start, wire bytes), FIFO.
    waiting: VecDeque<(Time, u32)>,
    waiting_bytes: u64,
    /// When `waiting_bytes` last changed (for the queue integral).
    last_change: Time,
    /// Utilisation is measured over [window.0, window.1).
    window: (Time, Time),
    pub stats: LinkStats,
}

impl Link {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        name: String,
        from: NodeId,
        to: NodeId,
        rate_bps: u64,
        delay: Dur,
        limit: QueueLimit,
        loss: f64,
        rng: SimRng,
    ) -> Self {
        Link {
            name,
            from,
            to,
            rate_bps,
            delay,
            limit,
            loss,
            rng,
            reported: false,
            drop_list: VecDeque::new(),
            offered: 0,
            busy_until: 0,
            waiting: VecDeque::new(),
            waiting_bytes: 0,
            last_change: 0,
            window: (0, Time::MAX),
            stats: LinkStats::default(),
        }
    }

    /// Lose exactly these packets (0-based indexes among the data packets offered to the link).
    pub fn set_drop_list(&mut self, mut indexes: Vec<u64>) {
        indexes.sort_unstable();
        indexes.dedup();
        self.drop_list = indexes.into();
    }

    pub fn set_measurement_window(&mut self, from: Time, to: Time) {
        self.window = (from, to);
    }

    /// Add the queue's area up to `t` (clipped to the measurement window) before it changes.
    fn integrate(&mut self, t: Time) {
        let clip = |x: Time| x.clamp(self.window.0, self.window.1);
        let span = clip(t).saturating_sub(clip(self.last_change));
        self.stats.queue_area += self.waiting_bytes as u128 * span as u128;
        self.last_change = t;
    }

    /// Forget packets that have started transmission by `now`. Each left the queue at its own
    /// start time, which is when the integral must see it go.
    fn drain(&mut self, now: Time) {
        while let Some(&(start, bytes)) = self.waiting.front() {
            if start > now {
                break;
            }
            self.integrate(start);
            self.waiting.pop_front();
            self.waiting_bytes -= bytes as u64;
        }
    }

    /// Time-average queue in bytes over the measurement window up to `now`.
    pub fn mean_queue_bytes(&mut self, now: Time) -> f64 {
        self.drain(now);
        self.integrate(now);
        let span = now.min(self.window.1).saturating_sub(self.window.0);
        if span == 0 { 0.0 } else { self.stats.queue_area as f64 / span as f64 }
    }

    /// Offer a packet of `bytes` at `now`.
    pub fn offer(&mut self, now: Time, bytes: u32) -> Verdict {
        self.offer_packet(now, bytes, true)
    }

    /// Offer a packet of `bytes` at `now`; `data` says whether it carries data (only data
    /// packets count for the scripted drop list).
    pub fn offer_packet(&mut self, now: Time, bytes: u32, data: bool) -> Verdict {
        self.drain(now);
        let index = self.offered;
        if data {
            self.offered += 1;
        }
        let full = match self.limit {
            QueueLimit::Packets(n) => self.waiting.len() as u64 + 1 > n && self.busy_until > now,
            QueueLimit::Bytes(b) => self.waiting_bytes + bytes as u64 > b && self.busy_until > now,
            QueueLimit::Unlimited => false,
        };
        if full {
            self.stats.queue_drops += 1;
            return Verdict::QueueDrop;
        }
        let start = self.busy_until.max(now);
        let end = start.saturating_add(tx_time(bytes, self.rate_bps));
        self.busy_until = end;
        if start > now {
            self.integrate(now);
            self.waiting.push_back((start, bytes));
            self.waiting_bytes += bytes as u64;
            self.stats.max_queue_bytes = self.stats.max_queue_bytes.max(self.waiting_bytes);
            self.stats.max_queue_packets = self.stats.max_queue_packets.max(self.waiting.len() as u64);
        }
        let listed = data && self.drop_list.front() == Some(&index);
        if listed {
            self.drop_list.pop_front();
        }
        // Draw only on lossy links, so adding loss to one link never shifts another's stream.
        if listed || (self.loss > 0.0 && self.rng.random::<f64>() < self.loss) {
            self.stats.wire_losses += 1;
            return Verdict::WireLoss;
        }
        if end >= self.window.0 && end <= self.window.1 {
            self.stats.measured_bytes += bytes as u64;
        }
        Verdict::Arrives(end.saturating_add(self.delay))
    }

    /// Heap bytes of the link's state: the waiting list and the drop list.
    pub fn memory_bytes(&self) -> usize {
        self.waiting.capacity() * std::mem::size_of::<(Time, u32)>() + self.drop_list.capacity() * 8 + self.name.capacity()
    }

    /// Bytes and packets waiting at `now`.
    pub fn queue_at(&mut self, now: Time) -> (u64, u64) {
        self.drain(now);
        (self.waiting_bytes, self.waiting.len() as u64)
    }

    /// Capacity in bytes when the limit is in bytes, or packets × a full frame otherwise.
    pub fn capacity_bytes(&self, full_frame: u32) -> Option<u64> {
        match self.limit {
            QueueLimit::Bytes(b) => Some(b),
            QueueLimit::Packets(n) => Some(n.saturating_mul(full_frame as u64)),
            QueueLimit::Unlimited => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::derive_rng;
    use crate::engine::time::{NS_PER_MS, NS_PER_US};

    fn link(limit: QueueLimit, loss: f64) -> Link {
        // 100 Mbit/s, 5 ms: a 1500-byte frame serialises in exactly 120 µs.
        Link::new("l".into(), 0, 1, 100_000_000, 5 * NS_PER_MS, limit, loss, derive_rng(1, "link", 0))
    }

    #[test]
    fn serialisation_and_propagation_are_exact() {
        let mut l = link(QueueLimit::Unlimited, 0.0);
        assert_eq!(l.offer(0, 1500), Verdict::Arrives(120 * NS_PER_US + 5 * NS_PER_MS));
        // Offered at the same instant: waits for the first to finish serialising.
        assert_eq!(l.offer(0, 1500), Verdict::Arrives(240 * NS_PER_US + 5 * NS_PER_MS));
        assert_eq!(l.queue_at(0), (1500, 1));
        assert_eq!(l.queue_at(120 * NS_PER_US), (0, 0));
        // After the link went idle, a packet is sent at once.
        assert_eq!(l.offer(NS_PER_MS, 64), Verdict::Arrives(NS_PER_MS + 5120 + 5 * NS_PER_MS));
    }

    #[test]
    fn listed_packets_are_lost_exactly() {
        let mut l = link(QueueLimit::Unlimited, 0.0);
        l.set_drop_list(vec![3, 1]);
        let lost: Vec<bool> = (0..5u64).map(|i| l.offer(i * NS_PER_MS, 100) == Verdict::WireLoss).collect();
        assert_eq!(lost, vec![false, true, false, true, false]);
        assert_eq!(l.stats.wire_losses, 2);
    }

    #[test]
    fn mean_queue_is_the_time_average() {
        let mut l = link(QueueLimit::Unlimited, 0.0);
        // Three frames at t = 0: 1500 bytes wait 120 µs, another 1500 wait 240 µs.
        for _ in 0..3 {
            l.offer(0, 1500);
        }
        let mean = l.mean_queue_bytes(480 * NS_PER_US);
        // Area = 3000·120 + 1500·120 (byte·µs) over 480 µs.
        assert!((mean - (3000.0 * 120.0 + 1500.0 * 120.0) / 480.0).abs() < 1e-9, "mean {mean}");
    }

    #[test]
    fn droptail_drops_what_does_not_fit() {
        let mut l = link(QueueLimit::Packets(2), 0.0);
        let verdicts: Vec<_> = (0..5).map(|_| l.offer(0, 1500)).collect();
        // One in the transmitter, two waiting, the rest tail-dropped.
        assert!(matches!(verdicts[0], Verdict::Arrives(_)));
        assert!(matches!(verdicts[1], Verdict::Arrives(_)));
        assert!(matches!(verdicts[2], Verdict::Arrives(_)));
        assert_eq!(&verdicts[3..], &[Verdict::QueueDrop, Verdict::QueueDrop]);
        assert_eq!(l.stats.queue_drops, 2);
        assert_eq!(l.stats.max_queue_packets, 2);

        let mut b = link(QueueLimit::Bytes(3000), 0.0);
        assert!(matches!(b.offer(0, 1500), Verdict::Arrives(_)));
        assert!(matches!(b.offer(0, 1500), Verdict::Arrives(_)));
        assert!(matches!(b.offer(0, 1500), Verdict::Arrives(_)));
        assert_eq!(b.offer(0, 64), Verdict::QueueDrop, "3000 + 64 bytes exceed the byte limit");
    }

    #[test]
    fn random_loss_rate_matches_and_is_seeded() {
        let mut l = link(QueueLimit::Unlimited, 0.1);
        let lost = (0..100_000u64).filter(|i| l.offer(i * NS_PER_MS, 100) == Verdict::WireLoss).count();
        assert!((9_500..10_500).contains(&lost), "lost {lost} of 100000 at p = 0.1");
        let mut again = link(QueueLimit::Unlimited, 0.1);
        let lost_again = (0..100_000u64).filter(|i| again.offer(i * NS_PER_MS, 100) == Verdict::WireLoss).count();
        assert_eq!(lost, lost_again);
    }
}
