//! Plain MPTCP: a subflow on every path the flow may use, in the order they are listed.

use super::{FlowScheduler, PathChoice};
use crate::engine::rng::SimRng;

pub struct AllPaths;

impl FlowScheduler for AllPaths {
    fn choose(&self, _class: usize, paths: &[PathChoice], _rng: &mut SimRng) -> Vec<usize> {
        paths.iter().map(|p| p.route).collect()
    }
}
