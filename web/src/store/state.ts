// The lab's state and its pure reducer. Side effects (talking to the worker) live in
// sim/controller.ts; components read this state through selectors (store/store.ts).
import type { KnobValue, PresetDesc, Speed, Topology } from '../types';
import { type RunAction, type RunFields, type RunState, initialRun, runReducer } from './run';

export { type RunState, timeSpan } from './run';

/**
 * The lab: the scenario choice (preset, knobs, variant, seed, speed) and the run on screen (the
 * run fields and their reducer are shared with A/B compare: store/run.ts; the lab is one column).
 */
export interface LabState extends RunFields {
  engineVersion: string | null;
  presets: PresetDesc[];
  /** Whether `presets` lists every preset file (the whole index loaded), not only the opening one. */
  presetsComplete: boolean;
  presetName: string | null;
  /** The values the controls show and the next load sends: variant defaults + user edits. */
  knobValues: Record<string, KnobValue>;
  /** The knobs the user changed since picking the preset; they survive a variant switch. */
  knobEdits: Record<string, KnobValue>;
  /** null = the preset as written ("full"). */
  variant: string | null;
  seed: number;
  speed: Speed;
  topology: Topology | null;
  /** An informational message (e.g. about a shared link), or null. */
  notice: string | null;
  /** The shareable URL of the loaded run, once asked for; cleared when another run loads. */
  shareUrl: string | null;
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
  ...initialRun,
  engineVersion: null,
  presets: [],
  presetsComplete: false,
  presetName: null,
  knobValues: {},
  knobEdits: {},
  variant: null,
  seed: 1,
  speed: 1,
  topology: null,
  notice: null,
  shareUrl: null,
  selection: null,
};

export type Action =
  /**
   * The preset files' list (the build-time index): at start the entries the first run needs,
   * later all of them. Presets added since (a shared link's, an edited scenario) stay, after it.
   */
  | { type: 'ready'; presets: PresetDesc[]; complete: boolean }
  /** The engine started (the worker's answer to init). */
  | { type: 'engine'; engineVersion: string }
  | { type: 'selectPreset'; name: string; variant?: string | null }
  | { type: 'setKnob'; name: string; value: KnobValue }
  | { type: 'setVariant'; variant: string | null }
  | { type: 'setSeed'; seed: number }
  | { type: 'setSpeed'; speed: Speed }
  /** The run on screen (store/run.ts); the lab's load also carries the topology it draws. */
  | Exclude<RunAction, { type: 'loaded' }>
  | (Extract<RunAction, { type: 'loaded' }> & { topology: Topology | null })
  /** Puts back the scenario choice a failed link replaced (the run it chose stays on screen). */
  | { type: 'restoreSelection'; selection: SavedSelection }
  /** Adds (or replaces, by name) a preset, e.g. the scenario of a shared link. */
  | { type: 'addPreset'; preset: PresetDesc }
  | { type: 'notice'; message: string | null }
  | { type: 'shared'; url: string }
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
    case 'ready': {
      const files = new Set(a.presets.map((p) => p.name));
      return { ...s, presets: [...a.presets, ...s.presets.filter((p) => p.origin && !files.has(p.name))], presetsComplete: a.complete };
    }
    case 'engine':
      return { ...s, engineVersion: a.engineVersion };
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
    case 'loaded': {
      const next = runReducer(s, a);
      return next === s ? s : { ...next, topology: a.topology, shareUrl: null };
    }
    case 'restoreSelection':
      return { ...s, ...a.selection, run: s.run === 'loading' ? s.runBeforeLoad : s.run };
    case 'addPreset':
      return { ...s, presets: [...s.presets.filter((p) => p.name !== a.preset.name), a.preset] };
    case 'notice':
      return { ...s, notice: a.message };
    case 'shared':
      return { ...s, shareUrl: a.url };
    case 'select':
      return sameSelection(s.selection, a.selection) ? s : { ...s, selection: a.selection };
    default:
      return runReducer(s, a);
  }
}

/** The app root's data-state: an engine error shows as "error" while its banner is up. */
export function visibleState(s: LabState): RunState {
  return s.error !== null ? 'error' : s.run;
}
