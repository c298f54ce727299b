// The run on screen, as the simulation worker holds it (worker/sim.worker.ts): its columns (one
// wasm `Simulation` each), the shared clock, what the page shows of it, and one explicit mode
// (worker/runMode.ts: idle, paused, playing, seeking, restoring, finished, crashed). It
// advances the run in time slices paced to the chosen speed and posts points (one transferable
// Float64Array per column per tick), snapshots and the final summaries.
//
// A run is N columns: the same scenario text and seed with each column's knob settings
// applied, all advanced in lockstep on one simulated clock (every round moves each unfinished
// column to the same target time). The lab is N = 1 plus step, seek, links and share; A/B
// compare starts its own worker with one column per compared value (issue 14).
//
// It also keeps the page alive: runs larger than the page can chart are refused with the
// reason (worker/budget.ts), each engine call does bounded work, and an engine panic never
// outlives its run — every engine call goes through one guard (`guard`): a panic drops the
// trapped wasm instance, a fresh one takes over, and the run on screen is rebuilt from its
// scenarios and seed (`recover`); any other error is posted as a one-line message.
//
// Pure of the worker global: messages go out through the `send` it is given, so vitest drives
// a session with the real engine (session.test.ts).
import { Simulation, apply_knobs } from '@netlab/wasm';
import { seedValue } from '../lib/shareLink';
import { crashed, errorText, resetEngine } from './engineReset';
import { EngineDownloadFailed } from './engineStart';
import { flowGroupsOf, journeyOf, seriesMetaOf, summaryOf, topologyOf, traceOf } from '../lib/engineJson';
import type { PackedSnapshot } from '../lib/packedSnapshot';
import type { FollowRequest } from '../generated';
import { type Frame, type ViewSpec, TickEncoder, historyOf } from './aggregate';
import type { SeriesMeta, Speed, Topology } from '../types';
import { SLICE_MAX_EVENTS, SNAPSHOT_COST_FACTOR, SNAPSHOT_MAX_FLOWS, pageBudgetError, seriesGrowthError } from './budget';
import type { AggregateInfo, ColumnTick, FromWorker, ToWorker } from './protocol';
import { BUDGET_MS, Pacer } from './pacer';
import { Scheduler } from './schedule';
import { type ModeName, type RunMode, canBecome } from './runMode';

/** One simulation of the run. */
interface Column {
  sim: Simulation;
  /** How errors name it ("column B (cc=reno)"), or null (the lab's only column). */
  name: string | null;
  /** Series the page knows of (a point of a higher index means the list grew). */
  metaLen: number;
  /** Wall time spent inside the engine for it (its summary's wall_s). */
  wallMs: number;
  /** Its 'finished' was posted. */
  reported: boolean;
  /** Turns its points into the bounded frames the page draws (aggregate.ts). */
  enc: TickEncoder;
  topology: Topology | null;
}

/** The loaded run: each column's scenario JSON and name, the seed, the longest column's length. */
interface Loaded {
  scenarios: string[];
  names: (string | null)[];
  seed: number;
  duration: number;
  snapshots: boolean;
}

/** A message about a run, before the session stamps its run id on it. */
export type Message = FromWorker extends infer M ? (M extends FromWorker ? Omit<M, 'runId'> : never) : never;

/** How a session posts to the page (the worker's `postMessage`). */
export type Send = (msg: FromWorker, transfer: Transferable[]) => void;

/** A run stopped because it outgrew the page's budget (not an invalid setting). */
export class BudgetStop extends Error {}

/** Simulated seconds → the engine's nanosecond grid, for exact comparisons. */
const ns = (t: number) => Math.round(t * 1e9);

/**
 * Events the engine may process to find the followed packet's next event (its receiver's delayed
 * ACK timer, a retransmission timeout): a few seconds of a busy run, bounded work per click.
 */
const FOLLOW_STEP_EVENTS = 20_000_000;

/** An error, named by its column when the run has several. */
function columnError(c: { name: string | null }, e: unknown): Error {
  return new Error(c.name ? `${c.name}: ${errorText(e)}` : errorText(e));
}

