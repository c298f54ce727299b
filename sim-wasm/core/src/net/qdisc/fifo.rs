//! The one first-in, first-out queue: items in arrival order, each with a timestamp, and a
//! running count of their bytes.
//!
//! Every discipline holds its packets in a [`Fifo`] (DropTail, RED, CoDel and PIE one each,
//! FQ-CoDel one per flow queue), and so does the link's DropTail fast path, which queues bare
//! byte counts stamped with their transmission start (net/link.rs). The timestamp is what the
//! holder needs to know about when an item joined: its enqueue time for a discipline (now − it
//! is the sojourn CoDel and PIE judge), its transmission start on the fast path. The byte count
//! is kept with every push and pop so a queue's backlog is never recomputed, and
//! [`Fifo::admits`] applies the link's buffer as every discipline's hard limit, with the one
//! rule written in [`super::droptail::admits`].

use super::{Dequeued, Limit};
use crate::engine::time::Time;
use std::collections::VecDeque;

/// Bytes on the wire: all a [`Fifo`] needs to know about what it holds.
pub trait WireSize {
    fn wire_bytes(&self) -> u32;
}

/// A bare byte count (the link's fast path queues nothing else).
impl WireSize for u32 {
    fn wire_bytes(&self) -> u32 {
        *self
    }
}

/// A timestamped, byte-counted FIFO.
#[derive(Debug)]
pub struct Fifo<T> {
    items: VecDeque<(T, Time)>,
    bytes: u64,
}

impl<T> Default for Fifo<T> {
    fn default() -> Self {
        Fifo { items: VecDeque::new(), bytes: 0 }
    }
}

impl<T: WireSize> Fifo<T> {
    pub fn new() -> Self {
        Self::default()
    }

    /// Append `item`, stamped `at`.
    pub fn push(&mut self, item: T, at: Time) {
        self.bytes += item.wire_bytes() as u64;
        self.items.push_back((item, at));
    }

    /// Take the head item with its stamp.
    pub fn pop(&mut self) -> Option<Dequeued<T>> {
        let (item, enqueued_at) = self.items.pop_front()?;
        self.bytes -= item.wire_bytes() as u64;
        Some(Dequeued { item, enqueued_at })
    }

    /// The head item's stamp.
    pub fn front_time(&self) -> Option<Time> {
        self.items.front().map(|&(_, t)| t)
    }

    /// Items queued.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Bytes queued.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Whether an item of `bytes` may join under the hard `limit`, as a discipline applies it.
    /// A discipline does not see the transmitter, but the link dequeues whenever its
    /// transmitter is free, so the transmitter can only be idle when the queue is empty: an
    /// empty queue admits. (This differs from [`super::droptail::admits`] only when the
    /// transmitter is busy, the queue empty and the buffer too small for even one packet — a
    /// buffer no scenario should have.)
    pub fn admits(&self, limit: Limit, bytes: u32) -> bool {
        super::droptail::admits(limit, self.items.len() as u64, self.bytes, bytes, !self.items.is_empty())
    }

    /// Heap bytes held, for the run's memory budget.
    pub fn memory_bytes(&self) -> usize {
        self.items.capacity() * std::mem::size_of::<(T, Time)>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_in_first_out_with_stamps_and_bytes() {
        let mut q = Fifo::new();
        for (i, b) in [1500u32, 64, 700].into_iter().enumerate() {
            q.push(b, i as Time * 10);
        }
        assert_eq!((q.len(), q.bytes(), q.front_time()), (3, 2264, Some(0)));
        let d = q.pop().unwrap();
        assert_eq!((d.item, d.enqueued_at), (1500, 0));
        assert_eq!((q.len(), q.bytes(), q.front_time()), (2, 764, Some(10)));
        q.pop();
        q.pop();
        assert!(q.is_empty() && q.bytes() == 0 && q.pop().is_none());
    }

    #[test]
    fn the_hard_limit_counts_what_waits() {
        let mut q = Fifo::new();
        assert!(q.admits(Limit::Packets(0), 1500), "an empty queue admits: the transmitter is idle");
        q.push(1500u32, 0);
        assert!(q.admits(Limit::Packets(2), 1500));
        assert!(!q.admits(Limit::Packets(1), 1500));
        assert!(q.admits(Limit::Bytes(3000), 1500));
        assert!(!q.admits(Limit::Bytes(2999), 1500));
        assert!(q.admits(Limit::Unlimited, u32::MAX));
    }
}
