//! The event queue: a binary min-heap ordered by (time, sequence number), plus FIFO lanes.
//!
//! The sequence number is assigned when an event is scheduled, so two events at the same
//! nanosecond run in the order they were scheduled — a total order that does not depend on
//! the heap's internals, and the reason runs are reproducible.
//!
//! Lanes: many events are known to come due in the order they are scheduled — the arrivals at
//! the far end of one link (a FIFO transmitter and a constant delay: packets on a link never
//! overtake each other), the start times of generated flows (drawn in time order). A lane
//! keeps such events in a FIFO and only its head sits in the heap, under the head's own
//! (time, sequence) key; when the head runs, the next one takes its place in the heap with its
//! own key. The heap then holds one entry per busy link instead of one per packet on a wire
//! (and none for the 10⁵ flow starts of a traffic run), which keeps it small and cache-warm:
//! its sift-down was a third of a many-flow run's time. Every event keeps the key it was
//! given when scheduled, so events run in exactly the order a single heap would run them: a
//! lane changes the cost, never the order (and so never a result).

use super::time::Time;
use std::cmp::Ordering;
use std::collections::{BinaryHeap, VecDeque};

/// What a heap entry stands for: an event, or the head of a lane.
enum Item<E> {
    Event(E),
    Lane(u32),
}

struct Entry<E> {
    time: Time,
    seq: u64,
    item: Item<E>,
}

impl<E> PartialEq for Entry<E> {
    fn eq(&self, other: &Self) -> bool {
        (self.time, self.seq) == (other.time, other.seq)
    }
}
impl<E> Eq for Entry<E> {}
impl<E> PartialOrd for Entry<E> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<E> Ord for Entry<E> {
    fn cmp(&self, other: &Self) -> Ordering {
        // Reversed: BinaryHeap is a max-heap and we want the earliest event on top.
        (other.time, other.seq).cmp(&(self.time, self.seq))
    }
}

/// A deterministic priority queue of events of type `E`.
pub struct EventQueue<E> {
    heap: BinaryHeap<Entry<E>>,
    /// Each lane's pending events, head first: (time, seq, event), in key order. A non-empty
    /// lane has exactly one heap entry, carrying its head's key.
    lanes: Vec<VecDeque<(Time, u64, E)>>,
    /// Per lane, the most events it ever held at once, and their sum (for the memory estimate).
    lane_peaks: Vec<usize>,
    lane_peak_total: usize,
    next_seq: u64,
    /// Events pending in all (heap events and lane events).
    len: usize,
    /// Most heap entries ever at once: the part of the heap's allocation ever written.
    peak: usize,
}

impl<E> Default for EventQueue<E> {
    fn default() -> Self {
        EventQueue { heap: BinaryHeap::new(), lanes: Vec::new(), lane_peaks: Vec::new(), lane_peak_total: 0, next_seq: 0, len: 0, peak: 0 }
    }
}

impl<E: Copy> EventQueue<E> {
    pub fn schedule(&mut self, time: Time, event: E) {
        self.heap.push(Entry { time, seq: self.next_seq, item: Item::Event(event) });
        self.next_seq += 1;
        self.len += 1;
        self.peak = self.peak.max(self.heap.len());
    }

    /// Add `n` lanes; returns the id of the first.
    pub fn add_lanes(&mut self, n: usize) -> u32 {
        let first = self.lanes.len() as u32;
        self.lanes.resize_with(self.lanes.len() + n, VecDeque::new);
        self.lane_peaks.resize(self.lanes.len(), 0);
        first
    }

    /// The time of the last event pending in `lane`, if any: an event may join the lane only
    /// at this time or later.
    pub fn lane_back(&self, lane: u32) -> Option<Time> {
        self.lanes[lane as usize].back().map(|e| e.0)
    }

    /// Schedule `event` at `time` in `lane`. The caller guarantees `time` is no earlier than
    /// the lane's last pending event ([`EventQueue::lane_back`]), which is what lets the lane
    /// keep only its head in the heap; an earlier time goes to the heap instead (same key, so
    /// the same order — only the cost differs).
    pub fn schedule_in_lane(&mut self, lane: u32, time: Time, event: E) {
        let l = &mut self.lanes[lane as usize];
        match l.back() {
            Some(&(last, _, _)) if time < last => {
                debug_assert!(false, "lane {lane}: event at {time} ns after one at {last} ns");
                return self.schedule(time, event);
            }
            Some(_) => {}
            None => {
                self.heap.push(Entry { time, seq: self.next_seq, item: Item::Lane(lane) });
                self.peak = self.peak.max(self.heap.len());
            }
        }
        l.push_back((time, self.next_seq, event));
        self.next_seq += 1;
        self.len += 1;
        let peak = &mut self.lane_peaks[lane as usize];
        if l.len() > *peak {
            *peak += 1;
            self.lane_peak_total += 1;
        }
    }

