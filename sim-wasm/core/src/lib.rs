//! netlab-core: a deterministic discrete-event simulator of transport-protocol algorithms.
//!
//! The same library runs natively (tests, the `netlab` CLI, benchmarks) and in the browser
//! through the thin `netlab-wasm` adapter. It never reads the OS clock and draws every random
//! number from streams seeded by the scenario, so a scenario and a seed determine a run.
//!
//! Start at [`Simulation`]: build one from scenario JSON, advance it in slices of simulated
//! time, read its series and finally its [`Summary`].

pub mod batch;
pub mod cc;
pub mod endpoint;
pub mod engine;
pub mod metrics;
pub mod mptcp;
pub mod net;
pub mod quic;
pub mod registry;
pub mod scenario;
pub mod share;
pub mod sim;
pub mod simulation;
pub mod tcp;

pub use metrics::summary::{Summary, ENGINE_VERSION};
pub use scenario::{Scenario, ScenarioError};
pub use simulation::Simulation;