const endKey = (scenario: string, seed: number) => `${seed}\n${scenario}`;

const transfers = (ticks: ColumnTick[]) => ticks.flatMap((t) => [t.frame.times.buffer, t.frame.values.buffer, ...(t.history ? [t.history.buffer] : [])]);

export class RunSession {
  /** What the run is doing (runMode.ts); changed only by `enter`. */
  private mode: RunMode = { name: 'idle' };
  /** The run's columns; empty before the first load and after a panic dropped them. */
  private columns: Column[] = [];
  private loaded: Loaded | null = null;
  /** The id of the load on screen; every message carries it (protocol.ts). */
  private runId = 0;
  /** The shared clock: every unfinished column has been advanced exactly to it. */
  private clock = 0;
  /** What the page shows of the run: its time at the last post, and whether it ended. */
  private shown = { t: 0, finished: false };
  /**
   * When finished runs ended, by scenario and seed: the same run loaded again (Restart, Run
   * again) ends at the same time, so the page can span its axes to it from t = 0.
   */
  private readonly lastEnd = new Map<string, number>();
  /** How runs with many flows are drawn (the page's selector and flow picker). */
  private view: ViewSpec = { mode: 'class', picked: [], focus: null };
  /** The view changed: the next flush applies it and sends the new series' past. */
  private viewPending = false;
  /**
   * The flow the sequence diagram traces in the first column (null: none, the default; tracing
   * costs nothing then). Re-applied to every simulation built for the run on screen (a
   * backward seek, a reload), so the trace then covers the run from t = 0.
   */
  private traceFlow: number | null = null;
  /**
   * The packet the page follows in the first column (issue 32; null: none). Re-applied like
   * `traceFlow` to every simulation rebuilt for the run on screen; a new run forgets it.
   */
  private followRequest: FollowRequest | null = null;
  /** When the last snapshot was posted and what it cost (ms), to bound snapshot work. */
  private snap = { at: -Infinity, cost: 0 };
  private readonly pacer = new Pacer();
  /** Simulated seconds per round (every column advanced once); adapted to a few ms of wall time. */
  private chunkS = 0.01;
  /** The next slice of the play loop or of a seek (a self-post at max speed: schedule.ts). */
  private readonly task = new Scheduler();
  /** Every mode change, oldest first (tests read it; bounded). */
  readonly modeLog: ModeName[] = ['idle'];

  constructor(private readonly send: Send) {}

  /** The mode's name (tests, and the worker's own checks). */
  get modeName(): ModeName {
    return this.mode.name;
  }

  /** Posts a message about the run on screen (or `id`: the load a message answers). */
  post(msg: Message, transfer: Transferable[] = [], id = this.runId): void {
    this.send({ ...msg, runId: id } as FromWorker, transfer);
  }

  /**
   * The one crash guard: runs `work`; an engine panic recovers the run (`recover`), any other
   * error goes to `failed` (by default: posted as the page's error, a budget stop as such).
   * With `panicked`, the recovery's message goes there instead of out as an error.
   */
  guard(work: () => void, failed: (e: unknown) => void = (e) => this.postError(e), panicked?: (text: string) => void): void {
    try {
      work();
    } catch (e) {
      if (!crashed(e)) failed(e);
      else if (panicked) panicked(this.recover(e, false));
      else this.recover(e);
    }
  }

  /** An error for the page, in one line; a run that outgrew the page, or an engine the network
   * did not deliver, says so. */
  postError(e: unknown, id = this.runId): void {
    const kind = e instanceof BudgetStop ? 'budget' : e instanceof EngineDownloadFailed ? 'download' : undefined;
    this.post({ type: 'error', message: errorText(e), kind }, [], id);
  }

  private enter(next: RunMode): void {
    if (!canBecome(this.mode.name, next.name)) throw new Error(`worker bug: a ${this.mode.name} run cannot become ${next.name}`);
    this.mode = next;
    if (this.modeLog.length > 256) this.modeLog.splice(0, 128);
    this.modeLog.push(next.name);
  }

