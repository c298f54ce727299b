//! The engine's pluggable roles — congestion controllers, MPTCP packet schedulers, MPTCP flow
//! schedulers, QUIC stream schedulers, queue disciplines — described for the page, and the JSON Schema of a
//! scenario.
//!
//! Each role keeps one registry of [`Entry`] lines in its own module (`cc::REGISTRY`,
//! `mptcp::sched::REGISTRY`, `mptcp::flow_sched::REGISTRY`, `quic::sched::REGISTRY`,
//! `net::qdisc::REGISTRY`). An entry
//! carries everything the rest of the lab needs to offer the algorithm: its name, a label, a
//! one-line doc, the JSON Schema of its typed parameters (made by schemars from the parameter
//! struct, so field names, defaults, ranges and doc comments are the struct's own) and its
//! factory. [`registry()`] turns the lists into [`Registry`], which `netlab schema` hands out
//! and the editor renders (web/src/generated/registry.json). Adding an
//! algorithm is therefore one Rust file plus one registry line: nothing in web/ or e2e/ names
//! algorithms. tests/registry.rs walks every entry and runs it with its defaults.
//!
//! The exports ([`registry()`], [`scenario_schema`]) need the crate's `schema` feature (see
//! `engine::registry`); the wasm adapter builds without it.

#[cfg(feature = "schema")]
use crate::engine::registry::schema_settings;
#[cfg(feature = "schema")]
use schemars::Schema;
use serde::Serialize;

#[cfg(feature = "schema")]
pub use crate::engine::registry::params_schema;
pub use crate::engine::registry::{find, names, params_of, parse_params, Entry, EntryInfo};

/// The JSON Schema of a scenario file (`public/scenarios/*.json`), with every definition.
#[cfg(feature = "schema")]
pub fn scenario_schema() -> Schema {
    schema_settings(false).into_generator().into_root_schema_for::<crate::scenario::Scenario>()
}

/// Every pluggable role's entries, in registry order (the first is not necessarily the
/// default: the scenario schema's `default` says which is).
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct Registry {
    /// `flows[i].cc`, `traffic.cc`, `traffic.background_cc`; parameters go in `cc_params`.
    pub congestion_controllers: Vec<EntryInfo>,
    /// `mptcp.scheduler`; parameters go in `mptcp.sched_params`.
    pub mptcp_schedulers: Vec<EntryInfo>,
    /// `mptcp.flow_sched`.
    pub flow_schedulers: Vec<EntryInfo>,
    /// `quic.scheduler`; `reads` names the stream fields each one uses.
    pub quic_schedulers: Vec<EntryInfo>,
    /// A link direction's queue discipline (docs/model/aqm.md).
    pub queue_disciplines: Vec<EntryInfo>,
    /// What a sweep can plot (`sweep.metric`), with the words the page shows.
    pub sweep_metrics: Vec<crate::scenario::sweep::MetricInfo>,
}

#[cfg(feature = "schema")]
pub fn registry() -> Registry {
    Registry {
        congestion_controllers: crate::cc::REGISTRY.iter().map(Entry::info).collect(),
        mptcp_schedulers: crate::mptcp::sched::REGISTRY.iter().map(Entry::info).collect(),
        flow_schedulers: crate::mptcp::flow_sched::REGISTRY.iter().map(Entry::info).collect(),
        quic_schedulers: crate::quic::sched::REGISTRY.iter().map(Entry::info).collect(),
        queue_disciplines: crate::net::qdisc::REGISTRY.iter().map(Entry::info).collect(),
        sweep_metrics: crate::scenario::sweep::Metric::ALL.iter().map(|m| m.info()).collect(),
    }
}
