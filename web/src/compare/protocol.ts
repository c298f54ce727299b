// Messages between the A/B compare view and its worker (worker/compare.worker.ts).
import type { KnobValue, SeriesMeta, Speed, Summary } from '../types';

export type ToCompare =
  | {
      type: 'load';
      runId: number;
      /** The lab's scenario: preset (or linked / edited scenario) text, edits and variant. */
      presetText: string;
      edits: Record<string, KnobValue>;
      variant: string | null;
      knob: string;
      /** One column per value; the first is the baseline (A). */
      values: string[];
      seed: number;
      speed: Speed;
      play: boolean;
    }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'speed'; speed: Speed };

export interface ColumnTick {
  /** This column's simulated time (every column is advanced to the same clock). */
  now: number;
  events: number;
  finished: boolean;
  /** Flattened [series_index, t_s, value, …] of the charted series since the last tick. */
  points: Float64Array;
  /** The column's whole series list, when it grew. */
  meta: SeriesMeta[] | null;
}

export type FromCompare =
  | { type: 'loaded'; runId: number; duration: number; meta: SeriesMeta[][]; playing: boolean }
  | { type: 'playing'; runId: number; playing: boolean }
  | { type: 'tick'; runId: number; clock: number; columns: ColumnTick[] }
  /** Every column's summary: final once all finished, else the state at a pause. */
  | { type: 'summaries'; runId: number; final: boolean; clock: number; summaries: Summary[] }
  /** `column` is the column index the error belongs to, or null for the run as a whole. */
  | { type: 'error'; runId: number; column: number | null; message: string };

/** The series the compare view charts: per-flow goodput and Jain's index over time. */
export function charted(m: SeriesMeta): boolean {
  return (m.scope === 'flow' && m.metric === 'goodput') || (m.scope === 'run' && m.metric === 'jain');
}