  /**
   * Whatever runs (the play loop, a seek) stops, and the mode becomes what the columns say:
   * idle without a run, crashed when a panic dropped its simulations, finished when every
   * column ended, paused else. A stopped seek is announced (the page hides its progress).
   */
  private settle(): void {
    this.stopTasks();
    this.enter(this.settled());
  }

  /** The mode a run that stands still is in (see `settle`). */
  private settled(): RunMode {
    if (!this.loaded) return { name: 'idle' };
    if (this.columns.length === 0) return { name: 'crashed' };
    return { name: this.allFinished() ? 'finished' : 'paused' };
  }

  /** The play loop's or the seek's next slice is dropped; a stopped seek is announced. */
  private stopTasks(): void {
    this.task.cancel();
    const m = this.mode.name;
    if (m === 'seeking' || m === 'restoring') this.post({ type: 'seeking', target: null });
  }

  /** Stops playing for a control (step, seek) and tells the page. */
  private pauseForControl(): void {
    if (this.mode.name !== 'playing') return;
    this.settle();
    this.post({ type: 'playing', playing: false });
  }

  private allFinished(): boolean {
    return this.columns.every((c) => c.sim.finished());
  }

  /** A column of simulation `sim`: its encoder fed with the engine's series list and flow groups. */
  private newColumn(sim: Simulation, name: string | null): Column {
    const topology = topologyOf(sim);
    const meta = seriesMetaOf(sim);
    const enc = new TickEncoder(sim.duration_s());
    enc.setSource(meta, flowGroupsOf(sim), topology);
    enc.setView(this.view);
    return { sim, name, metaLen: meta.length, wallMs: 0, reported: false, enc, topology };
  }

  /** How a column is drawn, for the page (null: every series, few flows). */
  private static aggregateInfo(c: Column): AggregateInfo | null {
    if (!c.enc.aggregate) return null;
    const v = c.enc.viewSpec;
    return { mode: v.mode, picked: v.picked, flows: c.enc.flows, focus: v.focus ?? null, connections: c.enc.connections };
  }

  /** The run's simulations become `next` (the old ones freed); the trace follows the first. */
  private replaceColumns(next: Column[]): void {
    for (const c of this.columns) c.sim.free();
    this.columns = next;
    if (next[0]) this.applyTrace(next[0].sim);
    if (next[0]) this.applyFollow(next[0].sim);
    this.clock = 0;
    this.shown = { t: 0, finished: false };
  }

  /** Traces `traceFlow` in `sim` (a fresh one); a flow the run lacks turns tracing off. */
  private applyTrace(sim: Simulation): void {
    if (this.traceFlow === null) return;
    try {
      sim.trace_flow(this.traceFlow);
    } catch (e) {
      if (crashed(e)) throw e;
      this.traceFlow = null;
    }
  }

  /** Follows `followRequest` in `sim` (a fresh one); a request the run refuses stops following and says why. */
  private applyFollow(sim: Simulation): void {
    if (this.followRequest === null) return;
    try {
      sim.follow_json(JSON.stringify(this.followRequest));
    } catch (e) {
      if (crashed(e)) throw e;
      this.followRequest = null;
      this.post({ type: 'journey', journey: null, error: errorText(e) });
    }
  }

  /** Runs an engine call on column `c`, timing it; an ordinary error names the column. */
  private inColumn(c: Column, call: () => void): void {
    const c0 = performance.now();
    try {
      call();
    } catch (e) {
      if (crashed(e)) throw e;
      throw columnError(c, e);
    }
    c.wallMs += performance.now() - c0;
  }

