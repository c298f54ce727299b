//! Single-path TCP baseline: one subflow on a path drawn uniformly at random from the flow's
//! own seeded stream (**choice**, docs/spec/ALGORITHMS.md §2.3: as ECMP hashing would spread flows).

use super::{FlowScheduler, PathChoice};
use crate::engine::rng::SimRng;
use rand::Rng;

pub struct OnePath;

impl FlowScheduler for OnePath {
    fn choose(&self, _class: usize, paths: &[PathChoice], rng: &mut SimRng) -> Vec<usize> {
        vec![paths[rng.random_range(0..paths.len())].route]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::derive_rng;

    #[test]
    fn spreads_flows_over_all_paths() {
        let paths: Vec<PathChoice> = (0..4).map(|route| PathChoice { route, srtt: 1 }).collect();
        let mut counts = [0; 4];
        for i in 0..400 {
            let mut rng = derive_rng(7, "flow", i);
            let c = OnePath.choose(0, &paths, &mut rng);
            assert_eq!(c.len(), 1);
            counts[c[0]] += 1;
        }
        assert!(counts.iter().all(|&c| c > 60), "{counts:?}");
    }
}
