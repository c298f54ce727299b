// Connects the A/B compare view to the run pipeline (sim/pipeline.ts: the lab's worker,
// protocol and run reducer, here with one column per compared value): user intents become store
// actions plus worker messages; worker messages become store actions and per-column series
// points. The scenario is the lab's (preset or opened link, knob edits, variant, seed), read
// when a run starts; every column runs it under the same seed, only the compared knob(s) differ.
import { i18n } from '../i18n/i18n';
import { useSyncExternalStore } from 'react';
import { urlSpeed } from '../lib/format';
import { lab } from '../sim/controller';
import { RunPipeline } from '../sim/pipeline';
import { SeriesStore } from '../sim/seriesStore';
import { labStore, createStore } from '../store/store';
import type { Speed, TimeWindow, Topology } from '../types';
import { COLUMN_NAMES, type ColumnSetting, type CompareChoice, choiceColumns, choiceError, columnSettings, compareKnobs, formatChoiceParam, parseChoiceParam } from './choice';
import { type CompareAction, type CompareState, compareReducer, initialCompareState, type LoadedRun, matchesLoaded } from './state';

/**
 * Points kept per series in a column: a column's charts are a third to a half of the lab's
 * width, so 1024 are plenty, and keep many-flow runs (MPTCP load presets) small in memory.
 */
const COLUMN_CAPACITY = 1024;

export const compareStore = createStore<CompareState, CompareAction>(compareReducer, { ...initialCompareState, speed: urlSpeed() ?? 1 });

export function useCompare<T>(select: (s: CompareState) => T): T {
  return useSyncExternalStore(compareStore.subscribe, () => select(compareStore.getState()));
}

/** The `compare=` choice the page was opened with (applied once, to the first scenario). */
function urlChoice(): CompareChoice | null {
  try {
    return parseChoiceParam(new URLSearchParams(globalThis.location?.search ?? '').get('compare'));
  } catch {
    return null;
  }
}

class CompareController {
  /** What each requested run compares, by run id, until the worker answers. */
  private pending = new Map<number, LoadedRun & { settings: ColumnSetting[][] }>();
  private readonly pipeline = new RunPipeline({
    name: 'compare worker',
    getState: () => compareStore.getState(),
    dispatch: (a) => compareStore.dispatch(a),
    seriesStore: () => new SeriesStore(COLUMN_CAPACITY),
    loaded: (msg) => {
      const p = this.pending.get(msg.runId);
      for (const id of this.pending.keys()) if (id <= msg.runId) this.pending.delete(id);
      this.topologies = msg.topologies;
      compareStore.dispatch({
        type: 'loaded',
        runId: msg.runId,
        duration: msg.duration,
        end: msg.end,
        columns: msg.meta.length,
        aggregate: msg.aggregate,
        settings: p?.settings ?? msg.meta.map(() => []),
        loaded: { scenario: p?.scenario ?? '', choice: p?.choice ?? '', seed: p?.seed ?? 0, variant: p?.variant ?? null, edits: p?.edits ?? '{}' },
        playing: msg.playing,
      });
    },
  });
  /** Each column's network (its queue chart draws the buffer size from it). */
  topologies: (Topology | null)[] = [];
  /** The URL's choice until it has been applied to a scenario. */
  pendingUrlChoice: CompareChoice | null = urlChoice();

  /** One series store per column of the loaded comparison. */
  get stores(): SeriesStore[] {
    return this.pipeline.stores;
  }

  choose(scenario: string, choice: CompareChoice | null): void {
    compareStore.dispatch({ type: 'choose', scenario, choice });
  }

  /** The choice is runnable, or the reason it is not. */
  problem(): string | null {
    const lab$ = labStore.getState();
    const preset = lab$.presets.find((p) => p.name === lab$.presetName);
    if (!preset) return i18n._({ id: 'compare.err.no-scenario', message: 'The lab has no scenario loaded yet.' });
    return choiceError(preset, compareStore.getState().choice);
  }

  /** Starts the chosen comparison from t = 0 (playing, or paused at 0 for a restart). */
  load(play: boolean): void {
    const problem = this.problem();
    const lab$ = labStore.getState();
    const c = compareStore.getState();
    const text = lab.presetText(lab$.presetName);
    if (problem !== null || text === undefined || c.choice === null) {
      compareStore.dispatch({ type: 'error', runId: null, message: problem ?? i18n._({ id: 'compare.err.no-scenario', message: 'The lab has no scenario loaded yet.' }) });
      return;
    }
    const choice = c.choice;
    const preset = lab$.presets.find((p) => p.name === lab$.presetName);
    const knobs = compareKnobs(preset);
    const numeric = (name: string) => knobs.find((k) => k.name === name)?.kind !== 'enum';
    const columns = choiceColumns(choice);
    const runId = this.pipeline.load({
      presetText: text,
      variant: lab$.variant,
      seed: lab$.seed,
      columns: columns.map((column, i) => ({
        settings: columnSettings(lab$.knobEdits, column, numeric),
        name: `column ${COLUMN_NAMES[i] ?? i + 1} (${column.map((c) => `${c.knob}=${c.value}`).join(', ')})`,
      })),
      play,
      speed: c.speed,
      snapshots: false,
    });
    this.pending.set(runId, {
      scenario: lab$.presetName ?? '',
      choice: formatChoiceParam(choice),
      seed: lab$.seed,
      variant: lab$.variant,
      edits: JSON.stringify(lab$.knobEdits),
      settings: columns,
    });
  }

  /** Run: start (or start again) when nothing matching the choice is loaded, else resume. */
  run(): void {
    const s = compareStore.getState();
    const l = labStore.getState();
    this.pauseLab();
    if (!matchesLoaded(s, l) || s.run === 'finished' || s.runId === 0) this.load(true);
    else this.pipeline.post({ type: 'play' });
  }

  /**
   * The lab's own run (hidden while this view is open) would share the cores with the
   * columns and slow them down: pause it. It keeps its state; Play in the lab resumes it.
   */
  private pauseLab(): void {
    if (labStore.getState().run === 'running') lab.pause();
  }

  pause(): void {
    this.pipeline.post({ type: 'pause' });
  }

  togglePlay(): void {
    if (compareStore.getState().run === 'running') this.pause();
    else this.run();
  }

  restart(): void {
    this.load(false);
  }

  setSpeed(speed: Speed): void {
    compareStore.dispatch({ type: 'speed', speed });
    if (this.pipeline.started) this.pipeline.post({ type: 'speed', speed });
  }

  zoom(window: TimeWindow): void {
    compareStore.dispatch({ type: 'zoomTime', window });
  }

  dismissError(): void {
    compareStore.dispatch({ type: 'dismissError' });
  }
}

export const compare = new CompareController();
