// Messages between the page and the sweep workers.
import type * as G from '../generated';
import type { KnobValue, Summary } from '../types';

/** One point of a sweep and its scenario, as the engine expanded it (`sweep_plan`). */
export type SweepPoint = G.SweepPlanPoint;
export type SweepPlan = G.SweepPlan;

export type SweepIn =
  /** The engine's module, compiled by the page (worker/spawn.ts sends it first); null: fetch it. */
  | { type: 'module'; module: WebAssembly.Module | null }
  /** Expand the preset's sweep; `sweep` (JSON) replaces its fields — a sweep built in the page over any knob. */
  | { type: 'plan'; id: number; presetText: string; variant: string | null; settings: Record<string, KnobValue>; sweep?: string | null }
  | { type: 'run'; id: number; scenario: string; seed: number; metric: string }
  /** Run a scenario to the end and answer with its whole summary (the QUIC scheduler comparison). */
  | { type: 'summary'; id: number; scenario: string; seed: number };

export type SweepOut =
  | { type: 'plan'; id: number; plan: SweepPlan }
  | { type: 'point'; id: number; value: number | null }
  | { type: 'summary'; id: number; summary: Summary }
  /** `restart`: the engine panicked on this point and was replaced; the page words it (worker/wording.ts). */
  | { type: 'error'; id: number; message: string; restart?: { detail: string } };
