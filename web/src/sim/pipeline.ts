// The page's end of the run pipeline, one copy for the lab and A/B compare: owns a simulation
// worker (worker/sim.worker.ts), numbers the loads (run ids), keeps one SeriesStore per column,
// and turns the worker's run messages into the shared run actions (store/run.ts) of its store.
// The lab (sim/controller.ts) is one column plus step, seek, links and share; A/B compare
// (compare/controller.ts) is one column per compared value.
//
// Stale messages: a message whose run id is not the run on screen is dropped before it touches
// a series store, and the run reducer ignores it too (`staleRun`), so a late tick of a replaced
// run never draws into the new run's charts.
//
// Ticks reach the store at most every UI_TICK_MS (issue 18's frame targets): each tick's points
// go into the series stores and its events to `onTick` at once, but the store's tick action —
// which re-renders every panel that shows the clock, the tables and the topology (~6 ms of React
// per tick on the fsfs presets, and a layout and paint after it) — is merged with the next one
// when it comes sooner (latest clock and progress, latest snapshot, series changed if either
// did). The worker posts ~30 ticks a second at 1×; 15 a second is plenty for numbers and
// pictures, and halves the page's per-tick work. Any other message first applies a merged tick
// still waiting, so the order of actions is the worker's.
import { simWorker } from '../worker/spawn';
import { type ColumnProgress, type RunAction, type RunFields, staleRun } from '../store/run';
import { SnapshotDecoder } from '../lib/packedSnapshot';
import type { Snapshot, Speed } from '../types';
import type { ColumnSpec, FromWorker, ToWorker } from '../worker/protocol';
import { SeriesStore } from './seriesStore';
import { wordLab } from '../worker/wording';

type Msg<T extends FromWorker['type']> = Extract<FromWorker, { type: T }>;
/** A tick with its packed snapshot decoded. */
export type DecodedTick = Omit<Msg<'tick'>, 'snapshot'> & { snapshot: Snapshot | null };

export interface PipelineOptions {
  /** Names the worker in errors ("compare worker: …"). */
  name: string;
  getState(): RunFields;
  /** Every run action but `loaded`, which `loaded` below turns into the store's own. */
  dispatch(a: Exclude<RunAction, { type: 'loaded' }>): void;
  /** The store's `loaded` action for this message (after the series stores were reset). */
  loaded(msg: Msg<'loaded'>): void;
  /** The series store of column `i` (the lab's is the page-wide one the charts read). */
  seriesStore(i: number): SeriesStore;
  /** Called with each tick of the run on screen after its points are stored (the lab's events),
   * its snapshot decoded. */
  onTick?(msg: DecodedTick): void;
  /** A backward seek restarted the run on screen (the lab drops its event logs). */
  onRewound?(): void;
  /** Messages that are not about a run (ready, links, share), and errors the owner handles itself. */
  onOther?(msg: FromWorker): boolean;
}

/** Least wall time between two tick actions reaching the store (ms). */
export const UI_TICK_MS = 66;

type TickAction = Extract<RunAction, { type: 'tick' }>;

export class RunPipeline {
  private worker: Worker | null = null;
  /** A tick action held back (arrived within UI_TICK_MS of the last one), and its timer. */
  private heldTick: TickAction | null = null;
  private heldTimer: ReturnType<typeof setTimeout> | null = null;
  private lastTickAt = -Infinity;
  private lastRunId = 0;
  /** The worker's snapshots' string table (lib/packedSnapshot.ts). */
  private snapshots = new SnapshotDecoder();
  /** One series store per column of the run on screen. */
  stores: SeriesStore[] = [];

  constructor(private readonly o: PipelineOptions) {}

  get started(): boolean {
    return this.worker !== null;
  }

  post(msg: ToWorker): void {
    if (!this.worker) {
      const w = simWorker();
      w.onmessage = (e: MessageEvent<FromWorker>) => this.receive(wordLab(e.data));
      w.onerror = (e) => this.o.dispatch({ type: 'error', runId: null, message: `${this.o.name}: ${e.message || 'failed to start'}` });
      this.worker = w;
    }
    this.worker.postMessage(msg);
  }

