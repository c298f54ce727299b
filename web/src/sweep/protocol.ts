// Messages between the page and the sweep workers.
import type { KnobValue, Summary } from '../types';

export interface SweepPoint {
  value: number | string;
  algorithm: string | null;
  seed: number;
  /** The scenario of this point, as the engine expanded it. */
  scenario: unknown;
}

export interface SweepPlan {
  knob: string | null;
  metric: string | null;
  points: SweepPoint[];
}

export type SweepIn =
  | { type: 'plan'; id: number; presetText: string; variant: string | null; settings: Record<string, KnobValue> }
  | { type: 'run'; id: number; scenario: string; seed: number; metric: string }
  /** Run a scenario to the end and answer with its whole summary (the QUIC scheduler comparison). */
  | { type: 'summary'; id: number; scenario: string; seed: number };

export type SweepOut =
  | { type: 'plan'; id: number; plan: SweepPlan }
  | { type: 'point'; id: number; value: number | null }
  | { type: 'summary'; id: number; summary: Summary }
  | { type: 'error'; id: number; message: string };
