//! Round robin, as quic-go's framer (framer.go, `AppendStreamFrames`): a queue of active
//! stream ids; a frame pops the front stream, takes as much of the packet as that stream has,
//! and the stream goes to the back of the queue if it still has data, otherwise it leaves the
//! queue. A stream that gets data again (`AddActiveStream`) joins at the back.

use super::{Pick, StreamScheduler};
use std::collections::VecDeque;

pub struct RoundRobin {
    queue: VecDeque<usize>,
    queued: Vec<bool>,
}

impl RoundRobin {
    pub fn new(n: usize) -> Self {
        RoundRobin { queue: VecDeque::new(), queued: vec![false; n] }
    }
}

impl StreamScheduler for RoundRobin {
    fn name(&self) -> &'static str {
        "rr"
    }

    fn activate(&mut self, i: usize) {
        if !self.queued[i] {
            self.queued[i] = true;
            self.queue.push_back(i);
        }
    }

    fn pick(&mut self, ready: &[bool]) -> Option<Pick> {
        while let Some(i) = self.queue.pop_front() {
            if ready[i] {
                return Some(Pick::unlimited(i, "round_robin"));
            }
            // Nothing to send after all (e.g. blocked by flow control): quic-go drops the id
            // from the active set; it comes back when the stream has data again.
            self.queued[i] = false;
        }
        None
    }

    fn on_frame(&mut self, i: usize, _bytes: u64, more: bool) {
        if more {
            self.queue.push_back(i);
        } else {
            self.queued[i] = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::order;
    use super::*;

    #[test]
    fn streams_take_turns_and_a_new_one_joins_at_the_back() {
        let mut s = RoundRobin::new(4);
        assert_eq!(order(&mut s, &[true, true, true, false], 4), vec![0, 1, 2, 0]);
        s.activate(3);
        let ready = [true, true, true, true];
        let next: Vec<usize> = (0..4)
            .map(|_| {
                let p = s.pick(&ready).unwrap();
                s.on_frame(p.stream, 1000, true);
                p.stream
            })
            .collect();
        assert_eq!(next, vec![1, 2, 0, 3], "stream 3 waits behind the streams already queued");
    }

    #[test]
    fn a_drained_stream_leaves_the_ring() {
        let mut s = RoundRobin::new(2);
        s.activate(0);
        s.activate(1);
        let p = s.pick(&[true, true]).unwrap();
        s.on_frame(p.stream, 10, false);
        assert_eq!(s.pick(&[false, true]).unwrap().stream, 1);
        s.on_frame(1, 10, true);
        assert_eq!(s.pick(&[true, true]).unwrap().stream, 1, "stream 0 is gone until activated again");
    }
}