  /** Starts a run of `columns` (all under `seed`); returns its run id. */
  load(run: { presetText: string; variant: string | null; seed: number; columns: ColumnSpec[]; play: boolean; speed: Speed; snapshots: boolean }): number {
    const runId = ++this.lastRunId;
    this.o.dispatch({ type: 'loading' });
    this.post({ type: 'load', runId, ...run });
    return runId;
  }

  /** Handles one message of the worker (public for the unit tests of the run-id rule). */
  receive(msg: FromWorker): void {
    if (msg.type !== 'tick') this.flushTick();
    if (this.o.onOther?.(msg)) return;
    const s = this.o.getState();
    switch (msg.type) {
      case 'loaded':
        if (msg.runId < s.runId) return;
        this.stores = msg.meta.map((meta, i) => {
          const store = this.o.seriesStore(i);
          store.reset(meta);
          return store;
        });
        this.o.loaded(msg);
        return;
      case 'tick': {
        // Decoded even when stale: the string table grows with every snapshot the worker sends.
        const snapshot = msg.snapshot ? this.snapshots.decode(msg.snapshot) : null;
        if (staleRun(s, msg.runId)) return;
        let changed = false;
        const columns: ColumnProgress[] = msg.columns.map((t, i) => {
          const store = this.stores[i];
          if (store) {
            if (t.meta) store.setMeta(t.meta);
            // A changed list's past first (its series are new), then the tick's frame.
            if (t.history) store.append(t.history);
            changed = store.appendFrame(t.frame) || changed || t.meta !== null;
          }
          return { now: t.now, events: t.events, finished: t.finished, aggregate: t.aggregate };
        });
        this.o.onTick?.({ ...msg, snapshot });
        this.tick({ type: 'tick', runId: msg.runId, simTime: msg.now, columns, snapshot, seriesChanged: changed });
        return;
      }
      case 'rewound':
        if (staleRun(s, msg.runId)) return;
        for (const store of this.stores) store.reset(store.meta);
        this.o.onRewound?.();
        this.o.dispatch({ type: 'rewound', runId: msg.runId });
        return;
      // These messages are the run actions themselves (same fields); the reducer applies the
      // run-id rule to them.
      case 'playing':
      case 'finished':
      case 'summaries':
      case 'seeking':
      case 'error':
        this.o.dispatch(msg);
        return;
      default:
        return;
    }
  }

  /** Dispatches a tick action now, or merges it into the held one (see the header). */
  private tick(a: TickAction): void {
    const held = this.heldTick;
    const merged: TickAction =
      held && held.runId === a.runId
        ? { ...a, snapshot: a.snapshot ?? held.snapshot, seriesChanged: a.seriesChanged || held.seriesChanged }
        : a;
    // A held tick of another run is dropped: the reducer would ignore it anyway.
    const wait = this.lastTickAt + UI_TICK_MS - performance.now();
    // Only a playing run's ticks are merged. A tick that answers a step or a seek (the run is
    // paused by then) is the state the user asked for and shows at once: a step while playing
    // posts "paused" and then its tick, and holding that tick left the clock at the paused
    // instant for up to UI_TICK_MS, so the next step seemed to advance two steps.
    this.heldTick = merged;
    if (wait <= 0 || this.o.getState().run !== 'running') this.flushTick();
    else this.heldTimer ??= setTimeout(() => this.flushTick(), wait);
  }

  /** Applies the held tick action, if any. */
  flushTick(): void {
    if (this.heldTimer !== null) clearTimeout(this.heldTimer);
    this.heldTimer = null;
    const a = this.heldTick;
    if (a === null) return;
    this.heldTick = null;
    this.lastTickAt = performance.now();
    this.o.dispatch(a);
  }
}
