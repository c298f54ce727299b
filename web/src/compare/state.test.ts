import { describe, expect, it } from 'vitest';
import type { Summary } from '../types';
import { allSummaries } from '../store/run';
import { type CompareAction, type CompareState, compareReducer, initialCompareState, matchesLoaded } from './state';

const run = (actions: CompareAction[], from: CompareState = initialCompareState) => actions.reduce(compareReducer, from);
const loadedAction = (runId: number, playing = true): CompareAction => ({
  type: 'loaded',
  runId,
  duration: 10,
  columns: 2,
  settings: [[{ knob: 'cc', value: 'cubic' }], [{ knob: 'cc', value: 'reno' }]],
  loaded: { scenario: 'tcp-dumbbell', choice: 'cc:cubic,reno', seed: 1, variant: 'quick', edits: '{}' },
  playing,
});
const tick = (runId: number, now: number): CompareAction => ({
  type: 'tick',
  runId,
  simTime: now,
  columns: [
    { now, events: 5, finished: false, aggregate: null },
    { now, events: 7, finished: false, aggregate: null },
  ],
  snapshot: null,
  seriesChanged: true,
});
const summary = (jain: number): Summary => ({ engine_version: 't', scenario: 's', seed: 1, duration_s: 10, warmup_s: 0, events: 1, wall_s: 0, flows: [], links: [], jain, digest: '' });
const finished = (runId: number, column: number, jain: number): CompareAction => ({ type: 'finished', runId, column, summary: summary(jain) });

describe('compare reducer', () => {
  it('loads one column per value, paused or running', () => {
    const s = run([{ type: 'loading' }, loadedAction(1)]);
    expect(s.run).toBe('running');
    expect(s.settings.map((c) => c[0]?.value)).toEqual(['cubic', 'reno']);
    expect(s.columns).toHaveLength(2);
    expect(s.loaded?.choice).toBe('cc:cubic,reno');
    expect(run([loadedAction(1, false)]).run).toBe('paused');
  });

  it('moves every column on the shared clock', () => {
    const s = run([loadedAction(1), tick(1, 0.5), tick(1, 1)]);
    expect(s.simTime).toBe(1);
    expect(s.columns.map((c) => c.now)).toEqual([1, 1]);
    expect(s.columns.map((c) => c.events)).toEqual([5, 7]);
    expect(s.seriesVersion).toBeGreaterThan(run([loadedAction(1)]).seriesVersion);
  });

  it('ignores ticks and summaries of another run', () => {
    const s = run([loadedAction(2), tick(1, 3), finished(1, 0, 0.5), { type: 'summaries', runId: 1, simTime: 10, summaries: [summary(1), summary(1)] }]);
    expect(s.simTime).toBe(0);
    expect(allSummaries(s)).toBeNull();
    expect(s.columns.every((c) => !c.finished)).toBe(true);
  });

  it('finishes once every column has; the summaries are final', () => {
    let s = run([loadedAction(1), tick(1, 9.9), finished(1, 0, 0.6)]);
    expect(s.run).toBe('running');
    expect(allSummaries(s)).toBeNull();
    s = run([finished(1, 1, 0.7)], s);
    expect(s.run).toBe('finished');
    expect(s.simTime).toBe(10);
    expect(s.summariesAt).toBeNull();
    expect(allSummaries(s)?.map((x) => x.jain)).toEqual([0.6, 0.7]);
    // A late "paused" message does not undo the end.
    expect(compareReducer(s, { type: 'playing', runId: 1, playing: false }).run).toBe('finished');
  });

  it('keeps a pause-time table marked as not final, until the run goes on', () => {
    const s = run([loadedAction(1), tick(1, 4), { type: 'playing', runId: 1, playing: false }, { type: 'summaries', runId: 1, simTime: 4, summaries: [summary(0.5), summary(0.6)] }]);
    expect(s.run).toBe('paused');
    expect(s.summariesAt).toBe(4);
    expect(allSummaries(s)?.map((x) => x.jain)).toEqual([0.5, 0.6]);
    const on = run([tick(1, 4.5)], s);
    expect(on.summariesAt).toBeNull();
    expect(allSummaries(on)).toBeNull();
  });

  it('keeps the last good comparison when a load fails', () => {
    const before = run([loadedAction(1), tick(1, 2)]);
    const s = run([{ type: 'loading' }, { type: 'error', runId: 2, message: 'column B (cc=x): flows[0].cc: unknown' }], before);
    expect(s.error).toContain('column B');
    expect(s.run).toBe('paused');
    expect(s.columns).toEqual(before.columns);
    expect(s.runId).toBe(1);
    // Nothing loaded yet: an error state, not paused.
    expect(run([{ type: 'loading' }, { type: 'error', runId: null, message: 'bad' }]).run).toBe('error');
    expect(compareReducer(s, { type: 'dismissError' }).error).toBeNull();
  });

  it('a new choice clears the error; zoom keeps valid windows only', () => {
    const s = run([{ type: 'error', runId: null, message: 'x' }, { type: 'choose', scenario: 'p', choice: { knob: 'cc', values: ['a', 'b'] } }]);
    expect(s.error).toBeNull();
    expect(s.scenario).toBe('p');
    expect(run([{ type: 'zoomTime', window: [2, 1] }]).timeWindow).toBeNull();
    expect(run([{ type: 'zoomTime', window: [1, 2] }]).timeWindow).toEqual([1, 2]);
  });
});

describe('matchesLoaded', () => {
  it('is true only for the loaded choice on the lab scenario it ran', () => {
    const s = run([{ type: 'choose', scenario: 'tcp-dumbbell', choice: { knob: 'cc', values: ['cubic', 'reno'] } }, loadedAction(1)]);
    const lab = { presetName: 'tcp-dumbbell', seed: 1, variant: 'quick', knobEdits: {} };
    expect(matchesLoaded(s, lab)).toBe(true);
    expect(matchesLoaded(s, { ...lab, seed: 2 })).toBe(false);
    expect(matchesLoaded(s, { ...lab, variant: null })).toBe(false);
    expect(matchesLoaded(s, { ...lab, presetName: 'tcp-single' })).toBe(false);
    expect(matchesLoaded(s, { ...lab, knobEdits: { loss: 0.01 } })).toBe(false);
    const swapped = compareReducer(s, { type: 'choose', scenario: 'tcp-dumbbell', choice: { knob: 'cc', values: ['reno', 'cubic'] } });
    expect(matchesLoaded(swapped, lab)).toBe(false);
    // Adding a second knob is another comparison.
    const grid = compareReducer(s, { type: 'choose', scenario: 'tcp-dumbbell', choice: { knob: 'cc', values: ['cubic', 'reno'], second: { knob: 'buffer_bdp', values: ['1', '2'] } } });
    expect(matchesLoaded(grid, lab)).toBe(false);
    expect(matchesLoaded(initialCompareState, lab)).toBe(false);
  });
});
