//! Byte-accurate weighted fair queueing: deficit round robin (Shreedhar & Varghese, SIGCOMM
//! 1995). Active streams wait in a queue; when a stream reaches the front it earns
//! weight × quantum bytes of credit, sends frames while it has credit and data (a frame never
//! carries more than the credit), then goes to the back with what is left. A stream that runs
//! out of data leaves the queue and loses its credit, so idling earns nothing. Shares are
//! therefore in bytes, whatever the frame sizes — unlike `wfq`, whose weights count frames.

use super::{Pick, StreamPrio, StreamScheduler};
use std::collections::VecDeque;

pub struct DeficitRoundRobin {
    quantum: Vec<u64>,
    deficit: Vec<u64>,
    queue: VecDeque<usize>,
    queued: Vec<bool>,
    /// The front stream has already been given this turn's quantum.
    topped_up: bool,
}

impl DeficitRoundRobin {
    pub fn new(streams: &[StreamPrio], quantum: u64) -> Self {
        let n = streams.len();
        DeficitRoundRobin {
            quantum: streams.iter().map(|s| s.weight.max(1) as u64 * quantum.max(1)).collect(),
            deficit: vec![0; n],
            queue: VecDeque::new(),
            queued: vec![false; n],
            topped_up: false,
        }
    }

    fn leave_front(&mut self) {
        if let Some(i) = self.queue.pop_front() {
            self.queued[i] = false;
            self.deficit[i] = 0;
        }
        self.topped_up = false;
    }
}

impl StreamScheduler for DeficitRoundRobin {
    fn name(&self) -> &'static str {
        "wfq-bytes"
    }

    fn activate(&mut self, i: usize) {
        if !self.queued[i] {
            self.queued[i] = true;
            self.queue.push_back(i);
        }
    }

    fn pick(&mut self, ready: &[bool]) -> Option<Pick> {
        // Each pass either returns, drops a stream or moves a topped-up stream back; a stream
        // is topped up at most once per turn, so this ends.
        loop {
            let &i = self.queue.front()?;
            if !ready[i] {
                self.leave_front();
                continue;
            }
            if !self.topped_up {
                self.deficit[i] += self.quantum[i];
                self.topped_up = true;
            }
            if self.deficit[i] > 0 {
                return Some(Pick { stream: i, limit: self.deficit[i], reason: "deficit" });
            }
            self.queue.rotate_left(1);
            self.topped_up = false;
        }
    }

    fn on_frame(&mut self, i: usize, bytes: u64, more: bool) {
        self.deficit[i] = self.deficit[i].saturating_sub(bytes);
        if self.queue.front() != Some(&i) {
            return;
        }
        if !more {
            self.leave_front();
        } else if self.deficit[i] == 0 {
            self.queue.rotate_left(1);
            self.topped_up = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::prio;
    use super::*;

    #[test]
    fn shares_are_in_bytes_whatever_the_frame_sizes() {
        // Stream 0 (weight 3) can only send 100-byte frames; stream 1 fills 1000-byte frames.
        let streams = [StreamPrio { weight: 3, ..prio(0) }, prio(4)];
        let mut s = DeficitRoundRobin::new(&streams, 1000);
        s.activate(0);
        s.activate(1);
        let mut bytes = [0u64; 2];
        for _ in 0..2000 {
            let p = s.pick(&[true, true]).unwrap();
            let sent = p.limit.min(if p.stream == 0 { 100 } else { 1000 });
            bytes[p.stream] += sent;
            s.on_frame(p.stream, sent, true);
        }
        let share = bytes[0] as f64 / (bytes[0] + bytes[1]) as f64;
        assert!((share - 0.75).abs() < 0.01, "byte share {share}");
    }

    #[test]
    fn an_idle_stream_keeps_no_credit() {
        let mut s = DeficitRoundRobin::new(&[prio(0), prio(4)], 1000);
        s.activate(0);
        let p = s.pick(&[true, false]).unwrap();
        assert_eq!(p.limit, 1000);
        s.on_frame(0, 10, false);
        s.activate(0);
        assert_eq!(s.pick(&[true, false]).unwrap().limit, 1000, "not 1990");
    }
}
