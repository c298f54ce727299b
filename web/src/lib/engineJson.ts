// The engine's JSON, typed. Every wasm export that returns JSON text is read here and only
// here, as the type generated from the Rust struct that produced it (web/src/generated/, made
// by sim-wasm/core/tests/generated.rs, which fails CI when they drift apart). The parse is the
// one place the page trusts the engine's shape: the generated types say what that shape is, so
// a field renamed in Rust breaks `tsc`, not a chart at run time.
import type * as G from '../generated';

/** The subset of the wasm `Simulation` these readers use (the worker's and the compare's). */
interface SimJson {
  summary_json(wall_s: number): string;
  series_meta_json(): string;
  topology_json(): string;
  flow_groups_json(): string;
}

function parse<T>(text: string): T {
  return JSON.parse(text) as T;
}

export const summaryOf = (sim: SimJson, wallS: number): G.Summary => parse(sim.summary_json(wallS));
export const seriesMetaOf = (sim: SimJson): G.SeriesMeta[] => parse(sim.series_meta_json());
/** The groups of every owner of per-flow series (the aggregate views, worker/aggregate.ts). */
export const flowGroupsOf = (sim: SimJson): G.FlowGroup[] => parse(sim.flow_groups_json());
export const topologyOf = (sim: SimJson): G.TopologyView => parse(sim.topology_json());
/** `Simulation.trace_json`'s answer: the traced flow's packets in a window, or null (none traced). */
export const traceOf = (sim: { trace_json(since: number, until: number, max: number): string }, since: number, until: number, max: number): G.TraceWindow | null =>
  parse(sim.trace_json(since, until, max));

/** The followed packet's journey (`journey_json`), or null. */
export const journeyOf = (sim: { journey_json(): string }): G.Journey | null => parse(sim.journey_json());

/** `describe_preset`'s answer. */
export const presetInfo = (json: string): G.PresetInfo => parse(json);
/** `share_decode`'s answer. */
export const openedLink = (json: string): G.Opened => parse(json);
/** `sweep_plan`'s answer. */
export const sweepPlan = (json: string): G.SweepPlan => parse(json);
