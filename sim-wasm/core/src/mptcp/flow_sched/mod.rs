//! Flow-level scheduling: which paths a new MPTCP flow opens subflows on (docs/spec/ALGORITHMS.md
//! §2.3). Decided once, when the flow starts, from its size and the host's current per-path
//! RTT estimates.
//!
//! - `fsfs` (MPTCP-FSFS, Ye et al. 2018): by size class, the 1, 2, 3 or all lowest-RTT paths.
//! - `mptcp`: every path the flow may use (the paper's "MPTCP" baseline).
//! - `tcp`: one path, uniformly at random from the flow's own seeded stream (the paper's
//!   "TCP" baseline; **choice** per docs/spec/ALGORITHMS.md: as ECMP would).

pub mod all_paths;
pub mod fsfs;
pub mod one_path;

use crate::engine::rng::SimRng;
use crate::engine::time::Dur;
use serde::{Deserialize, Serialize};

/// Size-class names, shortest first.
pub const CLASS_NAMES: [&str; 4] = ["G0", "G1", "G2", "G3"];

/// Class of a flow of `size` bytes given the upper bounds of G0, G1 and G2 (bytes). Bulk
/// flows (no size) are long: G3.
pub fn size_class(size: Option<u64>, bounds: [u64; 3]) -> usize {
    match size {
        None => 3,
        Some(b) => bounds.iter().position(|&ub| b <= ub).unwrap_or(3),
    }
}

/// A path a flow may use, as the flow scheduler sees it.
#[derive(Debug, Clone, Copy)]
pub struct PathChoice {
    /// Index into the topology's routes.
    pub route: usize,
    /// The host's current smoothed RTT on the path (its base RTT before any sample).
    pub srtt: Dur,
}

pub trait FlowScheduler {
    /// Routes to open subflows on, in the order the subflows are numbered. `paths` is never
    /// empty.
    fn choose(&self, class: usize, paths: &[PathChoice], rng: &mut SimRng) -> Vec<usize>;
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Default, ts_rs::TS, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FlowSchedKind {
    Fsfs,
    #[default]
    Mptcp,
    Tcp,
}

/// Where a plain MPTCP flow ("mptcp" flow scheduling) opens its first subflow: the path of
/// the host's default route (docs/spec/ALGORITHMS.md §2.1).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Default, ts_rs::TS, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FirstPath {
    /// A path drawn uniformly at random from the flow's seeded stream (**choice**: the
    /// default route of a host with several interfaces is whichever came up first).
    #[default]
    #[schemars(title = "the host's default route")]
    Random,
    /// The first path of the flow's `paths` list, then the others in list order.
    #[schemars(title = "first of the paths list")]
    Listed,
    /// Copy k of a `count`ed flow starts on path k mod n and takes the next paths in turn,
    /// so every subflow count spreads the copies evenly over all paths (docs/spec/EXPERIMENTS.md,
    /// mptcp-short-flows).
    #[schemars(title = "copy k starts on path k mod n")]
    Spread,
}

impl FlowSchedKind {
    /// The scheduler; `first` and `copy_index` place a plain MPTCP flow's first subflow.
    pub fn make(self, class_subflows: [usize; 3], first: FirstPath, copy_index: usize) -> Box<dyn FlowScheduler> {
        match self {
            FlowSchedKind::Fsfs => Box::new(fsfs::Fsfs { class_subflows }),
            FlowSchedKind::Mptcp => Box::new(all_paths::AllPaths { first, copy_index }),
            FlowSchedKind::Tcp => Box::new(one_path::OnePath),
        }
    }
}

/// Every flow scheduler by the name scenarios use (`mptcp.flow_sched`, the serde names of
/// [`FlowSchedKind`]); the registry line's factory is the kind itself. tests/registry.rs checks
/// that every kind is listed.
pub const REGISTRY: &[crate::engine::registry::Entry<FlowSchedKind>] = &[
    crate::engine::registry::Entry {
        name: "fsfs",
        label: "fsfs — subflows by size class",
        doc: "MPTCP-FSFS (Ye et al. 2018): a flow of class G0, G1, G2 opens subflows on its 1, 2, 3 lowest-RTT paths (mptcp.class_subflows), a long flow (G3) on all.",
        params: None,
        reads: &[],
        make: FlowSchedKind::Fsfs,
    },
    crate::engine::registry::Entry {
        name: "mptcp",
        label: "mptcp — every path",
        doc: "Subflows on every path the flow may use (the FSFS paper's MPTCP baseline); mptcp.first_path places the first.",
        params: None,
        reads: &[],
        make: FlowSchedKind::Mptcp,
    },
    crate::engine::registry::Entry {
        name: "tcp",
        label: "tcp — one random path",
        doc: "One path drawn at random from the flow's seeded stream (the FSFS paper's TCP baseline, as ECMP would).",
        params: None,
        reads: &[],
        make: FlowSchedKind::Tcp,
    },
];

/// The `n` lowest-RTT paths (ties: the path listed first), in RTT order.
pub fn lowest_rtt(paths: &[PathChoice], n: usize) -> Vec<usize> {
    let mut v: Vec<(Dur, usize, usize)> = paths.iter().enumerate().map(|(k, p)| (p.srtt, k, p.route)).collect();
    v.sort();
    v.into_iter().take(n.max(1)).map(|(_, _, r)| r).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn class_boundaries_are_inclusive_upper_bounds() {
        let b = [100_000, 300_000, 800_000];
        let cases = [
            (Some(1), 0),
            (Some(100_000), 0),
            (Some(100_001), 1),
            (Some(300_000), 1),
            (Some(300_001), 2),
            (Some(800_000), 2),
            (Some(800_001), 3),
            (Some(u64::MAX), 3),
            (None, 3),
        ];
        for (size, want) in cases {
            assert_eq!(size_class(size, b), want, "{size:?}");
        }
        // Bounds are parameters.
        assert_eq!(size_class(Some(50_000), [10_000, 20_000, 40_000]), 3);
    }
}
