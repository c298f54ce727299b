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
//! factory. [`registry`] turns the lists into [`Registry`], which the wasm adapter and
//! `netlab schema` hand out and the editor renders (web/src/generated/registry.json). Adding an
//! algorithm is therefore one Rust file plus one registry line: nothing in web/ or e2e/ names
//! algorithms. tests/registry.rs walks every entry and runs it with its defaults.
//!
//! The exports ([`registry`], [`scenario_schema`], [`params_schema`]) need the crate's `schema`
//! feature (on by default: the CLI's `netlab schema`, tests/generated.rs). The wasm adapter builds
//! without it: the page reads the checked-in web/src/generated/ copies instead, and without the
//! feature [`params_of`] stores no schema function in the registries, so the linker drops
//! schemars' generated code (about a fifth of the module's code; issue 18, first load).

#[cfg(feature = "schema")]
use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, Schema};
use serde::Serialize;
use serde_json::Value;

/// One registry line of a pluggable role. `F` is the role's factory.
pub struct Entry<F> {
    /// The name scenarios use ("cubic", "ecf", "wfq-bytes", …).
    pub name: &'static str,
    /// A short human label for menus ("CUBIC", "ECF — earliest completion first").
    pub label: &'static str,
    /// One sentence: what the algorithm does, and what it fixes that is not a parameter.
    pub doc: &'static str,
    /// The JSON Schema of the parameters it accepts, or `None` when it has none (and always
    /// `None` without the `schema` feature: see [`params_of`]).
    pub params: Option<fn() -> Schema>,
    /// Fields of the surrounding spec the algorithm reads (a QUIC stream scheduler: the stream
    /// fields `weight`, `priority`, `urgency`, `incremental`); empty for the other roles.
    pub reads: &'static [&'static str],
    pub make: F,
}

impl<F> Entry<F> {
    #[cfg(feature = "schema")]
    pub fn info(&self) -> EntryInfo {
        EntryInfo {
            name: self.name,
            label: self.label,
            doc: self.doc,
            params: self.params.map(|f| f().to_value()),
            reads: self.reads.to_vec(),
        }
    }
}

/// Find `name` in a role's registry; the error lists the valid names ("unknown congestion
/// control 'foo' (expected one of: reno, cubic, …)").
pub fn find<'a, F>(entries: &'a [Entry<F>], what: &str, name: &str) -> Result<&'a Entry<F>, String> {
    entries.iter().find(|e| e.name == name).ok_or_else(|| {
        let names: Vec<&str> = entries.iter().map(|e| e.name).collect();
        format!("unknown {what} '{name}' (expected one of: {})", names.join(", "))
    })
}

/// The names of a role's entries, in registry order.
pub fn names<F>(entries: &[Entry<F>]) -> Vec<&'static str> {
    entries.iter().map(|e| e.name).collect()
}

/// A registry line's `params`: the parameter schema of `T` with the `schema` feature, `None`
/// without it. A function pointer stored in a registry keeps all of schemars' code for `T` in
/// the binary, which the wasm module has no use for.
pub const fn params_of<T: JsonSchema>() -> Option<fn() -> Schema> {
    #[cfg(feature = "schema")]
    return Some(params_schema::<T>);
    #[cfg(not(feature = "schema"))]
    return None;
}

/// The schema settings of everything exported: JSON Schema 2020-12, subschemas inlined in
/// parameter schemas (so the editor reads one object), schemas of what a scenario accepts.
#[cfg(feature = "schema")]
fn settings(inline: bool) -> SchemaSettings {
    SchemaSettings::draft2020_12().for_deserialize().with(|s| s.inline_subschemas = inline)
}

/// The parameter schema of `T`, self-contained (nested structs inlined): an `object` whose
/// `properties` carry `default`, `minimum`/`maximum`, `title`, `description` (the doc comment)
/// and the lab's `x-unit` / `x-none` annotations.
#[cfg(feature = "schema")]
pub fn params_schema<T: JsonSchema>() -> Schema {
    settings(true).into_generator().into_root_schema_for::<T>()
}

/// The JSON Schema of a scenario file (`public/scenarios/*.json`), with every definition.
#[cfg(feature = "schema")]
pub fn scenario_schema() -> Schema {
    settings(false).into_generator().into_root_schema_for::<crate::scenario::Scenario>()
}

/// One entry as exported.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct EntryInfo {
    pub name: &'static str,
    pub label: &'static str,
    pub doc: &'static str,
    /// JSON Schema (2020-12) of the parameters, or null when there are none.
    pub params: Option<Value>,
    pub reads: Vec<&'static str>,
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
