//! Absolute priority (the seed paper's ABS): the ready stream with the highest `priority`
//! always goes first and stays at the head while it has data; lower streams only fill what
//! it leaves. **choice**: streams of equal priority take turns (round robin among them, in
//! stream order after the last one of that priority served), which makes ABS with equal
//! priorities plain RR; a higher stream cutting in does not reset the turn of the lower ones.

use super::{Pick, StreamPrio, StreamScheduler};
use std::collections::BTreeMap;

pub struct Absolute {
    priority: Vec<i32>,
    /// Last stream served, per priority level.
    last: BTreeMap<i32, usize>,
}

impl Absolute {
    pub fn new(streams: &[StreamPrio]) -> Self {
        Absolute { priority: streams.iter().map(|s| s.priority).collect(), last: BTreeMap::new() }
    }
}

impl StreamScheduler for Absolute {
    fn name(&self) -> &'static str {
        "abs"
    }

    fn activate(&mut self, _i: usize) {}

    fn pick(&mut self, ready: &[bool]) -> Option<Pick> {
        let top = (0..ready.len()).filter(|&i| ready[i]).map(|i| self.priority[i]).max()?;
        let n = ready.len();
        // Ties: the next stream of the top priority after the one served last.
        let start = self.last.get(&top).map_or(0, |l| l + 1);
        (0..n).map(|k| (start + k) % n).find(|&i| ready[i] && self.priority[i] == top).map(|i| Pick::unlimited(i, "highest_priority"))
    }

    fn on_frame(&mut self, i: usize, _bytes: u64, _more: bool) {
        self.last.insert(self.priority[i], i);
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{order, prio};
    use super::*;

    #[test]
    fn the_highest_priority_stream_always_goes_first() {
        let streams = [prio(0), StreamPrio { priority: 5, ..prio(4) }, prio(8)];
        let mut s = Absolute::new(&streams);
        assert_eq!(order(&mut s, &[true, true, true], 4), vec![1, 1, 1, 1]);
        assert_eq!(order(&mut s, &[true, false, true], 3), vec![0, 2, 0], "the rest, in turns, only when it is idle");
        assert_eq!(order(&mut s, &[true, true, true], 1), vec![1]);
        assert_eq!(order(&mut s, &[true, false, true], 1), vec![2], "the turn of the lower streams survives the cut-in");
    }
}
