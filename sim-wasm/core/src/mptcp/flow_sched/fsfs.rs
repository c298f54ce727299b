//! MPTCP-FSFS (Ye, Dong, Duan, Wang, J. Central South Univ. 2018): a flow of class G0, G1,
//! G2 opens subflows on its 1, 2, 3 lowest-RTT paths (the counts are parameters), a long
//! flow (G3) on all of them. Short flows thus avoid the slow paths, where a tiny per-subflow
//! window cannot produce three duplicate ACKs and a loss costs a retransmission timeout.

use super::{lowest_rtt, FlowScheduler, PathChoice};
use crate::engine::rng::SimRng;

pub struct Fsfs {
    /// Subflows for G0, G1, G2 (paper: 1, 2, 3).
    pub class_subflows: [usize; 3],
}

impl FlowScheduler for Fsfs {
    fn choose(&self, class: usize, paths: &[PathChoice], _rng: &mut SimRng) -> Vec<usize> {
        let n = self.class_subflows.get(class).copied().unwrap_or(paths.len());
        lowest_rtt(paths, n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::derive_rng;

    #[test]
    fn class_picks_the_lowest_rtt_paths() {
        let ms = 1_000_000;
        let paths: Vec<PathChoice> =
            [50, 20, 80, 20, 10].iter().enumerate().map(|(route, &r)| PathChoice { route, srtt: r * ms }).collect();
        let f = Fsfs { class_subflows: [1, 2, 3] };
        let mut rng = derive_rng(1, "t", 0);
        assert_eq!(f.choose(0, &paths, &mut rng), vec![4]);
        assert_eq!(f.choose(1, &paths, &mut rng), vec![4, 1], "ties go to the path listed first");
        assert_eq!(f.choose(2, &paths, &mut rng), vec![4, 1, 3]);
        assert_eq!(f.choose(3, &paths, &mut rng).len(), 5, "long flows use every path");
        assert_eq!(f.choose(2, &paths[..2], &mut rng).len(), 2, "never more than there are");
    }
}
