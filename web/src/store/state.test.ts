import { describe, expect, it } from 'vitest';
import type { PresetDesc, Summary } from '../types';
import { type LabState, currentPreset, initialState, reducer, savedSelection, timeSpan, visibleState } from './state';
import { firstSummary } from './run';
import { createStore } from './store';

const presets: PresetDesc[] = [
  {
    name: 'tcp-dumbbell',
    title: 'Dumbbell', look_for: '',
    description: 'Two flows share a bottleneck.',
    duration_s: 30,
    knobs: [
      { name: 'cc', label: 'Algorithm', kind: 'enum', bind: ['cc'], options: ['reno', 'cubic'], value: 'cubic' },
      { name: 'buffer_bdp', label: 'Buffer', kind: 'number', bind: ['buffer_bdp'], min: 0.1, max: 100, step: 0.1, unit: 'BDP', value: 1 },
      { name: 'duration_s', label: 'Duration', kind: 'number', bind: ['duration_s'], min: 1, max: 600, step: 1, unit: 's', value: 30 },
      // Unset in the preset: shown empty, never sent unless the user sets it.
      { name: 'flows', label: 'Flows', kind: 'integer', bind: ['flows'], min: 1, max: 100, value: null },
    ],
    variants: ['quick'],
    variant_values: { quick: { cc: 'cubic', buffer_bdp: 1, duration_s: 10, flows: null } },
    headline: [],
    tour: [],
    worksheet: [],
  },
  { name: 'tcp-single', title: 'Single', look_for: '', description: '', duration_s: 10, knobs: [], variants: [], variant_values: {}, headline: [], tour: [], worksheet: [] },
];

const summary = (duration_s: number): Summary => ({
  engine_version: '0.1.0',
  scenario: 'tcp-dumbbell',
  seed: 1,
  duration_s,
  warmup_s: 0,
  events: 10,
  wall_s: 0.1,
  flows: [],
  links: [],
  jain: 0.99,
  digest: '',
});

function ready(): LabState {
  return reducer(reducer(initialState, { type: 'ready', presets, complete: true }), { type: 'engine', engineVersion: '0.1.0' });
}