  /**
   * One round: every unfinished column advanced towards the same time `t`, one engine call each
   * of at most SLICE_MAX_EVENTS events (so each call is bounded work); the shared clock is then
   * the earliest unfinished column's time (all of them when no call hit the event bound). Adapts
   * the round's simulated length to ~2–8 ms of wall time. Returns whether every column ended.
   */
  private round(t: number): boolean {
    const t0 = performance.now();
    for (const c of this.columns) {
      if (c.sim.finished() || ns(c.sim.now_s()) >= ns(t)) continue;
      this.inColumn(c, () => c.sim.advance_until(t, SLICE_MAX_EVENTS));
    }
    // The slice length follows the round's wall time: ~2–8 ms keeps messages prompt.
    const ms = performance.now() - t0;
    if (ms < 2) this.chunkS = Math.min(this.chunkS * 2, 60);
    else if (ms > 8) this.chunkS = Math.max(this.chunkS / 2, 1e-6);
    return this.settleClock();
  }

  /** Sets the clock to the earliest unfinished column (the latest end once all ended). */
  private settleClock(): boolean {
    let t = Infinity;
    let last = 0;
    for (const c of this.columns) {
      const now = c.sim.now_s();
      last = Math.max(last, now);
      if (!c.sim.finished()) t = Math.min(t, now);
    }
    this.clock = Number.isFinite(t) ? t : last;
    return !Number.isFinite(t);
  }

  /** Moves every unfinished column exactly to `t` (a pause, a step, a seek's landing). */
  private alignTo(t: number): boolean {
    for (const c of this.columns) {
      if (c.sim.finished() || ns(c.sim.now_s()) >= ns(t)) continue;
      // advance_to also moves the clock when no event is due.
      this.inColumn(c, () => c.sim.advance_to(t));
    }
    return this.settleClock();
  }

  /** One iteration of the play loop: the slices the wall clock owes, then a post. */
  private loop(): void {
    const mode = this.mode;
    if (this.columns.length === 0 || mode.name !== 'playing') return;
    const until = mode.until;
    const reached = () => until !== null && ns(this.clock) >= ns(until);
    this.pacer.begin();
    let done = this.allFinished();
    let error = false;
    this.guard(
      () => {
        while (!done && this.pacer.more() && !reached()) {
          const before = this.clock;
          const next = this.clock + Math.min(this.chunkS, this.pacer.owed());
          done = this.round(until !== null ? Math.min(next, until) : next);
          this.pacer.spend(this.clock - before);
        }
        if (!done && reached()) {
          // The stop of a `play until`: pause exactly there, with the charts up to date.
          this.settle();
          this.flush(true);
          this.post({ type: 'playing', playing: false });
          return;
        }
        if (this.pacer.end(done)) this.flush(done || 'due');
      },
      (e) => {
        error = true;
        this.settle();
        this.postError(e);
        this.post({ type: 'playing', playing: false });
      },
    );
    if (error || this.mode !== mode) return;
    if (done) {
      this.settle();
      this.finish();
      return;
    }
    this.task.schedule(() => this.loop(), this.pacer.nextDelay());
  }

  /**
   * The first column's live snapshot, bounded and packed by the engine (core
   * simulation/packed.rs: the first flows, the charted ones and a few sending now; events
   * compacted) and decoded on the page (lib/packedSnapshot.ts).
   */
  private snapshot(s: Simulation): PackedSnapshot {
    const t0 = performance.now();
    const p = s.snapshot_packed(SNAPSHOT_MAX_FLOWS, false);
    const out: PackedSnapshot = { f64: p.take_f64(), f32: p.take_f32(), strings: p.take_strings(), events: p.take_events_json() };
    p.free();
    const at = performance.now();
    this.snap = { at, cost: at - t0 };
    return out;
  }

  /** A snapshot is due unless the last one was recent relative to what it cost (see budget.ts). */
  private snapshotDue(): boolean {
    return performance.now() - this.snap.at >= SNAPSHOT_COST_FACTOR * this.snap.cost;
  }

