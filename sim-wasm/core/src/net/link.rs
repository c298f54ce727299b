//! A unidirectional link: a queue in front of a transmitter of fixed rate, then a wire of fixed
//! propagation delay (plus optional jitter) with optional Bernoulli loss.
//!
//! Model: a packet starts transmission when the transmitter is free and the queue hands it
//! over, takes size·8/rate to serialise and arrives delay later. The queue holds the packets
//! waiting for the transmitter (not the one being sent), as a Linux qdisc or an ns-3 queue
//! disc does. Random loss happens on the wire: the packet used the link's time but never
//! arrives.
//!
//! Two ways to run the queue (docs/model/aqm.md):
//! - **DropTail** (the default) is a FIFO that only drops an arriving packet that would exceed
//!   its limit, so a packet's whole future on the link is known when it is enqueued: the link
//!   computes its departure at once and the engine schedules one arrival event per packet, no
//!   enqueue/dequeue/transmit events.
//! - **An AQM** (RED, CoDel, FQ-CoDel, PIE: net/qdisc/) decides at dequeue time and may reorder
//!   (FQ-CoDel), so the link holds the packets in the discipline and the engine runs a dequeue
//!   event whenever the transmitter frees ([`Link::aqm_enqueue`], [`Link::aqm_dequeue`]).
//!
//! Jitter (optional), of two kinds ([`Jitter`]), both drawn uniformly from [0, jitter] from the
//! link's own stream of the scenario's seed, and neither letting a packet arrive before the
//! one sent ahead of it (packets on one link stay in order, as on one physical wire):
//! - **wire** jitter (a link's `jitter_ms`): every packet draws its own extra delay, as netem
//!   does with its rate limiter. It breaks the exact timing that gives DropTail its phase
//!   effects.
//! - **host** jitter (a sender's `jitter_ms`): a host hands packets to the wire when a timer or
//!   an interrupt wakes it, late by a random amount, and then sends everything that became due
//!   meanwhile at once. So a packet due while the host is still late (at or before the previous
//!   packet's release) leaves with that packet, and only a packet due later waits for a fresh
//!   draw. Per-packet draws would instead pull apart the segments a sender put on the wire
//!   together (a TSO burst), which no host does (docs/model/linux-kernel.md §Host timing).

use super::packet::{NodeId, Packet};
use super::qdisc::{Fifo, Out, Qdisc, WireSize};
use crate::engine::rng::SimRng;
use crate::engine::time::{tx_time, Dur, Time};
use rand::Rng;
use std::collections::VecDeque;

/// Queue capacity, resolved to packets or bytes at build time (the disciplines' own type).
pub use super::qdisc::Limit as QueueLimit;

