//! The discrete-event engine: simulated time, the event queue and seeded randomness, plus what
//! every layer above shares: timers, math, the registry shape of the pluggable roles and the
//! ids of flows, agents, links and paths. The bottom layer: it uses nothing else of the crate
//! (docs/ARCHITECTURE.md).

pub mod ids;
pub mod json;
pub mod math;
pub mod queue;
pub mod registry;
pub mod rng;
pub mod time;
pub mod timer;