  /**
   * A column's bounded frames since its last tick (aggregate.ts: one, or several when the tick
   * is longer than one frame holds), its drawn series list when it changed (the engine's grew,
   * the view changed, the top N moved), and then the past of the series the page does not have
   * yet. The tick carries the first frame; `rest` are posted after it, in order.
   */
  private columnTick(c: Column): { tick: ColumnTick; rest: Frame[] } {
    const points = c.sim.take_points();
    let grown: SeriesMeta[] | null = null;
    for (let i = 0; i < points.length; i += 3) {
      if (points[i]! >= c.metaLen) {
        grown = seriesMetaOf(c.sim);
        c.metaLen = grown.length;
        break;
      }
    }
    const over = grown ? seriesGrowthError(grown.length, c.sim.now_s()) : null;
    if (over) throw new BudgetStop(c.name ? `${c.name}: ${over}` : over);
    const had = new Set(c.enc.drawnMeta.map((m) => m.key));
    if (grown) c.enc.setSource(grown, flowGroupsOf(c.sim), c.topology);
    if (this.viewPending) c.enc.setView(this.view);
    const [frame, ...rest] = c.enc.encode(points);
    let meta: SeriesMeta[] | null = null;
    let history: Float64Array | null = null;
    if (c.enc.metaChanged) {
      c.enc.metaChanged = false;
      meta = c.enc.drawnMeta;
      const before = points.length >= 3 ? points[1]! : Infinity;
      history = historyOf(c.enc.drawnList, (k) => !had.has(k), (i) => c.sim.series_points(i), before);
      if (history.length === 0) history = null;
    }
    const tick = { now: c.sim.now_s(), events: c.sim.events(), finished: c.sim.finished(), frame: frame!, meta, history, aggregate: RunSession.aggregateInfo(c) };
    return { tick, rest };
  }

  /**
   * Posts every column's points since the last flush and, when `snap` says so and the load
   * asked for them, the first column's live snapshot ('due': unless the last one was recent for
   * its cost; the end of a step, seek or run always has one). Throws BudgetStop when a column's
   * series outgrew what the page can chart.
   */
  private flush(snap: boolean | 'due' = 'due'): void {
    const out = this.columns.map((c) => this.columnTick(c));
    this.viewPending = false;
    const first = this.columns[0];
    const withSnapshot = first !== undefined && this.loaded?.snapshots === true && (snap === 'due' ? this.snapshotDue() : snap);
    this.shown = { t: this.clock, finished: false };
    // A tick longer than one frame holds (a seek's catch-up) goes as consecutive messages, each
    // within the bound: the list and past first, the snapshot with the last.
    const extra = Math.max(0, ...out.map((o) => o.rest.length));
    const messages = [out.map((o) => o.tick)];
    for (let k = 0; k < extra; k++) {
      messages.push(out.map(({ tick, rest }) => ({ ...tick, meta: null, history: null, frame: rest[k] ?? { times: new Float64Array(0), values: new Float32Array(0), width: tick.frame.width } })));
    }
    messages.forEach((ticks, k) => {
      const last = k === messages.length - 1;
      const s = last && withSnapshot ? this.snapshot(first.sim) : null;
      this.post({ type: 'tick', now: this.clock, columns: ticks, snapshot: s }, s ? [...transfers(ticks), s.f64.buffer, s.f32.buffer] : transfers(ticks));
    });
    if (this.followRequest !== null && first) this.post({ type: 'journey', journey: journeyOf(first.sim), error: null });
  }

  /** Posts the summary of every column that ended and was not reported yet. */
  private finish(): void {
    this.guard(() => {
      const run = this.loaded;
      this.columns.forEach((c, i) => {
        if (c.reported || !c.sim.finished()) return;
        const summary = summaryOf(c.sim, c.wallMs / 1000);
        c.reported = true;
        const scenario = run?.scenarios[i];
        if (scenario !== undefined && run) {
          if (this.lastEnd.size > 64) this.lastEnd.clear();
          this.lastEnd.set(endKey(scenario, run.seed), summary.duration_s);
        }
        this.post({ type: 'finished', column: i, summary });
      });
      if (this.allFinished()) this.shown = { t: this.clock, finished: true };
    });
  }