describe('lab reducer', () => {
  it('selects a preset with its default knob values', () => {
    const s = reducer(ready(), { type: 'selectPreset', name: 'tcp-dumbbell', variant: 'quick' });
    expect(s.presetName).toBe('tcp-dumbbell');
    // Under the quick variant the duration knob shows (and sends) the variant's 10 s.
    expect(s.knobValues).toEqual({ cc: 'cubic', buffer_bdp: 1, duration_s: 10 });
    expect(s.variant).toBe('quick');
    expect(currentPreset(s)?.title).toBe('Dumbbell');
  });

  it('switching variant shows its knob values but keeps the user\'s edits', () => {
    let s = reducer(ready(), { type: 'selectPreset', name: 'tcp-dumbbell', variant: null });
    expect(s.knobValues.duration_s).toBe(30);
    s = reducer(s, { type: 'setKnob', name: 'cc', value: 'reno' });
    s = reducer(s, { type: 'setVariant', variant: 'quick' });
    expect(s.knobValues).toEqual({ cc: 'reno', buffer_bdp: 1, duration_s: 10 });
    s = reducer(s, { type: 'setVariant', variant: null });
    expect(s.knobValues).toEqual({ cc: 'reno', buffer_bdp: 1, duration_s: 30 });
    // Picking a preset again starts from its defaults.
    s = reducer(s, { type: 'selectPreset', name: 'tcp-dumbbell', variant: null });
    expect(s.knobValues.cc).toBe('cubic');
    expect(s.knobEdits).toEqual({});
  });

  it('drops a variant the preset does not declare', () => {
    const s = reducer(ready(), { type: 'selectPreset', name: 'tcp-single', variant: 'quick' });
    expect(s.variant).toBeNull();
  });

  it('keeps the current variant across presets that declare it', () => {
    let s = reducer(ready(), { type: 'selectPreset', name: 'tcp-dumbbell', variant: 'quick' });
    s = reducer(s, { type: 'selectPreset', name: 'tcp-single' });
    expect(s.variant).toBeNull();
    s = reducer(s, { type: 'setVariant', variant: 'quick' });
    s = reducer(s, { type: 'selectPreset', name: 'tcp-dumbbell' });
    expect(s.variant).toBe('quick');
    s = reducer(s, { type: 'selectPreset', name: 'tcp-dumbbell', variant: null });
    expect(s.variant).toBeNull();
  });

  it('reports an unknown preset as an error', () => {
    const s = reducer(ready(), { type: 'selectPreset', name: 'nope' });
    expect(s.error).toMatch(/nope/);
    expect(visibleState(s)).toBe('error');
  });

  it('sets knobs without touching other values', () => {
    let s = reducer(ready(), { type: 'selectPreset', name: 'tcp-dumbbell' });
    s = reducer(s, { type: 'setKnob', name: 'buffer_bdp', value: 5 });
    expect(s.knobValues).toEqual({ cc: 'cubic', buffer_bdp: 5, duration_s: 30 });
    expect(s.knobEdits).toEqual({ buffer_bdp: 5 });
  });

  it('rejects a bad seed', () => {
    const s = reducer(ready(), { type: 'setSeed', seed: -3 });
    expect(s.seed).toBe(1);
    expect(reducer(s, { type: 'setSeed', seed: 42 }).seed).toBe(42);
  });

  it('runs through load, ticks and finish', () => {
    let s = reducer(ready(), { type: 'loading' });
    expect(s.run).toBe('loading');
    s = reducer(s, { type: 'loaded', runId: 1, duration: 30, columns: 1, topology: null, playing: true });
    expect(s.run).toBe('running');
    s = reducer(s, { type: 'tick', runId: 1, simTime: 2.5, columns: [{ now: 2.5, events: 100, finished: false, aggregate: null }], snapshot: null, seriesChanged: true });
    expect(s.simTime).toBe(2.5);
    expect(s.seriesVersion).toBe(2);
    // A late tick from an older run is ignored.
    expect(reducer(s, { type: 'tick', runId: 0, simTime: 9, columns: [{ now: 9, events: 1, finished: false, aggregate: null }], snapshot: null, seriesChanged: true })).toBe(s);
    s = reducer(s, { type: 'playing', runId: 1, playing: false });
    expect(s.run).toBe('paused');
    s = reducer(s, { type: 'finished', runId: 1, column: 0, summary: summary(30) });
    expect(s.run).toBe('finished');
    expect(firstSummary(s)?.jain).toBe(0.99);
    expect(s.simTime).toBe(30);
    // Play/pause after the end keeps it finished.
    expect(reducer(s, { type: 'playing', runId: 1, playing: true }).run).toBe('finished');
  });

  it('spans the time axes to a run that ends before its limit, also after seeking back', () => {
    let s = reducer(ready(), { type: 'loaded', runId: 1, duration: 300, columns: 1, topology: null, playing: true });
    expect(timeSpan(s)).toBe(300);
    s = reducer(s, { type: 'zoomTime', window: [20, 120] });
    s = reducer(s, { type: 'finished', runId: 1, column: 0, summary: summary(34.5) });
    expect(timeSpan(s)).toBe(34.5);
    // A zoom past the end is cut to the run.
    expect(s.timeWindow).toEqual([20, 34.5]);
    s = reducer(s, { type: 'rewound', runId: 1 });
    expect(timeSpan(s)).toBe(34.5);
    // Another run: its end is not known, unless the worker knows it from the identical run.
    expect(timeSpan(reducer(s, { type: 'loaded', runId: 2, duration: 300, columns: 1, topology: null, playing: true }))).toBe(300);
    expect(timeSpan(reducer(s, { type: 'loaded', runId: 2, duration: 300, columns: 1, topology: null, playing: true, end: 34.5 }))).toBe(34.5);
  });

  it('keeps the last good run on an error and clears it on the next load', () => {
    let s = reducer(ready(), { type: 'loaded', runId: 1, duration: 30, columns: 1, topology: null, playing: true });
    s = reducer(s, { type: 'tick', runId: 1, simTime: 4, columns: [{ now: 4, events: 10, finished: false, aggregate: null }], snapshot: null, seriesChanged: false });
    s = reducer(s, { type: 'error', runId: null, message: 'buffer_bdp: must be > 0' });
    expect(s.error).toBe('buffer_bdp: must be > 0');
    expect(s.run).toBe('paused');
    expect(s.simTime).toBe(4);
    expect(s.runId).toBe(1);
    expect(visibleState(s)).toBe('error');
    s = reducer(s, { type: 'loaded', runId: 2, duration: 30, columns: 1, topology: null, playing: true });
    expect(s.error).toBeNull();
    expect(visibleState(s)).toBe('running');
  });

  it('a failed load after the end keeps the run finished', () => {
    let s = reducer(ready(), { type: 'loaded', runId: 1, duration: 30, columns: 1, topology: null, playing: true });
    s = reducer(s, { type: 'finished', runId: 1, column: 0, summary: summary(30) });
    s = reducer(s, { type: 'loading' });
    s = reducer(s, { type: 'loading' });
    s = reducer(s, { type: 'error', runId: null, message: 'buffer_bdp: must be > 0' });
    expect(s.run).toBe('finished');
    expect(firstSummary(s)).not.toBeNull();
    expect(visibleState(s)).toBe('error');
    expect(visibleState(reducer(s, { type: 'dismissError' }))).toBe('finished');
  });

  it('titles an error by its kind: invalid by default, engine or budget when the worker says so', () => {
    const s = reducer(ready(), { type: 'loaded', runId: 1, duration: 30, columns: 1, topology: null, playing: false });
    expect(reducer(s, { type: 'error', runId: null, message: 'x: bad' }).errorKind).toBe('invalid');
    expect(reducer(s, { type: 'error', runId: null, message: 'too many flows', kind: 'budget' }).errorKind).toBe('budget');
    const crashed = reducer(s, { type: 'error', runId: null, message: 'the engine failed', kind: 'engine' });
    expect(crashed.errorKind).toBe('engine');
    expect(reducer(crashed, { type: 'dismissError' }).errorKind).toBeNull();
    expect(reducer(crashed, { type: 'loaded', runId: 2, duration: 30, columns: 1, topology: null, playing: false }).errorKind).toBeNull();
  });

  it('puts back the choice a failed link replaced, keeping the finished run and the error', () => {
    let s = reducer(ready(), { type: 'selectPreset', name: 'tcp-dumbbell', variant: 'quick' });
    s = reducer(s, { type: 'setKnob', name: 'cc', value: 'reno' });
    s = reducer(s, { type: 'setSeed', seed: 3 });
    s = reducer(s, { type: 'loaded', runId: 1, duration: 10, columns: 1, topology: null, playing: true });
    s = reducer(s, { type: 'finished', runId: 1, column: 0, summary: summary(10) });
    const before = savedSelection(s);
    // A link's scenario is chosen (its own seed and speed), and its load fails.
    s = reducer(s, { type: 'selectPreset', name: 'tcp-single' });
    s = reducer(s, { type: 'setSeed', seed: 9 });
    s = reducer(s, { type: 'setSpeed', speed: 'max' });
    s = reducer(s, { type: 'loading' });
    s = reducer(s, { type: 'error', runId: null, message: 'this scenario has 2000 flows', kind: 'budget' });
    s = reducer(s, { type: 'restoreSelection', selection: before });
    expect(savedSelection(s)).toEqual(before);
    expect(s.knobEdits).toEqual({ cc: 'reno' });
    expect(s.run).toBe('finished');
    expect(firstSummary(s)).not.toBeNull();
    expect(s.error).toMatch(/2000 flows/);
  });

  it('shows an error state when nothing ever loaded', () => {
    const s = reducer(reducer(ready(), { type: 'loading' }), { type: 'error', runId: null, message: 'x: bad' });
    expect(s.run).toBe('error');
  });

  it('adds a shared scenario as a preset, replacing one of the same name', () => {
    const shared: PresetDesc = { ...presets[0]!, name: 'link:tcp-dumbbell', title: 'Dumbbell (shared link)' };
    let s = reducer(ready(), { type: 'addPreset', preset: shared });
    s = reducer(s, { type: 'addPreset', preset: { ...shared, title: 'again' } });
    expect(s.presets.map((p) => p.name)).toEqual(['tcp-dumbbell', 'tcp-single', 'link:tcp-dumbbell']);
    expect(s.presets[2]!.title).toBe('again');
  });

  it('keeps a shared scenario and the choice when the whole preset index arrives after the first entry', () => {
    // The first load has the opening preset's entry only (presets.ts); the rest comes later.
    let s = reducer(initialState, { type: 'ready', presets: [presets[0]!], complete: false });
    expect(s.presetsComplete).toBe(false);
    s = reducer(s, { type: 'selectPreset', name: 'tcp-dumbbell', variant: 'quick' });
    s = reducer(s, { type: 'addPreset', preset: { ...presets[0]!, name: 'link:tcp-dumbbell', origin: { kind: 'shared', variant: null } } });
    s = reducer(s, { type: 'ready', presets, complete: true });
    expect(s.presetsComplete).toBe(true);
    expect(s.presets.map((p) => p.name)).toEqual(['tcp-dumbbell', 'tcp-single', 'link:tcp-dumbbell']);
    expect(s.presetName).toBe('tcp-dumbbell');
    expect(s.variant).toBe('quick');
  });

  it('forgets the share URL when another run loads', () => {
    let s = reducer(ready(), { type: 'selectPreset', name: 'tcp-dumbbell' });
    s = reducer(s, { type: 'loaded', runId: 1, duration: 30, columns: 1, topology: null, playing: true });
    s = reducer(s, { type: 'shared', url: 'http://x/#s=v1.abc' });
    expect(s.shareUrl).toBe('http://x/#s=v1.abc');
    s = reducer(s, { type: 'loaded', runId: 2, duration: 30, columns: 1, topology: null, playing: true });
    expect(s.shareUrl).toBeNull();
  });

  it('keeps a notice until it is dismissed, independent of errors', () => {
    let s = reducer(ready(), { type: 'notice', message: 'made by engine 0.0.9' });
    s = reducer(s, { type: 'error', runId: null, message: 'x: bad' });
    s = reducer(s, { type: 'dismissError' });
    expect(s.notice).toBe('made by engine 0.0.9');
    expect(reducer(s, { type: 'notice', message: null }).notice).toBeNull();
  });
});

describe('createStore', () => {
  it('notifies subscribers only on change', () => {
    const store = createStore((n: number, a: number) => (a === 0 ? n : n + a), 0);
    let calls = 0;
    const off = store.subscribe(() => calls++);
    store.dispatch(0);
    store.dispatch(2);
    expect(store.getState()).toBe(2);
    expect(calls).toBe(1);
    off();
    store.dispatch(1);
    expect(calls).toBe(1);
  });
});

describe('time window', () => {
  it('zooms, ignores empty ranges, and resets on the next run', () => {
    let s = reducer(ready(), { type: 'zoomTime', window: [2, 4] });
    expect(s.timeWindow).toEqual([2, 4]);
    expect(reducer(s, { type: 'zoomTime', window: [2, 4] })).toBe(s);
    expect(reducer(s, { type: 'zoomTime', window: [4, 4] })).toBe(s);
    expect(reducer(s, { type: 'zoomTime', window: null }).timeWindow).toBeNull();
    s = reducer(s, { type: 'loaded', runId: 1, duration: 30, columns: 1, topology: null, playing: true });
    expect(s.timeWindow).toBeNull();
  });
});
