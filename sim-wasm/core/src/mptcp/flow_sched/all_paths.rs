//! Plain MPTCP: a subflow on every path the flow may use. The first subflow goes on the
//! host's default route (see [`FirstPath`]): a random path by default, so a short flow's
//! single useful subflow may land on a long-RTT path — one of the reasons the MPTCP-FSFS
//! paper gives for plain MPTCP's poorer short-flow FCT. The other paths follow in list order
//! (they are joined once the first subflow is up).

use super::{FirstPath, FlowScheduler, PathChoice};
use crate::engine::rng::SimRng;
use rand::Rng;

pub struct AllPaths {
    pub first: FirstPath,
    /// Which copy of a counted flow this is (for [`FirstPath::Spread`]).
    pub copy_index: usize,
}

impl FlowScheduler for AllPaths {
    fn choose(&self, _class: usize, paths: &[PathChoice], rng: &mut SimRng) -> Vec<usize> {
        let mut order: Vec<usize> = paths.iter().map(|p| p.route).collect();
        match self.first {
            FirstPath::Listed => {}
            FirstPath::Spread => {
                let k = self.copy_index % order.len().max(1);
                order.rotate_left(k);
            }
            FirstPath::Random => {
                if !order.is_empty() {
                    let first = order.remove(rng.random_range(0..order.len()));
                    order.insert(0, first);
                }
            }
        }
        order
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::derive_rng;

    fn paths(n: usize) -> Vec<PathChoice> {
        (0..n).map(|route| PathChoice { route, srtt: (route as u64 + 1) * 1_000_000 }).collect()
    }

    #[test]
    fn random_first_path_is_drawn_from_the_flows_stream() {
        let p = paths(10);
        let a = AllPaths { first: FirstPath::Random, copy_index: 0 };
        let mut firsts = std::collections::BTreeSet::new();
        for flow in 0..200u64 {
            let got = a.choose(3, &p, &mut derive_rng(7, "mptcp-paths", flow));
            assert_eq!(got.len(), 10, "every path");
            let mut sorted = got.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..10).collect::<Vec<_>>());
            let rest: Vec<_> = got[1..].to_vec();
            assert!(rest.windows(2).all(|w| w[0] < w[1]), "the others stay in list order: {got:?}");
            firsts.insert(got[0]);
            assert_eq!(got, a.choose(3, &p, &mut derive_rng(7, "mptcp-paths", flow)), "seeded");
        }
        assert_eq!(firsts.len(), 10, "not always the fastest path: {firsts:?}");
    }

    #[test]
    fn spread_rotates_by_copy_and_listed_keeps_order() {
        let p = paths(5);
        let mut rng = derive_rng(1, "t", 0);
        let s = |k| AllPaths { first: FirstPath::Spread, copy_index: k }.choose(3, &p, &mut derive_rng(1, "t", 0));
        assert_eq!(s(0), vec![0, 1, 2, 3, 4]);
        assert_eq!(s(7), vec![2, 3, 4, 0, 1]);
        assert_eq!(AllPaths { first: FirstPath::Listed, copy_index: 3 }.choose(3, &p, &mut rng), vec![0, 1, 2, 3, 4]);
    }
}