  /**
   * An engine panic: drop the instance, start a fresh one, say so, and rebuild the run on
   * screen from its scenarios and seed — paused where the page shows it (the engine is
   * deterministic, so replaying to that time gives the same state the page shows; a finished
   * run stays as shown and is rebuilt when seeked, and Play runs it again anyway). `report:
   * false` when the caller reports the failure itself (a link that could not be opened).
   * Returns the message.
   */
  recover(e: unknown, report = true): string {
    const again = this.mode.name === 'restoring';
    const resume = this.shown;
    // Objects of the old instance are dead: never call them again, not even free().
    this.columns = [];
    const detail = resetEngine(e);
    // The run itself panics while it is rebuilt (out of memory again?): give it up, not loop.
    if (again) this.loaded = null;
    this.settle();
    const kept = this.loaded !== null ? 'the run on screen is kept' : 'pick a preset to go on';
    const text = `the engine failed (${detail}) and was restarted with a fresh instance; ${kept}. This is an engine bug: please report the scenario`;
    if (report) this.post({ type: 'error', kind: 'engine', message: text, restart: { detail, kept: this.loaded !== null } });
    this.post({ type: 'playing', playing: false });
    if (this.loaded !== null && !resume.finished) this.seek(resume.t, false, true);
    return text;
  }

  /** Loads a run (every column built and checked first); a failure keeps the run on screen. */
  load(msg: Extract<ToWorker, { type: 'load' }>): void {
    const next: Column[] = [];
    const scenarios: string[] = [];
    const topologies: (Topology | null)[] = [];
    const metas: SeriesMeta[][] = [];
    let ok = false;
    this.guard(
      () => {
        const seed = seedValue(msg.seed);
        if (!seed.ok) throw new Error(seed.error);
        for (const spec of msg.columns) {
          try {
            const scenario = apply_knobs(msg.presetText, JSON.stringify(spec.settings), msg.variant);
            const sim = new Simulation(scenario, msg.seed);
            if (next.length === 0) this.view = { mode: this.view.mode, picked: [], focus: null };
            const col = this.newColumn(sim, spec.name);
            next.push(col);
            const meta = seriesMetaOf(sim);
            // Refused before it runs: the page would freeze charting it (per column).
            const over = pageBudgetError(col.topology?.flows.length ?? 0, meta.length);
            if (over) throw new BudgetStop(over);
            col.enc.metaChanged = false;
            scenarios.push(scenario);
            topologies.push(col.topology);
            metas.push(col.enc.drawnMeta);
          } catch (e) {
            if (crashed(e) || !spec.name) throw e;
            throw e instanceof BudgetStop ? new BudgetStop(`${spec.name}: ${e.message}`) : columnError(spec, e);
          }
        }
        ok = true;
      },
      (e) => {
        for (const c of next) c.sim.free();
        // Keep the last good run, paused, so the page stays as it was (a seek goes on).
        const was = this.mode.name === 'playing';
        if (was) this.settle();
        this.postError(e, msg.runId);
        if (was) this.post({ type: 'playing', playing: false });
      },
    );
    // (After a panic the new columns belong to the trapped instance: dropped unfreed.)
    if (!ok) return;
    this.settle();
    // Another run: its packets are not the followed one's.
    this.followRequest = null;
    this.replaceColumns(next);
    this.runId = msg.runId;
    const duration = Math.max(...next.map((c) => c.sim.duration_s()));
    this.loaded = { scenarios, names: msg.columns.map((c) => c.name), seed: msg.seed, duration, snapshots: msg.snapshots };
    this.enter({ name: 'paused' });
    this.pacer.setSpeed(msg.speed);
    this.chunkS = Math.max(duration / 2000, 1e-4);
    this.snap = { at: -Infinity, cost: 0 };
    const ends = scenarios.map((sc) => this.lastEnd.get(endKey(sc, msg.seed)));
    const end = ends.every((e) => e !== undefined) ? Math.max(...(ends as number[])) : null;
    this.post({ type: 'loaded', duration, end, topologies, meta: metas, aggregate: next.map(RunSession.aggregateInfo), playing: msg.play });
    if (msg.play) this.play();
  }

