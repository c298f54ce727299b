import { describe, expect, it } from 'vitest';
import { type RunAction, type RunFields, initialRun, runReducer } from '../store/run';
import type { SeriesMeta } from '../types';
import type { FromWorker } from '../worker/protocol';
import { RunPipeline } from './pipeline';
import { SeriesStore } from './seriesStore';

const meta: SeriesMeta[] = [{ key: 'flow/f1/cwnd', scope: 'flow', owner: 'f1', metric: 'cwnd', label: 'cwnd', unit: 'packets' } as SeriesMeta];

/** A pipeline over a plain run store, as the compare view has (no worker is started). */
function harness() {
  let state: RunFields = initialRun;
  const actions: RunAction[] = [];
  const stores = [new SeriesStore(), new SeriesStore()];
  const pipeline = new RunPipeline({
    name: 'test worker',
    getState: () => state,
    dispatch: (a) => {
      actions.push(a);
      state = runReducer(state, a);
    },
    loaded: (msg) => {
      state = runReducer(state, { type: 'loaded', runId: msg.runId, duration: msg.duration, end: msg.end, columns: msg.meta.length, playing: msg.playing } as RunAction);
    },
    seriesStore: (i) => stores[i]!,
  });
  return { pipeline, stores, actions, state: () => state };
}

const loadedMsg = (runId: number): FromWorker => ({ type: 'loaded', runId, duration: 10, end: null, topologies: [null, null], meta: [meta, meta], aggregate: [null, null], playing: true });
const tickMsg = (runId: number, t: number): FromWorker => ({
  type: 'tick',
  runId,
  now: t,
  snapshot: null,
  columns: [0, 1].map((i) => ({ now: t, events: 10, finished: false, meta: null, history: null, aggregate: null, frame: { times: new Float64Array([t]), values: new Float32Array([10 + i]), width: 1 } })),
});

describe('run pipeline (page side)', () => {
  it('stores each column’s points in its own series store', () => {
    const h = harness();
    h.pipeline.receive(loadedMsg(1));
    h.pipeline.receive(tickMsg(1, 0.5));
    expect(h.stores.map((s) => s.select('flow', 'cwnd')[0]!.buf.toArray())).toEqual([[{ t: 0.5, v: 10 }], [{ t: 0.5, v: 11 }]]);
    expect(h.state().simTime).toBe(0.5);
  });

  it('drops a stale run’s tick before it reaches the charts', () => {
    const h = harness();
    h.pipeline.receive(loadedMsg(1));
    h.pipeline.receive(tickMsg(1, 0.5));
    h.pipeline.receive(loadedMsg(2));
    const before = h.stores.map((s) => s.checksum);
    // Posted by the worker before it saw load 2; arrives after.
    h.pipeline.receive(tickMsg(1, 0.9));
    expect(h.stores.map((s) => s.checksum)).toEqual(before);
    expect(h.state().runId).toBe(2);
    expect(h.state().simTime).toBe(0);
    // An older load answered late does not reset the stores of the run on screen.
    h.pipeline.receive(tickMsg(2, 0.2));
    h.pipeline.receive(loadedMsg(1));
    expect(h.state().runId).toBe(2);
    expect(h.stores[0]!.checksum.points).toBe(1);
  });
});

describe('tick actions reach the store at most every UI_TICK_MS', () => {
  it('merges ticks that come sooner (points stored at once), and applies a held one before any other message', () => {
    const h = harness();
    const inner = h.pipeline;
    const ticks = () => h.actions.filter((a) => a.type === 'tick').length;
    inner.receive(loadedMsg(1));
    inner.receive(tickMsg(1, 0.1));
    // 30 Hz from the worker: the next ticks arrive within the interval.
    inner.receive(tickMsg(1, 0.2));
    inner.receive(tickMsg(1, 0.3));
    expect(ticks()).toBe(1);
    expect(h.state().simTime).toBe(0.1);
    // The charts' points are not held back.
    expect(h.stores[0]!.select('flow', 'cwnd')[0]!.buf.toArray().map((p) => p.t)).toEqual([0.1, 0.2, 0.3]);
    // The run ends: the held tick is applied first, then the end.
    inner.receive({ type: 'playing', runId: 1, playing: false });
    expect(ticks()).toBe(2);
    expect(h.state().simTime).toBe(0.3);
  });

  it('never holds a tick that answers a step or seek of a paused run', () => {
    const h = harness();
    h.pipeline.receive(loadedMsg(1));
    h.pipeline.receive(tickMsg(1, 0.1));
    // A step while playing: the worker pauses, then posts the stepped state, within 66 ms.
    h.pipeline.receive({ type: 'playing', runId: 1, playing: false });
    h.pipeline.receive(tickMsg(1, 0.101));
    expect(h.state().run).toBe('paused');
    expect(h.state().simTime).toBe(0.101);
    // And the next step at once after it.
    h.pipeline.receive(tickMsg(1, 0.102));
    expect(h.state().simTime).toBe(0.102);
  });
});