    /// Bytes of the queue's allocations that have been written: the most heap entries ever
    /// pending and the most events each lane ever held (the rest of a doubled allocation is
    /// address space the operating system has not backed with memory yet).
    pub fn memory_bytes(&self) -> usize {
        self.peak * std::mem::size_of::<Entry<E>>()
            + self.lane_peak_total * std::mem::size_of::<(Time, u64, E)>()
            + self.lanes.capacity() * (std::mem::size_of::<VecDeque<(Time, u64, E)>>() + std::mem::size_of::<usize>())
    }

    /// Time of the earliest pending event.
    pub fn peek_time(&self) -> Option<Time> {
        self.heap.peek().map(|e| e.time)
    }

    pub fn pop(&mut self) -> Option<(Time, E)> {
        let mut top = self.heap.peek_mut()?;
        self.len -= 1;
        match top.item {
            Item::Event(_) => {
                let e = std::collections::binary_heap::PeekMut::pop(top);
                let Item::Event(ev) = e.item else { unreachable!("matched above") };
                Some((e.time, ev))
            }
            Item::Lane(lane) => {
                let l = &mut self.lanes[lane as usize];
                let (time, _, ev) = l.pop_front().expect("a lane in the heap is not empty");
                match l.front() {
                    // The lane's next event takes the head's place: one sift-down, the same
                    // cost as a pop, instead of a pop and a push.
                    Some(&(t, seq, _)) => {
                        top.time = t;
                        top.seq = seq;
                    }
                    None => {
                        std::collections::binary_heap::PeekMut::pop(top);
                    }
                }
                Some((time, ev))
            }
        }
    }

    /// The lane whose head is the next event to pop, when the next event is a lane's: lets
    /// the caller start loading what that event will touch while it handles the current one.
    #[inline]
    pub fn peek_lane(&self) -> Option<u32> {
        match self.heap.peek()?.item {
            Item::Lane(lane) => Some(lane),
            Item::Event(_) => None,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_by_time_then_by_scheduling_order() {
        let mut q = EventQueue::default();
        q.schedule(30, "c");
        q.schedule(10, "a1");
        q.schedule(20, "b");
        q.schedule(10, "a2");
        q.schedule(10, "a3");
        let order: Vec<_> = std::iter::from_fn(|| q.pop()).collect();
        assert_eq!(order, vec![(10, "a1"), (10, "a2"), (10, "a3"), (20, "b"), (30, "c")]);
    }

    /// Lanes change the cost, not the order: the same schedule run through lanes and through
    /// the heap alone pops identically, ties at one instant included.
    #[test]
    fn lanes_pop_in_the_order_a_single_heap_would() {
        let mut with_lanes = EventQueue::default();
        let mut heap_only = EventQueue::default();
        with_lanes.add_lanes(3);
        let mut x: u64 = 12345;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut lane_time = [0u64; 3];
        let mut now = 0;
        let mut popped = (Vec::new(), Vec::new());
        for i in 0..5000u32 {
            let r = next();
            if r % 4 == 0 {
                // A timer at any time from now on (coarse times, so instants collide).
                let t = now + (next() % 8) * 10;
                with_lanes.schedule(t, i);
                heap_only.schedule(t, i);
            } else {
                let lane = (r % 3) as usize;
                lane_time[lane] = lane_time[lane].max(now) + (next() % 3) * 10;
                with_lanes.schedule_in_lane(lane as u32, lane_time[lane], i);
                heap_only.schedule(lane_time[lane], i);
            }
            if r % 3 == 0 {
                let (a, b) = (with_lanes.pop(), heap_only.pop());
                now = a.map_or(now, |(t, _)| t);
                popped.0.push(a);
                popped.1.push(b);
            }
            assert_eq!(with_lanes.len(), heap_only.len());
        }
        popped.0.extend(std::iter::from_fn(|| with_lanes.pop()).map(Some));
        popped.1.extend(std::iter::from_fn(|| heap_only.pop()).map(Some));
        assert_eq!(popped.0, popped.1);
        assert!(with_lanes.is_empty());
    }

    #[test]
    fn peek_lane_names_the_lane_of_the_next_event() {
        let mut q = EventQueue::default();
        q.add_lanes(2);
        assert_eq!(q.peek_lane(), None);
        q.schedule_in_lane(1, 20, "lane 1");
        q.schedule(10, "timer");
        q.schedule_in_lane(0, 30, "lane 0");
        assert_eq!(q.peek_lane(), None, "the timer comes first");
        q.pop();
        assert_eq!(q.peek_lane(), Some(1));
        q.pop();
        assert_eq!(q.peek_lane(), Some(0));
        q.pop();
        assert_eq!(q.peek_lane(), None);
    }
}
