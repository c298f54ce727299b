// The lab's state and its pure reducer. Side effects (talking to the worker) live in
// sim/controller.ts; components read this state through selectors (store/store.ts).
import { clampWindow } from '../charts/timeBrush';
import type { KnobValue, PresetDesc, Snapshot, Speed, Summary, TimeWindow, Topology } from '../types';
import type { ErrorKind } from '../worker/protocol';

export type RunState = 'starting' | 'loading' | 'running' | 'paused' | 'finished' | 'error';

export interface LabState {
  engineVersion: string | null;
  presets: PresetDesc[];
  presetName: string | null;
  /** The values the controls show and the next load sends: variant defaults + user edits. */
  knobValues: Record<string, KnobValue>;
  /** The knobs the user changed since picking the preset; they survive a variant switch. */
  knobEdits: Record<string, KnobValue>;
  /** null = the preset as written ("full"). */
  variant: string | null;
  seed: number;
  speed: Speed;
  run: RunState;
  /** The run state before the pending load, restored if the load fails. */
  runBeforeLoad: RunState;
  /** Increments with every successfully loaded simulation; charts reset on change. */
  runId: number;
  simTime: number;
  /** The scenario's time limit (simulated seconds). */
  duration: number;
  /**
   * When the run ends, once known (it finished, or the identical scenario and seed finished
   * before): earlier than `duration` when every flow completes first. See `timeSpan`.
   */
  end: number | null;
  events: number;
  snapshot: Snapshot | null;
  summary: Summary | null;
  topology: Topology | null;
  /** The last engine error (one line naming the field), or null. */
  error: string | null;
  /** What the error is about (its banner's heading); null without an error. */
  errorKind: ErrorKind | null;
  /** Bumped whenever new series points arrive (the points live in SeriesStore). */
  seriesVersion: number;
  /** An informational message (e.g. about a shared link), or null. */
  notice: string | null;
  /** The shareable URL of the loaded run, once asked for; cleared when another run loads. */
  shareUrl: string | null;
  /** The time range every chart shows (zoomed with the wheel); null = the whole run. */
  timeWindow: TimeWindow;
  /** Simulated time a seek is heading for; null when not seeking. */
  seekTarget: number | null;
  /** What the inspector shows (clicked in the topology view or a table). */
  selection: Selection | null;
}

/** An inspectable thing: a flow, a link, or a flow's subflow (MPTCP) or stream (QUIC). */
export type Selection =
  | { kind: 'flow'; id: string }
  | { kind: 'link'; id: string }
  | { kind: 'subflow' | 'stream'; flow: string; id: string };

export function sameSelection(a: Selection | null, b: Selection | null): boolean {
  if (a === null || b === null) return a === b;
  return a.kind === b.kind && a.id === b.id && ('flow' in a ? a.flow : '') === ('flow' in b ? b.flow : '');
}

export const initialState: LabState = {
  engineVersion: null,
  presets: [],
  presetName: null,
  knobValues: {},
  knobEdits: {},
  variant: null,
  seed: 1,
  speed: 1,
  run: 'starting',
  runBeforeLoad: 'starting',
  runId: 0,
  simTime: 0,
  duration: 0,
  end: null,
  events: 0,
  snapshot: null,
  summary: null,
  topology: null,
  error: null,
  errorKind: null,
  seriesVersion: 0,
  notice: null,
  shareUrl: null,
  timeWindow: null,
  seekTarget: null,
  selection: null,
};

export type Action =
  | { type: 'ready'; engineVersion: string; presets: PresetDesc[] }
  | { type: 'selectPreset'; name: string; variant?: string | null }
  | { type: 'setKnob'; name: string; value: KnobValue }
  | { type: 'setVariant'; variant: string | null }
  | { type: 'setSeed'; seed: number }
  | { type: 'setSpeed'; speed: Speed }
  | { type: 'loading' }
  | { type: 'loaded'; runId: number; duration: number; topology: Topology | null; playing: boolean; end?: number | null }
  | { type: 'playing'; playing: boolean }
  | { type: 'tick'; runId: number; simTime: number; events: number; snapshot: Snapshot | null; seriesChanged: boolean }
  | { type: 'finished'; runId: number; summary: Summary }
  | { type: 'error'; message: string; kind?: ErrorKind }
  /** Puts back the scenario choice a failed link replaced (the run it chose stays on screen). */
  | { type: 'restoreSelection'; selection: SavedSelection }
  | { type: 'dismissError' }
  /** Adds (or replaces, by name) a preset, e.g. the scenario of a shared link. */
  | { type: 'addPreset'; preset: PresetDesc }
  | { type: 'notice'; message: string | null }
  | { type: 'shared'; url: string }
  | { type: 'zoomTime'; window: TimeWindow }
  /** A backward seek restarted the run at t = 0 (same run). */
  | { type: 'rewound'; runId: number }
  | { type: 'seeking'; runId: number; target: number | null }
  | { type: 'select'; selection: Selection | null };

/** The scenario choice shown in the side bar, as saved before opening a link over it. */
export type SavedSelection = Pick<LabState, 'presetName' | 'variant' | 'knobValues' | 'knobEdits' | 'seed' | 'speed'>;

export function savedSelection(s: LabState): SavedSelection {
  return { presetName: s.presetName, variant: s.variant, knobValues: s.knobValues, knobEdits: s.knobEdits, seed: s.seed, speed: s.speed };
}