/// How a link's jitter is drawn (module header).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Jitter {
    /// Every packet draws its own extra delay (netem on a wire).
    Wire,
    /// A late host releases what became due meanwhile together; one draw per wake-up.
    Host,
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
    /// Packets an AQM marked Congestion Experienced instead of dropping them.
    pub ecn_marks: u64,
    /// Sojourn times (enqueue to start of transmission) of the packets that started
    /// transmission inside the measurement window: their sum and count, and the largest.
    pub sojourn_sum: u128,
    pub sojourn_count: u64,
    pub max_sojourn: Dur,
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
    /// Drops named by flow and packet number (net/named_drop.rs); `None` for most links.
    named: Option<Box<super::named_drop::NamedDrops>>,
    /// Data packets offered so far (handshake packets and ACKs are not counted, so a
    /// scripted drop names the same data packet with or without connection setup).
    offered: u64,
    /// When the transmitter finishes its last scheduled packet.
    busy_until: Time,
    /// DropTail: the packets waiting for the transmitter, as their wire bytes stamped with
    /// their transmission start (the fast path knows it at enqueue).
    waiting: Fifo<u32>,
    /// AQM links: the bytes the discipline held after its last call (read by every queue
    /// integral step, so kept here rather than asked of the discipline each time).
    aqm_bytes: u64,
    /// When the queued bytes last changed (for the queue integral).
    last_change: Time,
    /// Utilisation is measured over [window.0, window.1).
    window: (Time, Time),
    pub stats: LinkStats,
    /// The discipline when it is not DropTail: it holds the waiting packets itself.
    aqm: Option<Box<dyn Qdisc<Packet>>>,
    aqm_name: Option<&'static str>,
    /// What the discipline dropped in its last call, for the engine to account.
    pub aqm_out: Out<Packet>,
    /// A dequeue event is scheduled for when the transmitter frees (AQM links).
    pub dequeue_pending: bool,
    /// Largest extra propagation delay (0 = none), its kind, its stream, and the latest arrival
    /// scheduled (a jittered packet never overtakes the one ahead of it).
    jitter: Dur,
    jitter_kind: Jitter,
    jitter_rng: Option<SimRng>,
    last_arrival: Time,
    /// AQM links: sojourn time of the last packet the discipline handed over, the queueing
    /// delay now as CoDel sees it (`sojourn_now`; DropTail derives it from `busy_until`).
    pub last_sojourn: Dur,
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
            named: None,
            offered: 0,
            busy_until: 0,
            waiting: Fifo::new(),
            aqm_bytes: 0,
            last_change: 0,
            window: (0, Time::MAX),
            stats: LinkStats::default(),
            aqm: None,
            aqm_name: None,
            aqm_out: Out::default(),
            dequeue_pending: false,
            jitter: 0,
            jitter_kind: Jitter::Wire,
            jitter_rng: None,
            last_arrival: 0,
            last_sojourn: 0,
        }
    }

    /// Run the queue with `qdisc` instead of DropTail (its own limit replaces `limit`).
    pub fn set_aqm(&mut self, name: &'static str, qdisc: Box<dyn Qdisc<Packet>>) {
        self.aqm = Some(qdisc);
        self.aqm_name = Some(name);
    }

    pub fn has_aqm(&self) -> bool {
        self.aqm.is_some()
    }

    /// The registry name of the link's AQM (`None` for DropTail).
    pub fn aqm_name(&self) -> Option<&'static str> {
        self.aqm_name
    }

    /// Add up to `jitter` of random delay to the packets' propagation, drawn from `rng`, the
    /// way `kind` says (module header).
    pub fn set_jitter(&mut self, jitter: Dur, kind: Jitter, rng: SimRng) {
        self.jitter = jitter;
        self.jitter_kind = kind;
        self.jitter_rng = (jitter > 0).then_some(rng);
    }

    pub fn jitter(&self) -> Dur {
        self.jitter
    }

    /// Lose exactly these packets (0-based indexes among the data packets offered to the link).
    pub fn set_drop_list(&mut self, mut indexes: Vec<u64>) {
        indexes.sort_unstable();
        indexes.dedup();
        self.drop_list = indexes.into();
    }

    /// Drop the packet `rule` names when this link's transmitter sends it (net/named_drop.rs).
    pub fn add_named_drop(&mut self, rule: super::named_drop::NamedDrop) {
        self.named.get_or_insert_with(Default::default).push(rule);
    }

    /// Whether a drop the scenario names takes `pkt`, which goes onto the wire now.
    fn named_hit(&mut self, pkt: Option<&Packet>) -> bool {
        match (&mut self.named, pkt) {
            (Some(n), Some(p)) => n.hit(p),
            _ => false,
        }
    }

    pub fn set_measurement_window(&mut self, from: Time, to: Time) {
        self.window = (from, to);
    }

    /// Add the queue's area up to `t` (clipped to the measurement window) before it changes.
    fn integrate(&mut self, t: Time) {
        let clip = |x: Time| x.clamp(self.window.0, self.window.1);
        let span = clip(t).saturating_sub(clip(self.last_change));
        self.stats.queue_area += self.queued_bytes() as u128 * span as u128;
        self.last_change = t;
    }

    /// Bytes waiting for the transmitter, in the discipline or on the fast path.
    fn queued_bytes(&self) -> u64 {
        if self.aqm.is_some() { self.aqm_bytes } else { self.waiting.bytes() }
    }

    /// A packet that waited `sojourn` starts transmission at `start`: the run's statistics.
    fn record_sojourn(&mut self, start: Time, sojourn: Dur) {
        if start >= self.window.0 && start < self.window.1 {
            self.stats.sojourn_sum += sojourn as u128;
            self.stats.sojourn_count += 1;
            self.stats.max_sojourn = self.stats.max_sojourn.max(sojourn);
        }
    }

    /// Forget packets that have started transmission by `now`. Each left the queue at its own
    /// start time, which is when the integral must see it go.
    fn drain(&mut self, now: Time) {
        while let Some(start) = self.waiting.front_time() {
            if start > now {
                break;
            }
            self.integrate(start);
            self.waiting.pop();
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
        self.offer_inner(now, bytes, data, None)
    }

    /// Offer `pkt` at `now` (the engine's path: the packet itself lets a named drop find it).
    pub fn offer_pkt(&mut self, now: Time, pkt: &Packet) -> Verdict {
        self.offer_inner(now, pkt.wire_bytes, pkt.body.is_data(), Some(pkt))
    }

    fn offer_inner(&mut self, now: Time, bytes: u32, data: bool, pkt: Option<&Packet>) -> Verdict {
        self.drain(now);
        let index = self.offered;
        if data {
            self.offered += 1;
        }
        // DropTail's rule lives with the discipline (net/qdisc/droptail.rs).
        let admitted = super::qdisc::droptail::admits(self.limit, self.waiting.len() as u64, self.waiting.bytes(), bytes, self.busy_until > now);
        if !admitted {
            self.stats.queue_drops += 1;
            return Verdict::QueueDrop;
        }
        let start = self.busy_until.max(now);
        let end = start.saturating_add(tx_time(bytes, self.rate_bps));
        self.busy_until = end;
        // Its sojourn is known now; it counts when it starts (the statistics of a FIFO are the
        // same whichever moment records them). The delay now needs no state of its own here:
        // it is `busy_until − now` (see `sojourn_now`).
        self.record_sojourn(start, start - now);
        if start > now {
            self.integrate(now);
            self.waiting.push(bytes, start);
            self.stats.max_queue_bytes = self.stats.max_queue_bytes.max(self.waiting.bytes());
            self.stats.max_queue_packets = self.stats.max_queue_packets.max(self.waiting.len() as u64);
        }
        let listed = data && self.drop_list.front() == Some(&index);
        if listed {
            self.drop_list.pop_front();
        }
        let named = self.named_hit(pkt);
        self.wire(listed || named, bytes, end)
    }

    /// A packet of `bytes` finishes serialising at `end`: lose it on the wire (`listed` by the
    /// scenario, or by chance), or say when it reaches the far end.
    fn wire(&mut self, listed: bool, bytes: u32, end: Time) -> Verdict {
        // Draw only on lossy links, so adding loss to one link never shifts another's stream.
        if listed || (self.loss > 0.0 && self.rng.random::<f64>() < self.loss) {
            self.stats.wire_losses += 1;
            return Verdict::WireLoss;
        }
        if end >= self.window.0 && end <= self.window.1 {
            self.stats.measured_bytes += bytes as u64;
        }
        let mut at = end.saturating_add(self.delay);
        if let Some(rng) = &mut self.jitter_rng {
            at = if self.jitter_kind == Jitter::Host && at <= self.last_arrival {
                // Due while the host is still catching up: it goes out in the same wake-up.
                self.last_arrival
            } else {
                at.saturating_add(rng.random_range(0..=self.jitter)).max(self.last_arrival)
            };
            self.last_arrival = at;
        }
        Verdict::Arrives(at)
    }

    /// AQM links: offer `pkt` to the discipline at `now`. What it drops (this packet or
    /// others) is left in `aqm_out` for the caller. Returns whether the caller must start a
    /// dequeue now: the transmitter is idle and no dequeue is scheduled.
    pub fn aqm_enqueue(&mut self, now: Time, pkt: Packet) -> bool {
        self.integrate(now);
        let q = self.aqm.as_mut().expect("an AQM link");
        q.enqueue(now, pkt, &mut self.aqm_out);
        self.stats.ecn_marks += self.aqm_out.marked as u64;
        self.aqm_bytes = q.len_bytes();
        self.stats.max_queue_bytes = self.stats.max_queue_bytes.max(self.aqm_bytes);
        self.stats.max_queue_packets = self.stats.max_queue_packets.max(q.len_packets() as u64);
        self.stats.queue_drops += self.aqm_out.dropped.len() as u64;
        !self.dequeue_pending && self.busy_until <= now
    }

    /// AQM links: the transmitter is free at `now`; take the next packet from the discipline
    /// and start sending it. Returns the packet and its fate, or `None` when the queue is empty
    /// (the discipline may have dropped packets on the way: see `aqm_out`). The caller
    /// schedules the next dequeue at [`Link::busy_until`] while [`Link::aqm_backlog`] is not 0.
    pub fn aqm_dequeue(&mut self, now: Time) -> Option<(Packet, Verdict)> {
        self.integrate(now);
        let q = self.aqm.as_mut().expect("an AQM link");
        let next = q.dequeue(now, &mut self.aqm_out);
        self.stats.ecn_marks += self.aqm_out.marked as u64;
        self.stats.queue_drops += self.aqm_out.dropped.len() as u64;
        self.aqm_bytes = q.len_bytes();
        let d = next?;
        let bytes = d.item.wire_bytes();
        let end = now.saturating_add(tx_time(bytes, self.rate_bps));
        self.busy_until = end;
        self.last_sojourn = now - d.enqueued_at;
        self.record_sojourn(now, self.last_sojourn);
        // The scripted drop list counts the data packets this transmitter sends (an AQM may
        // drop a packet after it was offered, so "offered" would be ambiguous here).
        let index = self.offered;
        let data = d.item.body.is_data();
        if data {
            self.offered += 1;
        }
        let listed = data && self.drop_list.front() == Some(&index);
        if listed {
            self.drop_list.pop_front();
        }
        let named = self.named_hit(Some(&d.item));
        let verdict = self.wire(listed || named, bytes, end);
        Some((d.item, verdict))
    }

    /// Packets the discipline holds (AQM links; DropTail's are in `queue_at`).
    pub fn aqm_backlog(&self) -> usize {
        self.aqm.as_ref().map_or(0, |q| q.len_packets())
    }

    /// When the transmitter finishes its current packet.
    pub fn busy_until(&self) -> Time {
        self.busy_until
    }

    /// Heap bytes of the link's state: the waiting list and the drop list.
    pub fn memory_bytes(&self) -> usize {
        self.waiting.memory_bytes()
            + self.drop_list.capacity() * 8
            + self.named.as_ref().map_or(0, |n| std::mem::size_of::<super::named_drop::NamedDrops>() + n.memory_bytes())
            + self.name.capacity()
            + self.aqm.as_ref().map_or(0, |q| q.memory_bytes())
            + self.aqm_out.dropped.capacity() * std::mem::size_of::<Packet>()
    }

    /// Bytes and packets waiting at `now`.
    pub fn queue_at(&mut self, now: Time) -> (u64, u64) {
        if let Some(q) = &self.aqm {
            return (q.len_bytes(), q.len_packets() as u64);
        }
        self.drain(now);
        (self.waiting.bytes(), self.waiting.len() as u64)
    }

    /// The queueing delay now: what a packet arriving now will wait (DropTail: until the
    /// transmitter is free), or the sojourn of the last packet an AQM handed over while
    /// packets wait (what CoDel judges); 0 with an empty queue.
    pub fn sojourn_now(&self, now: Time) -> Dur {
        match &self.aqm {
            None => self.busy_until.saturating_sub(now),
            Some(q) if q.len_packets() > 0 => self.last_sojourn,
            Some(_) => 0,
        }
    }

    /// Mean sojourn time of the packets that started transmission in the measurement window.
    pub fn mean_sojourn(&self) -> Option<f64> {
        (self.stats.sojourn_count > 0).then(|| self.stats.sojourn_sum as f64 / self.stats.sojourn_count as f64)
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

    /// 200 bursts of six 1500-byte packets, 1 ms apart, on a 100 Gbit/s link with up to 60 µs
    /// of jitter of `kind`: how many bursts arrive whole (all six at one instant), and whether
    /// every packet arrived in order, no earlier than without jitter and no later than the
    /// jitter allows after its burst's first packet was due.
    fn bursts_arriving_whole(kind: Jitter) -> usize {
        let mut l = Link::new("host".into(), 0, 1, 100_000_000_000, 5 * NS_PER_MS, QueueLimit::Unlimited, 0.0, derive_rng(1, "link", 0));
        let jitter = 60 * NS_PER_US;
        l.set_jitter(jitter, kind, derive_rng(7, "jitter", 0));
        let mut whole = 0;
        let mut last = 0;
        for b in 0..200u64 {
            let sent = b * NS_PER_MS;
            let at: Vec<Time> = (0..6)
                .map(|_| match l.offer(sent, 1500) {
                    Verdict::Arrives(t) => t,
                    v => panic!("{v:?}"),
                })
                .collect();
            let due = sent + 120 + 5 * NS_PER_MS;
            assert!(at[0] >= due && at[0] <= due + jitter, "burst {b}: {at:?}");
            assert!(at.windows(2).all(|w| w[0] <= w[1]) && at[0] >= last, "in order: {at:?}");
            last = at[5];
            whole += at.iter().all(|&t| t == at[0]) as usize;
        }
        whole
    }

    #[test]
    fn a_late_host_releases_a_burst_together_where_wire_jitter_spreads_it() {
        // The host's first packet is late by U(0, 60 µs); the other five are due within 0.6 µs
        // of it and so leave with it unless the draw was under 0.6 µs (1 % of draws).
        let host = bursts_arriving_whole(Jitter::Host);
        assert!(host >= 190, "{host} of 200 bursts whole");
        // On a wire every packet draws its own delay: a burst stays whole only when its first
        // packet drew the largest delay of the six and holds the rest behind it (1 in 6).
        let wire = bursts_arriving_whole(Jitter::Wire);
        assert!(wire <= 60, "{wire} of 200 bursts whole");
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
