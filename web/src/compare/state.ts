// The A/B compare view's state and its pure reducer (unit-tested in state.test.ts): the choice
// (which knob, which values) and the run on screen, whose fields and reducer are the lab's
// (store/run.ts: one column per compared value, or per pair of values of two knobs). Series points live in per-column SeriesStores
// (sim/pipeline.ts); this state carries a version.
import type { KnobValue, Speed } from '../types';
import { type RunAction, type RunFields, initialRun, runReducer } from '../store/run';
import { type ColumnSetting, type CompareChoice, formatChoiceParam } from './choice';

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
  /** The choice it ran, as the URL writes it (`cc:bbr,cubic;buffer_bdp:0.5,2`). */
  choice: string;
  seed: number;
  variant: string | null;
  edits: string;
}

export interface CompareState extends RunFields {
  /** The scenario the choice belongs to (the lab's preset name); a new one resets the choice. */
  scenario: string | null;
  choice: CompareChoice | null;
  /** What the loaded comparison runs (it may differ from `choice` once the user edits it). */
  loaded: LoadedRun | null;
  /** The compared knobs' values in each column of the loaded comparison (A first; one or two per column). */
  settings: ColumnSetting[][];
  speed: Speed;
}

export const initialCompareState: CompareState = {
  ...initialRun,
  scenario: null,
  choice: null,
  loaded: null,
  settings: [],
  speed: 1,
};

export type CompareAction =
  | { type: 'choose'; scenario: string; choice: CompareChoice | null }
  | { type: 'speed'; speed: Speed }
  /** The run (store/run.ts); a comparison's load also says what each column runs. */
  | Exclude<RunAction, { type: 'loaded' }>
  | (Extract<RunAction, { type: 'loaded' }> & { settings: ColumnSetting[][]; loaded: LoadedRun });

export function compareReducer(s: CompareState, a: CompareAction): CompareState {
  switch (a.type) {
    case 'choose':
      return { ...s, scenario: a.scenario, choice: a.choice, error: null, errorKind: null };
    case 'speed':
      return s.speed === a.speed ? s : { ...s, speed: a.speed };
    case 'loaded': {
      const next = runReducer(s, a);
      return next === s ? s : { ...next, settings: a.settings, loaded: a.loaded };
    }
    default:
      return runReducer(s, a);
  }
}

/** Whether the loaded comparison is the current choice on the lab's current scenario. */
export function matchesLoaded(s: CompareState, lab: LabScenario): boolean {
  return (
    s.loaded !== null &&
    s.choice !== null &&
    s.loaded.choice === formatChoiceParam(s.choice) &&
    s.loaded.scenario === lab.presetName &&
    s.loaded.seed === lab.seed &&
    s.loaded.variant === lab.variant &&
    s.loaded.edits === JSON.stringify(lab.knobEdits)
  );
}
