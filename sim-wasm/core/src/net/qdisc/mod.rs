//! Queue disciplines: what a link's queue does with the packets waiting for its transmitter.
//!
//! One discipline per file, behind [`Qdisc`] (the shape of a Linux qdisc or an ns-3
//! `QueueDisc`): the link offers each packet with [`Qdisc::enqueue`] and, whenever its
//! transmitter is free and the queue is not empty, takes the next packet with
//! [`Qdisc::dequeue`]. A discipline may drop at either point (RED and PIE at enqueue, CoDel at
//! dequeue, FQ-CoDel both) and, for an ECN-capable packet, mark it Congestion Experienced
//! instead of dropping it (RFC 3168 §5). Every packet it drops goes to the [`Out`] sink, so
//! the link can account for it (per-flow drops, the event log) without allocating.
//!
//! DropTail is special in one way: it never reorders and only drops on arrival against a fixed
//! limit, so every packet's departure is known when it is enqueued. The link uses that
//! ([`Qdisc::fifo_limit`]) to schedule a packet's whole future at once, with no dequeue event;
//! the other disciplines decide at dequeue time and the link runs them with a dequeue event
//! whenever its transmitter frees (net/link.rs).
//!
//! Disciplines are generic over the item so their control laws can be unit-tested on
//! constructed arrival patterns without building packets.

use crate::engine::time::Time;

/// What a queue discipline needs to know about a packet.
pub trait QueueItem {
    /// Bytes on the wire: what the queue's byte counts and the transmitter see.
    fn wire_bytes(&self) -> u32;
    /// The flow it belongs to, for per-flow queueing (FQ-CoDel's classifier hashes this).
    fn flow_key(&self) -> u32;
    /// Whether the sender marked it ECN-capable (ECT(0) or ECT(1)).
    fn ecn_capable(&self) -> bool;
    /// Set Congestion Experienced (only called on an ECN-capable packet).
    fn mark_ce(&mut self);
}

/// Where a discipline puts what it drops, and the marks it made. The link owns one and
/// reuses it, so a drop costs no allocation.
#[derive(Debug)]
pub struct Out<T> {
    /// Packets dropped by the last call, in the order dropped.
    pub dropped: Vec<T>,
    /// Packets marked CE by the last call.
    pub marked: u32,
}

impl<T> Default for Out<T> {
    fn default() -> Self {
        Out { dropped: Vec::new(), marked: 0 }
    }
}

impl<T> Out<T> {
    /// Forget the previous call's results (the caller has accounted for them).
    pub fn clear(&mut self) {
        self.dropped.clear();
        self.marked = 0;
    }
}

/// A packet leaving the queue for the transmitter.
#[derive(Debug)]
pub struct Dequeued<T> {
    pub item: T,
    /// When it was enqueued: now − this is its sojourn time.
    pub enqueued_at: Time,
}

/// A discipline's fixed limit, for the one that is a plain FIFO with tail drop.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Limit {
    Packets(u64),
    Bytes(u64),
    Unlimited,
}

/// A queue discipline for one direction of one link.
pub trait Qdisc<T: QueueItem> {
    /// Offer `item` at `now`. It is queued, or dropped (to `out.dropped`); a discipline may
    /// also drop packets already queued (FQ-CoDel drops from the fattest flow when full).
    fn enqueue(&mut self, now: Time, item: T, out: &mut Out<T>);

    /// The transmitter is free at `now`: hand over the next packet, if any. Packets the
    /// discipline drops on the way (CoDel's head drops) go to `out.dropped`.
    fn dequeue(&mut self, now: Time, out: &mut Out<T>) -> Option<Dequeued<T>>;

    /// Packets waiting.
    fn len_packets(&self) -> usize;

    /// Bytes waiting.
    fn len_bytes(&self) -> u64;

    /// `Some(limit)` for a discipline that is a FIFO dropping only arriving packets that would
    /// exceed `limit` (DropTail): the link then schedules each packet's departure at enqueue.
    fn fifo_limit(&self) -> Option<Limit> {
        None
    }

    /// Heap bytes held, for the run's memory budget.
    fn memory_bytes(&self) -> usize;
}
