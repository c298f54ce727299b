//! RFC 9218 extensible priorities as a sender's scheduler: urgency 0–7 (default 3), lower
//! first (§4.1); within an urgency, non-incremental streams are served one at a time in
//! stream-id order, each to completion, and incremental streams share round robin (§4.2,
//! §10). **choice** (as quiche orders its streams): in one urgency the non-incremental
//! streams go before the incremental ones.

use super::{Pick, StreamPrio, StreamScheduler};

pub struct Extensible {
    streams: Vec<StreamPrio>,
    /// Last incremental stream served, per urgency, for the round robin.
    last: [Option<usize>; 8],
}

impl Extensible {
    pub fn new(streams: &[StreamPrio]) -> Self {
        Extensible { streams: streams.to_vec(), last: [None; 8] }
    }
}

impl StreamScheduler for Extensible {
    fn name(&self) -> &'static str {
        "rfc9218"
    }

    fn activate(&mut self, _i: usize) {}

    fn pick(&mut self, ready: &[bool]) -> Option<Pick> {
        let ready_idx = || (0..ready.len()).filter(|&i| ready[i]);
        let u = ready_idx().map(|i| self.streams[i].urgency.min(7)).min()?;
        let sequential = ready_idx()
            .filter(|&i| self.streams[i].urgency.min(7) == u && !self.streams[i].incremental)
            .min_by_key(|&i| self.streams[i].id);
        if let Some(i) = sequential {
            return Some(Pick::unlimited(i, "urgency_sequential"));
        }
        let n = ready.len();
        let start = self.last[u as usize].map_or(0, |l| l + 1);
        (0..n)
            .map(|k| (start + k) % n)
            .find(|&i| ready[i] && self.streams[i].urgency.min(7) == u)
            .map(|i| Pick::unlimited(i, "urgency_incremental"))
    }

    fn on_frame(&mut self, i: usize, _bytes: u64, _more: bool) {
        if self.streams[i].incremental {
            self.last[self.streams[i].urgency.min(7) as usize] = Some(i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{order, prio};
    use super::*;

    #[test]
    fn urgency_then_sequential_then_incremental() {
        let streams = [
            StreamPrio { incremental: true, ..prio(0) },
            StreamPrio { incremental: true, ..prio(4) },
            prio(8),
            prio(12),
            StreamPrio { urgency: 0, incremental: true, ..prio(16) },
        ];
        let mut s = Extensible::new(&streams);
        assert_eq!(order(&mut s, &[true; 5], 2), vec![4, 4], "urgency 0 first");
        assert_eq!(order(&mut s, &[true, true, true, true, false], 3), vec![2, 2, 2], "lowest-id non-incremental to completion");
        assert_eq!(order(&mut s, &[true, true, false, true, false], 1), vec![3]);
        assert_eq!(order(&mut s, &[true, true, false, false, false], 4), vec![0, 1, 0, 1], "incremental ones share");
    }
}
