//! netlab-core: a deterministic discrete-event simulator of transport-protocol algorithms.
//!
//! The same library runs natively (tests, the `netlab` CLI, benchmarks) and in the browser
//! through the thin `netlab-wasm` adapter. It never reads the OS clock and draws every random
//! number from streams seeded by the scenario, so a scenario and a seed determine a run.

pub mod cc;
pub mod engine;