/** The knobs' values as the preset (under `variant`, when it has that variant) sets them. */
/** Knobs whose bound field the preset leaves unset (value null) are left out. */
export function defaultKnobValues(p: PresetDesc | undefined, variant: string | null = null): Record<string, KnobValue> {
  const out: Record<string, KnobValue> = {};
  const under = variant !== null ? p?.variant_values?.[variant] : undefined;
  for (const k of p?.knobs ?? []) {
    const v = under && k.name in under ? under[k.name] : k.value;
    if (v !== null && v !== undefined) out[k.name] = v;
  }
  return out;
}

export function currentPreset(s: LabState): PresetDesc | undefined {
  return s.presets.find((p) => p.name === s.presetName);
}

export function reducer(s: LabState, a: Action): LabState {
  switch (a.type) {
    case 'ready':
      return { ...s, engineVersion: a.engineVersion, presets: a.presets };
    case 'selectPreset': {
      const p = s.presets.find((x) => x.name === a.name);
      if (!p) return { ...s, error: `unknown preset '${a.name}'` };
      // An explicit variant wins if the preset has it; otherwise keep the current one if it can.
      const wanted = a.variant !== undefined ? a.variant : s.variant;
      const variant = wanted !== null && p.variants.includes(wanted) ? wanted : null;
      return { ...s, presetName: p.name, knobValues: defaultKnobValues(p, variant), knobEdits: {}, variant, error: null, errorKind: null };
    }
    case 'setKnob':
      return { ...s, knobValues: { ...s.knobValues, [a.name]: a.value }, knobEdits: { ...s.knobEdits, [a.name]: a.value } };
    case 'setVariant':
      return { ...s, variant: a.variant, knobValues: { ...defaultKnobValues(currentPreset(s), a.variant), ...s.knobEdits } };
    case 'setSeed':
      return Number.isInteger(a.seed) && a.seed >= 0 ? { ...s, seed: a.seed } : s;
    case 'setSpeed':
      return { ...s, speed: a.speed };
    case 'loading':
      return { ...s, run: 'loading', runBeforeLoad: s.run === 'loading' ? s.runBeforeLoad : s.run };
    case 'loaded':
      return {
        ...s,
        run: a.playing ? 'running' : 'paused',
        runId: a.runId,
        duration: a.duration,
        end: a.end ?? null,
        topology: a.topology,
        simTime: 0,
        events: 0,
        snapshot: null,
        summary: null,
        error: null,
        errorKind: null,
        shareUrl: null,
        timeWindow: null,
        seekTarget: null,
        seriesVersion: s.seriesVersion + 1,
      };
    case 'playing':
      if (s.run === 'finished' || s.run === 'starting') return s;
      return { ...s, run: a.playing ? 'running' : 'paused' };
    case 'tick':
      if (a.runId !== s.runId) return s;
      return {
        ...s,
        simTime: a.simTime,
        events: a.events,
        snapshot: a.snapshot ?? s.snapshot,
        seriesVersion: a.seriesChanged ? s.seriesVersion + 1 : s.seriesVersion,
      };
    case 'finished':
      if (a.runId !== s.runId) return s;
      return {
        ...s,
        run: 'finished',
        summary: a.summary,
        simTime: Math.max(s.simTime, a.summary.duration_s),
        end: a.summary.duration_s,
        timeWindow: fitWindow(s.timeWindow, a.summary.duration_s),
      };
    case 'error': {
      // Keep the last good run on screen; if it was running, the worker has paused it.
      const before = s.run === 'loading' ? s.runBeforeLoad : s.run;
      const run: RunState = s.runId === 0 ? 'error' : before === 'running' || before === 'loading' || before === 'starting' ? 'paused' : before;
      return { ...s, error: a.message, errorKind: a.kind ?? 'invalid', run };
    }
    case 'restoreSelection':
      return { ...s, ...a.selection, run: s.run === 'loading' ? s.runBeforeLoad : s.run };
    case 'dismissError':
      return { ...s, error: null, errorKind: null };
    case 'addPreset':
      return { ...s, presets: [...s.presets.filter((p) => p.name !== a.preset.name), a.preset] };
    case 'notice':
      return { ...s, notice: a.message };
    case 'shared':
      return { ...s, shareUrl: a.url };
    case 'rewound':
      if (a.runId !== s.runId) return s;
      return {
        ...s,
        run: 'paused',
        simTime: 0,
        events: 0,
        snapshot: null,
        summary: null,
        seriesVersion: s.seriesVersion + 1,
      };
    case 'seeking':
      if (a.runId !== s.runId || s.seekTarget === a.target) return s;
      return { ...s, seekTarget: a.target };
    case 'select':
      return sameSelection(s.selection, a.selection) ? s : { ...s, selection: a.selection };
    case 'zoomTime': {
      const w = a.window;
      if (w === null) return s.timeWindow === null ? s : { ...s, timeWindow: null };
      if (!(w[1] > w[0])) return s;
      if (s.timeWindow !== null && s.timeWindow[0] === w[0] && s.timeWindow[1] === w[1]) return s;
      return { ...s, timeWindow: [w[0], w[1]] };
    }
  }
}

/**
 * The time range the run's time axes, seek slider and time window span: up to its end once
 * known, else the scenario's limit. A run whose flows all complete at 35 s of a 300 s limit
 * would otherwise be drawn in the left tenth of every chart.
 */
export function timeSpan(s: Pick<LabState, 'duration' | 'end'>): number {
  return s.end !== null && s.end > 0 ? Math.min(s.end, s.duration) : s.duration;
}

/** A zoomed window cut to a run that turned out to end at `end` (null: the whole run). */
function fitWindow(w: TimeWindow, end: number): TimeWindow {
  return w === null || w[0] >= end ? null : clampWindow(w[0], w[1], end);
}

/** The app root's data-state: an engine error shows as "error" while its banner is up. */
export function visibleState(s: LabState): RunState {
  return s.error !== null ? 'error' : s.run;
}