  /** The loaded scenario (its first column) and seed, for a shared link; null without a run. */
  get shareable(): { scenario: string; seed: number } | null {
    return this.loaded ? { scenario: this.loaded.scenarios[0]!, seed: this.loaded.seed } : null;
  }

  /** Plays on; with `until` (later than now), pauses exactly at that simulated time. */
  play(until?: number): void {
    if (this.columns.length === 0 || this.allFinished()) return;
    this.settle();
    this.enter({ name: 'playing', until: until !== undefined && Number.isFinite(until) && ns(until) > ns(this.clock) ? until : null });
    this.pacer.resume();
    this.post({ type: 'playing', playing: true });
    this.task.schedule(() => this.loop(), 0);
  }

  /**
   * Stops whatever runs. A comparison paused mid-run: every column to the same instant, and
   * the difference table at it (an engine call may have stopped a column short at its event
   * bound).
   */
  pause(): void {
    const was = this.mode.name === 'playing';
    this.settle();
    this.post({ type: 'playing', playing: false });
    if (!was || this.columns.length <= 1 || this.allFinished()) return;
    let aligned = false;
    this.guard(() => {
      this.alignTo(Math.max(...this.columns.map((c) => c.sim.now_s())));
      this.flush(true);
      aligned = true;
    });
    if (!aligned) return;
    this.settle();
    if (this.mode.name === 'finished') this.finish();
    else this.guard(() => this.post({ type: 'summaries', simTime: this.clock, summaries: this.columns.map((c) => summaryOf(c.sim, c.wallMs / 1000)) }));
  }

  setSpeed(speed: Speed): void {
    this.pacer.setSpeed(speed);
  }

  /** How many flows are drawn and how; applied now to a run that is not playing. */
  setView(view: ViewSpec): void {
    this.view = { mode: view.mode, picked: [...view.picked], focus: view.focus ?? null };
    this.viewPending = true;
    // Applied now, also to a paused or finished run: its lines change at once.
    if (this.columns.length > 0 && this.mode.name !== 'playing') this.guard(() => this.flush(false));
  }

  /**
   * The single step: exactly `dt` simulated seconds (every event up to now + dt). A fixed time
   * step rather than one engine event, because the state after "all events up to t" is the
   * same however the run got to t, so stepping, seeking and playing all agree; one event would
   * stop between events that share a timestamp.
   */
  step(dt: number): void {
    const m = this.mode.name;
    if (this.columns.length === 0 || m === 'seeking' || m === 'restoring' || !(dt > 0) || this.allFinished()) return;
    this.pauseForControl();
    this.guard(() => {
      const done = this.alignTo(this.clock + dt);
      this.flush(true);
      this.settle();
      if (done) this.finish();
    });
  }

  /**
   * Pause and go to simulated time `t`: on from here, or re-run from 0 when `t` is earlier,
   * when asked to (`rerun`), or when there are no simulations (the page still shows a run
   * whose instance a panic dropped). `restore`: the rebuild after a panic (a seek during one
   * stays one).
   */
  seek(t: number, rerun = false, restore = false): void {
    const run = this.loaded;
    if (!run || !Number.isFinite(t)) return;
    const rebuilding = restore || this.mode.name === 'restoring';
    this.pauseForControl();
    this.stopTasks();
    const target = Math.min(Math.max(t, 0), run.duration);
    const back = ns(target) < ns(this.clock) || this.columns.some((c) => c.sim.finished() && ns(target) < ns(c.sim.duration_s()));
    if (this.columns.length === 0 || back || rerun) {
      const next: Column[] = [];
      let built = false;
      this.guard(
        () => {
          run.scenarios.forEach((scenario, i) => next.push(this.newColumn(new Simulation(scenario, run.seed), run.names[i] ?? null)));
          built = true;
        },
        (e) => {
          for (const c of next) c.sim.free();
          this.enter(this.settled());
          this.postError(e);
        },
      );
      if (!built) return;
      this.replaceColumns(next);
      this.pacer.clearDebt();
      this.post({ type: 'rewound' });
    }
    // From a run standing still, a seek already under way (it takes the new target), or
    // crashed (rebuilt above).
    this.enter(rebuilding ? { name: 'restoring', target } : { name: 'seeking', target });
    this.post({ type: 'seeking', target });
    this.seekSlice();
  }

