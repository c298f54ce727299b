// Shapes of the JSON the wasm engine hands back. The engine's own shapes are generated from the
// Rust types (web/src/generated/, by sim-wasm/core/tests/generated.rs; CI fails when they are
// stale): this file names them for the page and adds the page's own fields. Read engine JSON
// through lib/engineJson.ts, which types each wasm export's answer.
import type * as G from './generated';

export type KnobKind = G.KnobKind;
export type KnobValue = number | string;

/** A preset knob with its current value (null when the preset leaves the bound field unset). */
export type Knob = G.KnobInfo;

export interface PresetDesc extends G.PresetInfo {
  /** Set for a scenario the page opened from its editor or a shared link (not a preset file). */
  origin?: ScenarioOrigin;
}

/** Where a scenario that is not a preset file came from, and what its text already holds. */
export interface ScenarioOrigin {
  kind: 'edited' | 'shared';
  /** The preset variant already applied to its text (null: none, the preset as written). */
  variant: string | null;
}

export type SeriesMeta = G.SeriesMeta;
export type FlowGroup = G.FlowGroup;
export type FlowSnapshot = G.FlowSnapshot;
export type SubflowSnapshot = G.SubflowSnapshot;
export type StreamSnapshot = G.StreamSnapshot;
/** A typed engine event: a union discriminated by `type` (cc_state, drop, mptcp_sched, …). */
export type EngineEvent = G.LogEvent;
export type PacketMark = G.PacketMark;
export type LinkSnapshot = G.LinkSnapshot;

/** The engine's live snapshot (bounded: `flows_total` says how many flows the run has). */
export type Snapshot = G.Snapshot;

export type TopologyLink = G.LinkView;
export type Topology = G.TopologyView;
export type FlowSummary = G.FlowSummary;
export type ClassStats = G.ClassStats;
export type LinkSummary = G.LinkSummary;
export type Summary = G.Summary;
export type StreamSummary = G.StreamSummary;

/** Simulated seconds per wall-clock second, or as fast as the engine goes. */
export type Speed = number | 'max';
/** Slow motion (packets visibly crossing a link) up to as fast as the engine goes. */
export const SPEEDS: readonly Speed[] = [0.001, 0.01, 0.1, 1, 10, 100, 'max'];

/** A visible time range [t0, t1] in simulated seconds; null = the whole run. */
export type TimeWindow = readonly [number, number] | null;

/** The headline names a preset may give (sim-wasm/core/src/scenario/headline.rs). */
export type HeadlineName = G.Headline;
/** A guided tour's stop (the preset's `tour`, scenario/tour.rs). */
export type TourStop = G.TourStop;
export type ChartKind = G.ChartKind;
