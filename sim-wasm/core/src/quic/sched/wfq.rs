//! Weighted fair queueing as the seed paper (PE-WASUN'23) implements it: the ring of quic-go's
//! framer (fork fatimafp95/quic-go_scheduler, framer.go, `AddActiveStream` case "wfq",
//! `AppendStreamFrames`, `CleanStreamQueueWFQ`), in which a stream's id appears `weight` times.
//!
//! - A stream that becomes active (gets data while not in the ring) has its `weight` copies
//!   appended **at the tail** of the ring, one after another; activating an active stream does
//!   nothing. So a stream that gets data waits behind every copy of every stream already in
//!   the ring.
//! - A frame pops the id at the head. If that stream still has data afterwards, one copy goes
//!   back to the tail (its other copies stay where they are); if it has nothing left, every
//!   copy of it leaves the ring and the stream is inactive until it gets data again.
//! - An id popped for a stream with nothing to send after all (blocked by flow control) is
//!   handled as a drained stream: all its copies leave the ring (quic-go pops no frame and
//!   the stream reports no more data).
//!
//! Under backlog a stream with weight w gets w frames per round of Σ weights — in a busy
//! connection, packets, not bytes (`wfq-bytes` is the byte-accurate one) — and its copies
//! travel together, so it sends its w frames back to back. The evenly interleaved ring is a
//! different scheduler, `wfq-spread`.

use super::{Pick, StreamPrio, StreamScheduler};
use std::collections::VecDeque;

pub struct WeightedRing {
    weight: Vec<u32>,
    ring: VecDeque<usize>,
    /// In the ring (quic-go's `activeStreams`).
    active: Vec<bool>,
}

impl WeightedRing {
    pub fn new(streams: &[StreamPrio]) -> Self {
        // framer.go: the default priority is 1 and the stream gets 1 + (prior − 1) copies.
        let weight = streams.iter().map(|s| s.weight.max(1)).collect();
        WeightedRing { weight, ring: VecDeque::new(), active: vec![false; streams.len()] }
    }

    /// Take stream `i` out of the ring: every copy (framer.go `CleanStreamQueueWFQ`).
    fn remove(&mut self, i: usize) {
        self.active[i] = false;
        self.ring.retain(|&j| j != i);
    }

    #[cfg(test)]
    pub fn ring(&self) -> Vec<usize> {
        self.ring.iter().copied().collect()
    }
}

impl StreamScheduler for WeightedRing {
    fn name(&self) -> &'static str {
        "wfq"
    }

    fn activate(&mut self, i: usize) {
        if !self.active[i] {
            self.active[i] = true;
            for _ in 0..self.weight[i] {
                self.ring.push_back(i);
            }
        }
    }

    fn pick(&mut self, ready: &[bool]) -> Option<Pick> {
        while let Some(i) = self.ring.pop_front() {
            if ready[i] {
                return Some(Pick::unlimited(i, "weighted_ring"));
            }
            self.remove(i);
        }
        None
    }

    fn on_frame(&mut self, i: usize, _bytes: u64, more: bool) {
        if more {
            self.ring.push_back(i);
        } else {
            self.remove(i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{order, prio};
    use super::*;

    fn w(id: u64, weight: u32) -> StreamPrio {
        StreamPrio { weight, ..prio(id) }
    }

    /// Next `n` picks, every stream staying ready.
    fn next(s: &mut WeightedRing, ready: &[bool], n: usize) -> Vec<usize> {
        (0..n)
            .map(|_| {
                let p = s.pick(ready).expect("something is ready");
                s.on_frame(p.stream, 1000, true);
                p.stream
            })
            .collect()
    }

    #[test]
    fn a_newly_active_stream_waits_behind_the_whole_ring() {
        // Bulk 0 (weight 2) and 1 (weight 1) busy; control 2 (weight 3) idle at first.
        let mut s = WeightedRing::new(&[w(0, 2), w(4, 1), w(8, 3)]);
        assert_eq!(order(&mut s, &[true, true, false], 1), vec![0]);
        assert_eq!(s.ring(), vec![0, 1, 0]);
        // Control gets data: its three copies go to the tail, behind every bulk copy.
        s.activate(2);
        s.activate(2);
        assert_eq!(s.ring(), vec![0, 1, 0, 2, 2, 2], "activating an active stream adds nothing");
        let all = [true, true, true];
        assert_eq!(next(&mut s, &all, 9), vec![0, 1, 0, 2, 2, 2, 0, 1, 0]);
    }

    #[test]
    fn a_drained_stream_leaves_the_ring_with_all_its_copies() {
        let mut s = WeightedRing::new(&[w(0, 1), w(4, 1), w(8, 3)]);
        assert_eq!(order(&mut s, &[true, true, true], 1), vec![0]);
        assert_eq!(s.ring(), vec![1, 2, 2, 2, 0]);
        assert_eq!(next(&mut s, &[true, true, true], 1), vec![1]);
        // Control sends its only message in one frame: all three copies go.
        let p = s.pick(&[true, true, true]).unwrap();
        assert_eq!(p.stream, 2);
        s.on_frame(2, 40, false);
        assert_eq!(s.ring(), vec![0, 1]);
        assert_eq!(next(&mut s, &[true, true, false], 2), vec![0, 1]);
        // Its next message joins the tail again, three copies.
        s.activate(2);
        assert_eq!(s.ring(), vec![0, 1, 2, 2, 2]);
        // A stream found with nothing to send (flow control) is dropped the same way.
        assert_eq!(s.pick(&[false, true, true]).unwrap().stream, 1);
        assert_eq!(s.ring(), vec![2, 2, 2]);
        s.on_frame(1, 1000, true);
        assert_eq!(s.ring(), vec![2, 2, 2, 1]);
    }

    #[test]
    fn weights_three_to_one_give_three_to_one_packets_under_backlog() {
        let mut s = WeightedRing::new(&[w(0, 3), w(4, 1)]);
        let picks = order(&mut s, &[true, true], 400);
        assert_eq!(picks.iter().filter(|&&i| i == 0).count(), 300, "75 % of the frames");
        assert_eq!(&picks[..8], &[0, 0, 0, 1, 0, 0, 0, 1], "the copies travel together");
    }
}
