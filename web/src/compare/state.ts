// The A/B compare view's state and its pure reducer (unit-tested in state.test.ts). Series
// points live in per-column SeriesStores (compare/controller.ts); this state carries a version.
import type { KnobValue, Speed, Summary, TimeWindow } from '../types';
import type { CompareChoice } from './choice';

export type CompareRun = 'idle' | 'loading' | 'running' | 'paused' | 'finished';

/** The lab scenario a comparison ran: preset (or link) name, variant, seed, knob edits. */
export interface LabScenario {
  presetName: string | null;
  variant: string | null;
  seed: number;
  knobEdits: Record<string, KnobValue>;
}

/** What a loaded comparison ran (knob edits as JSON, to compare them cheaply). */
export interface LoadedRun {
  scenario: string;
  knob: string;
  seed: number;
  variant: string | null;
  edits: string;
}

export interface ColumnState {
  /** The compared knob's value in this column. */
  value: string;
  now: number;
  events: number;
  finished: boolean;
  /** Jain's index so far (the engine's run/all/jain series), the summary's at the end; or null. */
  jain: number | null;
}

export interface CompareState {
  /** The scenario the choice belongs to (the lab's preset name); a new one resets the choice. */
  scenario: string | null;
  choice: CompareChoice | null;
  run: CompareRun;
  /** The run state before a pending load, restored if the load fails. */
  runBeforeLoad: CompareRun;
  /** The id of the comparison the columns show (0 = none yet). */
  runId: number;
  /** What the loaded comparison runs (it may differ from `choice` once the user edits it). */
  loaded: LoadedRun | null;
  clock: number;
  duration: number;
  columns: ColumnState[];
  /** Every column's summary: at the end (final) or at a pause. */
  summaries: Summary[] | null;
  summariesFinal: boolean;
  summariesAt: number;
  speed: Speed;
  error: string | null;
  seriesVersion: number;
  timeWindow: TimeWindow;
}

export const initialCompareState: CompareState = {
  scenario: null,
  choice: null,
  run: 'idle',
  runBeforeLoad: 'idle',
  runId: 0,
  loaded: null,
  clock: 0,
  duration: 0,
  columns: [],
  summaries: null,
  summariesFinal: false,
  summariesAt: 0,
  speed: 1,
  error: null,
  seriesVersion: 0,
  timeWindow: null,
};

export type CompareAction =
  | { type: 'choose'; scenario: string; choice: CompareChoice | null }
  | { type: 'speed'; speed: Speed }
  | { type: 'loading' }
  | {
      type: 'loaded';
      runId: number;
      duration: number;
      values: string[];
      loaded: LoadedRun;
      playing: boolean;
    }
  | { type: 'playing'; runId: number; playing: boolean }
  | {
      type: 'tick';
      runId: number;
      clock: number;
      columns: { now: number; events: number; finished: boolean; jain: number | null }[];
      seriesChanged: boolean;
    }
  | { type: 'summaries'; runId: number; final: boolean; clock: number; summaries: Summary[] }
  | { type: 'error'; message: string }
  | { type: 'dismissError' }
  | { type: 'zoomTime'; window: TimeWindow };

export function compareReducer(s: CompareState, a: CompareAction): CompareState {
  switch (a.type) {
    case 'choose':
      return { ...s, scenario: a.scenario, choice: a.choice, error: null };
    case 'speed':
      return s.speed === a.speed ? s : { ...s, speed: a.speed };
    case 'loading':
      return { ...s, run: 'loading', runBeforeLoad: s.run === 'loading' ? s.runBeforeLoad : s.run };
    case 'loaded':
      return {
        ...s,
        run: a.playing ? 'running' : 'paused',
        runId: a.runId,
        loaded: a.loaded,
        clock: 0,
        duration: a.duration,
        columns: a.values.map((value) => ({ value, now: 0, events: 0, finished: false, jain: null })),
        summaries: null,
        summariesFinal: false,
        summariesAt: 0,
        error: null,
        timeWindow: null,
        seriesVersion: s.seriesVersion + 1,
      };
    case 'playing':
      if (a.runId !== s.runId || s.run === 'finished' || s.run === 'idle') return s;
      return { ...s, run: a.playing ? 'running' : 'paused' };
    case 'tick': {
      if (a.runId !== s.runId || a.columns.length !== s.columns.length) return s;
      const columns = s.columns.map((c, i) => {
        const t = a.columns[i]!;
        return { ...c, now: t.now, events: t.events, finished: t.finished, jain: t.jain ?? c.jain };
      });
      return { ...s, clock: a.clock, columns, seriesVersion: a.seriesChanged ? s.seriesVersion + 1 : s.seriesVersion };
    }
    case 'summaries':
      if (a.runId !== s.runId) return s;
      return {
        ...s,
        summaries: a.summaries,
        summariesFinal: a.final,
        summariesAt: a.clock,
        run: a.final ? 'finished' : s.run,
        // At the end the header shows the summary's index (the same one the table compares).
        columns: a.final ? s.columns.map((c, i) => ({ ...c, jain: a.summaries[i]?.jain ?? c.jain })) : s.columns,
        clock: a.final ? Math.max(s.clock, ...a.summaries.map((x) => x.duration_s)) : s.clock,
      };
    case 'error': {
      // Keep the last good comparison on screen; a failed load puts back what was there.
      const before = s.run === 'loading' ? s.runBeforeLoad : s.run;
      return { ...s, error: a.message, run: before === 'running' || before === 'loading' ? (s.runId === 0 ? 'idle' : 'paused') : before };
    }
    case 'dismissError':
      return s.error === null ? s : { ...s, error: null };
    case 'zoomTime': {
      const w = a.window;
      if (w === null) return s.timeWindow === null ? s : { ...s, timeWindow: null };
      if (!(w[1] > w[0])) return s;
      return { ...s, timeWindow: [w[0], w[1]] };
    }
  }
}

/** Whether the loaded comparison is the current choice on the lab's current scenario. */
export function matchesLoaded(s: CompareState, lab: LabScenario): boolean {
  return (
    s.loaded !== null &&
    s.choice !== null &&
    s.loaded.knob === s.choice.knob &&
    s.loaded.scenario === lab.presetName &&
    s.loaded.seed === lab.seed &&
    s.loaded.variant === lab.variant &&
    s.loaded.edits === JSON.stringify(lab.knobEdits) &&
    s.columns.length === s.choice.values.length &&
    s.columns.every((c, i) => c.value === s.choice!.values[i])
  );
}