  /** One time slice of a seek (so messages, e.g. another seek, are handled in between). */
  private seekSlice(): void {
    const mode = this.mode;
    if (this.columns.length === 0 || (mode.name !== 'seeking' && mode.name !== 'restoring')) return;
    const target = mode.target;
    const start = performance.now();
    let done = this.allFinished();
    let landed = false;
    this.guard(
      () => {
        // Intermediate stops do not change the state at the target: the calls process the same
        // events in the same order however they are cut (by time or by the event bound), and
        // the last call below is exactly the target.
        while (!done && ns(this.clock) < ns(target) && performance.now() - start < BUDGET_MS) done = this.round(Math.min(target, this.clock + this.chunkS));
        if (!done && ns(this.clock) < ns(target)) {
          this.flush(false);
          this.task.schedule(() => this.seekSlice());
          return;
        }
        // Land exactly on the target.
        if (!done) done = this.alignTo(target);
        this.flush(true);
        landed = true;
      },
      (e) => {
        this.settle();
        this.postError(e);
      },
    );
    if (!landed) return;
    this.settle();
    if (done) this.finish();
  }

  /** The sequence diagram's request: (re)target tracing, then the window it asked for. */
  trace(msg: Extract<ToWorker, { type: 'trace' }>): void {
    const sim = this.columns[0]?.sim;
    if (!sim) return void this.post({ type: 'trace', id: msg.id, trace: null, error: null });
    this.guard(
      () => {
        if (msg.flow !== this.traceFlow) {
          sim.trace_flow(msg.flow ?? undefined);
          this.traceFlow = msg.flow;
        }
        const trace = this.traceFlow === null ? null : traceOf(sim, msg.since, msg.until, msg.max);
        this.post({ type: 'trace', id: msg.id, trace, error: null });
      },
      (e) => this.post({ type: 'trace', id: msg.id, trace: null, error: errorText(e) }),
    );
  }

  /**
   * Follow `request` (null: stop). The packet was sent before the time on screen, so the run is
   * re-run from 0 to that time with the follower on (the state there is the same); the landing's
   * tick carries the journey.
   */
  follow(request: FollowRequest | null): void {
    this.followRequest = request;
    if (request === null) {
      const sim = this.columns[0]?.sim;
      if (sim) this.guard(() => sim.follow_json(undefined));
      this.post({ type: 'journey', journey: null, error: null });
      return;
    }
    if (this.loaded) this.seek(this.shown.t, true);
  }

  /**
   * The followed packet's step: pause, and go to its next event — a time the engine already
   * knows (a hop's serialisation, wire and arrival times are fixed when the link takes it), or
   * the next one the run produces. Every event up to that time is processed, as in any step.
   */
  followStep(): void {
    const m = this.mode.name;
    const c = this.columns[0];
    if (!c || this.followRequest === null || m === 'seeking' || m === 'restoring' || this.allFinished()) return;
    this.pauseForControl();
    this.guard(() => {
      let t: number | undefined;
      this.inColumn(c, () => (t = c.sim.follow_next(FOLLOW_STEP_EVENTS)));
      if (t !== undefined) {
        // follow_next may have processed some events at t: finish them all (advance_to), then
        // bring the other columns (none in the lab) to the same time.
        const target = t;
        this.inColumn(c, () => c.sim.advance_to(target));
        const done = this.alignTo(target);
        this.flush(true);
        this.settle();
        if (done) this.finish();
      } else {
        // Nothing more happens to it (or the run ended first): the page keeps the time it shows.
        const done = this.alignTo(c.sim.now_s());
        this.flush(true);
        this.settle();
        if (done) this.finish();
      }
    });
  }

  /** Stops the session's timers (tests: a Node process would otherwise stay alive). */
  close(): void {
    this.task.close();
  }
}
