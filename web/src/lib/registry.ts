// The engine's registry of pluggable algorithms and the JSON Schema of a scenario, as the
// engine exports them (`netlab schema [--registry]`). The checked-in copies in
// web/src/generated/ are made from the Rust registries and serde structs by
// sim-wasm/core/tests/generated.rs, which fails CI when they differ: the page reads them at
// build time so menus and placeholders need no engine round trip, and the wasm module is built
// without the schema code (netlab-core's `schema` feature; issue 18, first load). The schema is
// imported by the editor alone (editor/schema.ts), which is loaded on first use; the registry
// (3 kB gzip) is here because the lab's QUIC panel needs the stream schedulers.
import type { Registry } from '../generated';
import registryJson from '../generated/registry.json';

// The JSON module's inferred literal type is narrower than `Registry` (parameter schemas are
// `JsonValue` there), hence the widening through `unknown`.
export const REGISTRY = registryJson as unknown as Registry;

/** The QUIC stream schedulers, in registry order (quic::sched::REGISTRY). */
export const STREAM_SCHEDULERS: readonly string[] = REGISTRY.quic_schedulers.map((e) => e.name);
