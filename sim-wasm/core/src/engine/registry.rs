//! The shape every pluggable role's registry shares (congestion controllers, MPTCP packet and
//! flow schedulers, QUIC stream schedulers, queue disciplines): one [`Entry`] per algorithm —
//! name, label, doc, the JSON Schema of its typed parameters, its factory — plus the lookup
//! ([`find`], [`names`]) and the parameter parsing ([`parse_params`]) every role uses.
//!
//! It sits at the bottom of the core (docs/ARCHITECTURE.md) because every role's module uses
//! it; the aggregate that lists all the roles for the page is the top-level `registry` module.
//!
//! The schemas need the crate's `schema` feature (on by default: the CLI's `netlab schema`,
//! tests/generated.rs). The wasm adapter builds without it: the page reads the checked-in
//! web/src/generated/ copies instead, and without the feature [`params_of`] stores no schema
//! function in the registries, so the linker drops schemars' generated code (about a fifth of
//! the module's code; issue 18, first load).

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
pub fn schema_settings(inline: bool) -> SchemaSettings {
    SchemaSettings::draft2020_12().for_deserialize().with(|s| s.inline_subschemas = inline)
}

/// The parameter schema of `T`, self-contained (nested structs inlined): an `object` whose
/// `properties` carry `default`, `minimum`/`maximum`, `title`, `description` (the doc comment)
/// and the lab's `x-unit` / `x-none` annotations.
#[cfg(feature = "schema")]
pub fn params_schema<T: JsonSchema>() -> Schema {
    schema_settings(true).into_generator().into_root_schema_for::<T>()
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

/// Deserialise an algorithm's parameter struct from the optional `cc_params` value, naming the
/// offending field on error. A missing object means "all defaults".
pub fn parse_params<T: serde::de::DeserializeOwned + Default>(
    params: Option<&serde_json::Value>,
) -> Result<T, String> {
    match params {
        None => Ok(T::default()),
        // The same reader as `scenario::from_json` (one path-tracking deserializer over a Value,
        // so the wasm compiles each parameter struct once).
        Some(v) => super::json::from_json::<T>(v.clone()).map_err(|e| e.to_string()),
    }
}
