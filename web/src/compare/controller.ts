// Connects the A/B compare view to its worker: user intents become store actions plus worker
// messages; worker messages become store actions and per-column series points. The scenario
// is the lab's (preset or opened link, knob edits, variant, seed), read when a run starts.
import { useSyncExternalStore } from 'react';
import { parseSpeed } from '../lib/format';
import { lab } from '../sim/controller';
import { SeriesStore } from '../sim/seriesStore';
import { labStore, createStore } from '../store/store';
import type { Speed, TimeWindow } from '../types';
import { type CompareChoice, choiceError, parseChoiceParam } from './choice';
import type { FromCompare, ToCompare } from './protocol';
import { type CompareAction, type CompareState, compareReducer, initialCompareState, type LoadedRun, matchesLoaded } from './state';

const COLUMN_CAPACITY = 1024;

function initialSpeed(): Speed {
  try {
    return parseSpeed(new URLSearchParams(globalThis.location?.search ?? '').get('speed') ?? '') ?? 1;
  } catch {
    return 1;
  }
}

export const compareStore = createStore<CompareState, CompareAction>(compareReducer, { ...initialCompareState, speed: initialSpeed() });

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
  private worker: Worker | null = null;
  private nextRunId = 0;
  /** One series store per column of the loaded comparison. */
  stores: SeriesStore[] = [];
  /** The URL's choice until it has been applied to a scenario. */
  pendingUrlChoice: CompareChoice | null = urlChoice();

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(new URL('../worker/compare.worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (e: MessageEvent<FromCompare>) => this.receive(e.data);
    w.onerror = (e) => compareStore.dispatch({ type: 'error', message: `compare worker: ${e.message || 'failed to start'}` });
    this.worker = w;
    return w;
  }

  private post(msg: ToCompare): void {
    this.ensureWorker().postMessage(msg);
  }

  choose(scenario: string, choice: CompareChoice | null): void {
    compareStore.dispatch({ type: 'choose', scenario, choice });
  }

  /** The choice is runnable, or the reason it is not. */
  problem(): string | null {
    const lab$ = labStore.getState();
    const preset = lab$.presets.find((p) => p.name === lab$.presetName);
    if (!preset) return 'The lab has no scenario loaded yet.';
    return choiceError(preset, compareStore.getState().choice);
  }

  /** Starts the chosen comparison from t = 0 (playing, or paused at 0 for a restart). */
  load(play: boolean): void {
    const problem = this.problem();
    if (problem !== null) {
      compareStore.dispatch({ type: 'error', message: problem });
      return;
    }
    const lab$ = labStore.getState();
    const c = compareStore.getState();
    const text = lab.presetText(lab$.presetName);
    if (text === undefined || c.choice === null) {
      compareStore.dispatch({ type: 'error', message: 'The lab has no scenario loaded yet.' });
      return;
    }
    compareStore.dispatch({ type: 'loading' });
    const runId = ++this.nextRunId;
    this.pending.set(runId, {
      scenario: lab$.presetName ?? '',
      knob: c.choice.knob,
      seed: lab$.seed,
      variant: lab$.variant,
      edits: JSON.stringify(lab$.knobEdits),
      values: [...c.choice.values],
    });
    this.post({
      type: 'load',
      runId,
      presetText: text,
      edits: lab$.knobEdits,
      variant: lab$.variant,
      knob: c.choice.knob,
      values: [...c.choice.values],
      seed: lab$.seed,
      speed: c.speed,
      play,
    });
  }

  /** What each requested run compares, by run id, until the worker answers. */
  private pending = new Map<number, LoadedRun & { values: string[] }>();

  /** Run: start (or start again) when nothing matching the choice is loaded, else resume. */
  run(): void {
    const s = compareStore.getState();
    const l = labStore.getState();
    this.pauseLab();
    if (!matchesLoaded(s, l) || s.run === 'finished' || s.run === 'idle') this.load(true);
    else this.post({ type: 'play' });
  }

  /**
   * The lab's own run (hidden while this view is open) would share the cores with the
   * columns and slow them down: pause it. It keeps its state; Play in the lab resumes it.
   */
  private pauseLab(): void {
    if (labStore.getState().run === 'running') lab.pause();
  }

  pause(): void {
    this.post({ type: 'pause' });
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
    if (this.worker) this.post({ type: 'speed', speed });
  }

  zoom(window: TimeWindow): void {
    compareStore.dispatch({ type: 'zoomTime', window });
  }

  dismissError(): void {
    compareStore.dispatch({ type: 'dismissError' });
  }

  private receive(msg: FromCompare): void {
    switch (msg.type) {
      case 'loaded': {
        const p = this.pending.get(msg.runId);
        for (const id of this.pending.keys()) if (id <= msg.runId) this.pending.delete(id);
        this.stores = msg.meta.map((m) => {
          // A column's charts are a third to a half of the lab's width: 1024 points a series
          // are plenty, and keep many-flow runs (MPTCP load presets) small in memory.
          const st = new SeriesStore(COLUMN_CAPACITY);
          st.reset(m);
          return st;
        });
        compareStore.dispatch({
          type: 'loaded',
          runId: msg.runId,
          duration: msg.duration,
          values: p?.values ?? msg.meta.map((_, i) => String(i)),
          loaded: { scenario: p?.scenario ?? '', knob: p?.knob ?? '', seed: p?.seed ?? 0, variant: p?.variant ?? null, edits: p?.edits ?? '{}' },
          playing: msg.playing,
        });
        return;
      }
      case 'playing':
        compareStore.dispatch({ type: 'playing', runId: msg.runId, playing: msg.playing });
        return;
      case 'tick': {
        if (msg.runId !== compareStore.getState().runId) return;
        let changed = false;
        const columns = msg.columns.map((t, i) => {
          const store = this.stores[i];
          let jain: number | null = null;
          if (store) {
            if (t.meta) store.setMeta(t.meta);
            changed = store.append(t.points) || changed || t.meta !== null;
            const jainIndex = store.meta.findIndex((m) => m.scope === 'run' && m.metric === 'jain');
            for (let k = 0; k + 2 < t.points.length; k += 3) if (t.points[k] === jainIndex) jain = t.points[k + 2]!;
          }
          return { now: t.now, events: t.events, finished: t.finished, jain };
        });
        compareStore.dispatch({ type: 'tick', runId: msg.runId, clock: msg.clock, columns, seriesChanged: changed });
        return;
      }
      case 'summaries':
        compareStore.dispatch({ type: 'summaries', runId: msg.runId, final: msg.final, clock: msg.clock, summaries: msg.summaries });
        return;
      case 'error':
        compareStore.dispatch({ type: 'error', message: msg.message });
        return;
    }
  }
}

export const compare = new CompareController();
