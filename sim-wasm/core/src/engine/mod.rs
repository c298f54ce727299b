//! The discrete-event engine: simulated time, the event queue and seeded randomness.

pub mod math;
pub mod queue;
pub mod rng;
pub mod time;
pub mod timer;
