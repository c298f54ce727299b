// The simulation worker: owns the wasm `Simulation`s of the run on screen, advances them in
// time slices paced to the chosen speed, and posts points (one transferable Float64Array per
// column per tick), snapshots and the final summaries. The UI thread never runs the engine.
//
// One worker for the lab and A/B compare (issue 14: one run pipeline). A run is N columns: the
// same scenario text and seed with each column's knob settings applied, all advanced in
// lockstep on one simulated clock (every round moves each unfinished column to the same target
// time). The lab is N = 1 plus step, seek, links and share; the compare view starts its own
// instance of this worker with one column per compared value. The page numbers its loads and
// every message carries the run id it is about (protocol.ts).
//
// It also keeps the page alive: runs larger than the page can chart are refused with the reason
// (worker/budget.ts), each engine call does bounded work, and an engine panic never outlives its
// run — the trapped wasm instance is dropped, a fresh one takes over, and the run on screen is
// rebuilt from its scenarios and seed (see `recover`).
import init, {
  Simulation,
  apply_knobs,
  debug_panic_for_tests,
  describe_preset,
  engine_version,
  share_decode,
  share_encode,
} from '@netlab/wasm';
import { seedValue, viewSpeed, viewVariant } from '../lib/shareLink';
import { crashed, errorText, resetEngine } from './engineReset';
import { flowGroupsOf, openedLink, presetInfo, seriesMetaOf, summaryOf, topologyOf, traceOf } from '../lib/engineJson';
import type { PackedSnapshot } from '../lib/packedSnapshot';
import { type Frame, type ViewSpec, TickEncoder, historyOf } from './aggregate';
import type { PresetDesc, SeriesMeta, Topology } from '../types';
import { SLICE_MAX_EVENTS, SNAPSHOT_COST_FACTOR, SNAPSHOT_MAX_FLOWS, pageBudgetError, seriesGrowthError } from './budget';
import type { AggregateInfo, ColumnTick, FromWorker, ToWorker } from './protocol';
import { BUDGET_MS, Pacer } from './pacer';
import { Scheduler } from './schedule';

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

/** How runs with many flows are drawn (the page's selector and flow picker). */
let view: ViewSpec = { mode: 'class', picked: [], focus: null };
/** The view changed: the next flush applies it and sends the new series' past. */
let viewPending = false;

/** A column of simulation `sim`: its encoder fed with the engine's series list and flow groups. */
function newColumn(sim: Simulation, name: string | null): Column {
  const topology = topologyOf(sim);
  const meta = seriesMetaOf(sim);
  const enc = new TickEncoder(sim.duration_s());
  enc.setSource(meta, flowGroupsOf(sim), topology);
  enc.setView(view);
  return { sim, name, metaLen: meta.length, wallMs: 0, reported: false, enc, topology };
}

/** How a column is drawn, for the page (null: every series, few flows). */
function aggregateInfo(c: Column): AggregateInfo | null {
  if (!c.enc.aggregate) return null;
  const v = c.enc.viewSpec;
  return { mode: v.mode, picked: v.picked, flows: c.enc.flows, focus: v.focus ?? null, connections: c.enc.connections };
}

let ready: Promise<unknown> | null = null;
/** The run's columns; empty before the first load and after a panic dropped them. */
let columns: Column[] = [];
/**
 * The loaded run: each column's scenario JSON and name, the seed, and the length of the
 * longest column (a shared link carries the first column's scenario and the seed).
 */
let loaded: { scenarios: string[]; names: (string | null)[]; seed: number; duration: number; snapshots: boolean } | null = null;
/**
 * When finished runs ended, by scenario and seed: the same run loaded again (Restart, Run
 * again) ends at the same time, so the page can span its axes to it from t = 0.
 */
const lastEnd = new Map<string, number>();
const endKey = (scenario: string, seed: number) => `${seed}\n${scenario}`;
/** The shared clock: every unfinished column has been advanced exactly to it. */
let clock = 0;
/** What the page shows of the loaded run: its time at the last post, and whether it ended. */
let shown = { t: 0, finished: false };
/** When the last snapshot was posted and what it cost (ms), to bound snapshot work. */
let snapAt = -Infinity;
let snapCost = 0;
/** The run on screen is being rebuilt after a panic: a second panic gives it up. */
let restoring = false;
let runId = 0;
let playing = false;
/** Play stops here (a guided tour's next stop, web/src/lib/tour.ts): paused exactly at it. */
let playUntil: number | null = null;
const pacer = new Pacer();
/** Simulated seconds per round (every column advanced once); adapted to a few ms of wall time. */
let chunkS = 0.01;
/** The play loop's next slice (a self-post at max speed, not setTimeout(0): schedule.ts). */
const loopTask = new Scheduler();
/** A seek's next slice, the same way. */
const seekTask = new Scheduler();
/** The running seek's target (simulated seconds) and token; a newer seek or load cancels it. */
let seekTarget: number | null = null;
let seekToken = 0;
/**
 * The flow the sequence diagram traces in the first column (null: none, the default; tracing
 * costs nothing then). Re-applied to every simulation built for the run on screen (a backward
 * seek, a reload), so the trace then covers the run from t = 0.
 */
let traceFlow: number | null = null;

/** Traces `traceFlow` in `sim` (a fresh one); a flow the run lacks turns tracing off. */
function applyTrace(sim: Simulation): void {
  if (traceFlow === null) return;
  try {
    sim.trace_flow(traceFlow);
  } catch (e) {
    if (crashed(e)) throw e;
    traceFlow = null;
  }
}

type Message = FromWorker extends infer M ? (M extends FromWorker ? Omit<M, 'runId'> : never) : never;

/** Posts a message about the run on screen (or `id`: the load a message answers). */
function post(msg: Message, transfer: Transferable[] = [], id = runId): void {
  self.postMessage({ ...msg, runId: id } as FromWorker, { transfer });
}

/** An error, named by its column when the run has several. */
function columnError(c: { name: string | null }, e: unknown): Error {
  return new Error(c.name ? `${c.name}: ${errorText(e)}` : errorText(e));
}

function schedule(delay: number): void {
  loopTask.schedule(loop, delay);
}

function stop(): void {
  playing = false;
  playUntil = null;
  loopTask.cancel();
}

/**
 * One round: every unfinished column advanced towards the same time `t`, one engine call each
 * of at most SLICE_MAX_EVENTS events (so each call is bounded work); the shared clock is then
 * the earliest unfinished column's time (all of them when no call hit the event bound). Adapts
 * the round's simulated length to ~2–8 ms of wall time. Returns whether every column ended.
 */
function round(t: number): boolean {
  const t0 = performance.now();
  for (const c of columns) {
    if (c.sim.finished() || ns(c.sim.now_s()) >= ns(t)) continue;
    const c0 = performance.now();
    try {
      c.sim.advance_until(t, SLICE_MAX_EVENTS);
    } catch (e) {
      if (crashed(e)) throw e;
      throw columnError(c, e);
    }
    c.wallMs += performance.now() - c0;
  }
  adaptChunk(performance.now() - t0);
  return settleClock();
}

/** The slice length follows the last round's wall time: ~2–8 ms keeps messages prompt. */
function adaptChunk(ms: number): void {
  if (ms < 2) chunkS = Math.min(chunkS * 2, 60);
  else if (ms > 8) chunkS = Math.max(chunkS / 2, 1e-6);
}

/** Sets the clock to the earliest unfinished column (the latest end once all ended). */
function settleClock(): boolean {
  let t = Infinity;
  let last = 0;
  for (const c of columns) {
    const now = c.sim.now_s();
    last = Math.max(last, now);
    if (!c.sim.finished()) t = Math.min(t, now);
  }
  clock = Number.isFinite(t) ? t : last;
  return !Number.isFinite(t);
}

/** Moves every unfinished column exactly to `t` (a pause, a step, a seek's landing). */
function alignTo(t: number): boolean {
  for (const c of columns) {
    if (c.sim.finished() || ns(c.sim.now_s()) >= ns(t)) continue;
    const c0 = performance.now();
    try {
      // advance_to also moves the clock when no event is due.
      c.sim.advance_to(t);
    } catch (e) {
      if (crashed(e)) throw e;
      throw columnError(c, e);
    }
    c.wallMs += performance.now() - c0;
  }
  return settleClock();
}

const allFinished = () => columns.every((c) => c.sim.finished());

function loop(): void {
  if (columns.length === 0 || !playing) return;
  pacer.begin();
  let done = allFinished();
  try {
    while (!done && pacer.more() && !reached()) {
      const before = clock;
      const next = clock + Math.min(chunkS, pacer.owed());
      done = round(playUntil !== null ? Math.min(next, playUntil) : next);
      pacer.spend(clock - before);
    }
    if (!done && reached()) {
      // The stop of a `play until`: pause exactly there, with the charts up to date.
      stop();
      flush(true);
      post({ type: 'playing', playing: false });
      return;
    }
    if (pacer.end(done)) flush(done || 'due');
  } catch (e) {
    if (crashed(e)) return void recover(e);
    stop();
    post({ type: 'error', message: errorText(e), kind: e instanceof BudgetStop ? 'budget' : undefined });
    post({ type: 'playing', playing: false });
    return;
  }
  if (done) {
    stop();
    finish();
    return;
  }
  schedule(pacer.nextDelay());
}

/** Whether the clock stands at the `play until` time. */
function reached(): boolean {
  return playUntil !== null && ns(clock) >= ns(playUntil);
}

/** Simulated seconds → the engine's nanosecond grid, for exact comparisons. */
const ns = (t: number) => Math.round(t * 1e9);

/**
 * The first column's live snapshot, bounded and packed by the engine (core simulation/packed.rs:
 * the first flows, the charted ones and a few sending now; events compacted) and decoded on
 * the page (lib/packedSnapshot.ts). Its cost no longer grows with the run's flows.
 */
function snapshot(s: Simulation): PackedSnapshot {
  const t0 = performance.now();
  const p = s.snapshot_packed(SNAPSHOT_MAX_FLOWS, false);
  const out: PackedSnapshot = { f64: p.take_f64(), f32: p.take_f32(), strings: p.take_strings(), events: p.take_events_json() };
  p.free();
  snapAt = performance.now();
  snapCost = snapAt - t0;
  return out;
}

/** A snapshot is due unless the last one was recent relative to what it cost (see budget.ts). */
function snapshotDue(): boolean {
  return performance.now() - snapAt >= SNAPSHOT_COST_FACTOR * snapCost;
}

/** A run stopped because it outgrew the page's budget (not an invalid setting). */
class BudgetStop extends Error {}

/**
 * A column's bounded frames since its last tick (aggregate.ts: one, or several when the tick
 * is longer than one frame holds), its drawn series list when it changed (the engine's grew,
 * the view changed, the top N moved), and then the past of the series the page does not have
 * yet. The tick carries the first frame; `rest` are posted after it, in order.
 */
function columnTick(c: Column): { tick: ColumnTick; rest: Frame[] } {
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
  if (viewPending) c.enc.setView(view);
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
  const tick = { now: c.sim.now_s(), events: c.sim.events(), finished: c.sim.finished(), frame: frame!, meta, history, aggregate: aggregateInfo(c) };
  return { tick, rest };
}

const transfers = (ticks: ColumnTick[]) => ticks.flatMap((t) => [t.frame.times.buffer, t.frame.values.buffer, ...(t.history ? [t.history.buffer] : [])]);

/**
 * Posts every column's points since the last flush and, when `snap` says so and the load asked
 * for them, the first column's live snapshot ('due': unless the last one was recent for its
 * cost; the end of a step, seek or run always has one). Throws BudgetStop when a column's
 * series outgrew what the page can chart.
 */
function flush(snap: boolean | 'due' = 'due'): void {
  const out = columns.map((c) => columnTick(c));
  viewPending = false;
  const first = columns[0];
  const withSnapshot = first !== undefined && loaded?.snapshots === true && (snap === 'due' ? snapshotDue() : snap);
  shown = { t: clock, finished: false };
  // A tick longer than one frame holds (a seek's catch-up) goes as consecutive messages, each
  // within the bound: the list and past first, the snapshot with the last.
  const extra = Math.max(0, ...out.map((o) => o.rest.length));
  const messages = [out.map((o) => o.tick)];
  for (let k = 0; k < extra; k++) {
    messages.push(out.map(({ tick, rest }) => ({ ...tick, meta: null, history: null, frame: rest[k] ?? { times: new Float64Array(0), values: new Float32Array(0), width: tick.frame.width } })));
  }
  messages.forEach((ticks, k) => {
    const last = k === messages.length - 1;
    const snap = last && withSnapshot ? snapshot(first.sim) : null;
    post({ type: 'tick', now: clock, columns: ticks, snapshot: snap }, snap ? [...transfers(ticks), snap.f64.buffer, snap.f32.buffer] : transfers(ticks));
  });
}

/** Posts the summary of every column that ended and was not reported yet. */
function finish(): void {
  try {
    columns.forEach((c, i) => {
      if (c.reported || !c.sim.finished()) return;
      const summary = summaryOf(c.sim, c.wallMs / 1000);
      c.reported = true;
      const scenario = loaded?.scenarios[i];
      if (scenario !== undefined && loaded) {
        if (lastEnd.size > 64) lastEnd.clear();
        lastEnd.set(endKey(scenario, loaded.seed), summary.duration_s);
      }
      post({ type: 'finished', column: i, summary });
    });
    if (allFinished()) shown = { t: clock, finished: true };
  } catch (e) {
    if (crashed(e)) return void recover(e);
    post({ type: 'error', message: errorText(e) });
  }
}

/** Every column's summary at the clock (a pause of a comparison: the table so far). */
function summariesNow(): void {
  try {
    post({ type: 'summaries', simTime: clock, summaries: columns.map((c) => summaryOf(c.sim, c.wallMs / 1000)) });
  } catch (e) {
    if (crashed(e)) return void recover(e);
    post({ type: 'error', message: errorText(e) });
  }
}

/** Drops the trapped instance and starts a fresh one; returns what the panic said. */
function resetSim(e: unknown): string {
  // Objects of the old instance are dead: never call them again, not even free().
  columns = [];
  return resetEngine(e);
}

/**
 * An engine panic: drop the instance, start a fresh one, say so, and rebuild the run on screen
 * from its scenarios and seed — paused where the page shows it (the engine is deterministic,
 * so replaying to that time gives the same state the page shows; a finished run stays as
 * shown and is rebuilt when seeked, and Play runs it again anyway). `report: false` when the caller reports the failure
 * itself (a link that could not be opened). Returns the message.
 */
function recover(e: unknown, report = true): string {
  const again = restoring;
  const resume = shown;
  stop();
  cancelSeek();
  const detail = resetSim(e);
  // The run itself panics while it is rebuilt (out of memory again?): give it up, not loop.
  if (again) loaded = null;
  const kept = loaded !== null ? 'the run on screen is kept' : 'pick a preset to go on';
  const text = `the engine failed (${detail}) and was restarted with a fresh instance; ${kept}. This is an engine bug: please report the scenario`;
  if (report) post({ type: 'error', kind: 'engine', message: text });
  post({ type: 'playing', playing: false });
  if (loaded !== null && !resume.finished) {
    restoring = true;
    seek(resume.t);
  }
  return text;
}

/**
 * Describes a scenario opened from a link or the editor, with its knobs' values under each
 * variant (what the controls show): the engine's describe, which also wrote the preset files'
 * build-time index (generated/presets-index.json).
 */
function describe(text: string): PresetDesc {
  return presetInfo(describe_preset(text));
}

async function handle(msg: ToWorker): Promise<void> {
  switch (msg.type) {
    case 'init': {
      // Only the engine: the page lists the presets from its build-time index (presets.ts).
      ready ??= init();
      await ready;
      post({ type: 'ready', engineVersion: engine_version() });
      return;
    }
    case 'load': {
      ready ??= init();
      await ready;
      const next: Column[] = [];
      const scenarios: string[] = [];
      const topologies: (Topology | null)[] = [];
      const metas: SeriesMeta[][] = [];
      try {
        const seed = seedValue(msg.seed);
        if (!seed.ok) throw new Error(seed.error);
        for (const spec of msg.columns) {
          try {
            const scenario = apply_knobs(msg.presetText, JSON.stringify(spec.settings), msg.variant);
            const sim = new Simulation(scenario, msg.seed);
            if (next.length === 0) view = { mode: view.mode, picked: [], focus: null };
            const col = newColumn(sim, spec.name);
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
      } catch (e) {
        // The new columns belong to a trapped instance after a panic: drop them unfreed.
        if (crashed(e)) return void recover(e);
        for (const c of next) c.sim.free();
        // Keep the last good run, paused, so the page stays as it was.
        const was = playing;
        stop();
        post({ type: 'error', message: errorText(e), kind: e instanceof BudgetStop ? 'budget' : undefined }, [], msg.runId);
        if (was) post({ type: 'playing', playing: false });
        return;
      }
      stop();
      cancelSeek();
      for (const c of columns) c.sim.free();
      columns = next;
      runId = msg.runId;
      if (next[0]) applyTrace(next[0].sim);
      const duration = Math.max(...next.map((c) => c.sim.duration_s()));
      loaded = { scenarios, names: msg.columns.map((c) => c.name), seed: msg.seed, duration, snapshots: msg.snapshots };
      clock = 0;
      shown = { t: 0, finished: false };
      pacer.setSpeed(msg.speed);
      chunkS = Math.max(duration / 2000, 1e-4);
      snapAt = -Infinity;
      const ends = scenarios.map((sc) => lastEnd.get(endKey(sc, msg.seed)));
      const end = ends.every((e) => e !== undefined) ? Math.max(...(ends as number[])) : null;
      post({ type: 'loaded', duration, end, topologies, meta: metas, aggregate: next.map(aggregateInfo), playing: msg.play });
      if (msg.play) play();
      return;
    }
    case 'openLink': {
      await ready;
      try {
        const opened = openedLink(share_decode(msg.link));
        // The engine decodes the seed exactly, JSON.parse does not above 2^53: say so here
        // rather than fail later with "not a non-negative integer".
        const seed = seedValue(opened.seed);
        if (!seed.ok) throw new Error(seed.error);
        const text = JSON.stringify(opened.scenario);
        const desc = describe(text);
        // A bad view.speed does not spoil the scenario: it runs at the page's speed, and says so.
        const speed = viewSpeed(opened.view);
        const notices = [opened.notice, speed.ok ? null : `${speed.error}; the run uses the page's speed instead.`];
        const variant = viewVariant(opened.view, desc.variants);
        post({
          type: 'linkOpened',
          preset: { ...desc, name: `link:${desc.name}`, title: `${desc.title} (shared link)`, origin: { kind: 'shared', variant } },
          text,
          seed: seed.value,
          view: { speed: speed.ok ? speed.value : undefined, variant },
          notice: notices.filter((n) => n).join(' ') || null,
        });
      } catch (e) {
        post({ type: 'linkFailed', message: crashed(e) ? recover(e, false) : errorText(e) });
      }
      return;
    }
    case 'openText': {
      await ready;
      try {
        const desc = describe(msg.text);
        const name = desc.name || 'scenario';
        post({
          type: 'linkOpened',
          preset: { ...desc, name: `edited:${name}`, title: `${desc.title || name} (edited)`, origin: { kind: 'edited', variant: msg.variant } },
          text: msg.text,
          seed: msg.seed,
          view: {},
          notice: null,
        });
      } catch (e) {
        if (crashed(e)) return void recover(e);
        post({ type: 'error', message: errorText(e) });
      }
      return;
    }
    case 'share': {
      if (!loaded) return;
      try {
        post({ type: 'shared', link: share_encode(loaded.scenarios[0]!, loaded.seed, JSON.stringify(msg.view)) });
      } catch (e) {
        if (crashed(e)) return void recover(e);
        post({ type: 'error', message: errorText(e) });
      }
      return;
    }
    case 'view':
      view = { mode: msg.view.mode, picked: [...msg.view.picked], focus: msg.view.focus ?? null };
      viewPending = true;
      // Applied now, also to a paused or finished run: its lines change at once.
      if (columns.length > 0 && !playing) {
        try {
          flush(false);
        } catch (e) {
          if (crashed(e)) return void recover(e);
          post({ type: 'error', message: errorText(e) });
        }
      }
      return;
    case 'trace':
      answerTrace(msg);
      return;
    case 'debugPanic':
      await ready;
      try {
        debug_panic_for_tests();
      } catch (e) {
        if (crashed(e)) return void recover(e);
        throw e;
      }
      return;
    case 'play':
      play(msg.until);
      return;
    case 'pause': {
      const was = playing;
      stop();
      cancelSeek();
      post({ type: 'playing', playing: false });
      // A comparison paused mid-run: every column to the same instant, and the difference
      // table at it (an engine call may have stopped a column short at its event bound).
      if (was && columns.length > 1 && !allFinished()) {
        try {
          alignTo(Math.max(...columns.map((c) => c.sim.now_s())));
          flush(true);
        } catch (e) {
          if (crashed(e)) return void recover(e);
          post({ type: 'error', message: errorText(e), kind: e instanceof BudgetStop ? 'budget' : undefined });
          return;
        }
        if (allFinished()) finish();
        else summariesNow();
      }
      return;
    }
    case 'speed':
      pacer.setSpeed(msg.speed);
      return;
    case 'step':
      stepBy(msg.dt);
      return;
    case 'seek':
      seek(msg.t, msg.rerun === true);
      return;
  }
}

/** The sequence diagram's request: (re)target tracing, then the window it asked for. */
function answerTrace(msg: Extract<ToWorker, { type: 'trace' }>): void {
  const sim = columns[0]?.sim;
  if (!sim) return void post({ type: 'trace', id: msg.id, trace: null, error: null });
  try {
    if (msg.flow !== traceFlow) {
      sim.trace_flow(msg.flow ?? undefined);
      traceFlow = msg.flow;
    }
    const trace = traceFlow === null ? null : traceOf(sim, msg.since, msg.until, msg.max);
    post({ type: 'trace', id: msg.id, trace, error: null });
  } catch (e) {
    if (crashed(e)) return void recover(e);
    post({ type: 'trace', id: msg.id, trace: null, error: errorText(e) });
  }
}

function pauseForControl(): void {
  const was = playing;
  stop();
  if (was) post({ type: 'playing', playing: false });
}

/**
 * The single step: exactly `dt` simulated seconds (every event up to now + dt). A fixed time
 * step rather than one engine event, because the state after "all events up to t" is the same
 * however the run got to t, so stepping, seeking and playing all agree; one event would stop
 * between events that share a timestamp.
 */
function stepBy(dt: number): void {
  if (columns.length === 0 || seekTarget !== null || !(dt > 0) || allFinished()) return;
  pauseForControl();
  try {
    const done = alignTo(clock + dt);
    flush(true);
    if (done) finish();
  } catch (e) {
    if (crashed(e)) return void recover(e);
    post({ type: 'error', message: errorText(e), kind: e instanceof BudgetStop ? 'budget' : undefined });
  }
}

function cancelSeek(): void {
  if (seekTarget !== null) post({ type: 'seeking', target: null });
  seekTarget = null;
  seekToken++;
  seekTask.cancel();
  restoring = false;
}

/**
 * Pause and go to simulated time `t`: on from here, or re-run from 0 when `t` is earlier, when
 * asked to (`rerun`), or when there are no simulations (the page still shows a run whose
 * instance a panic dropped).
 */
function seek(t: number, rerun = false): void {
  const run = loaded;
  if (!run || !Number.isFinite(t)) return;
  const rebuilding = restoring;
  pauseForControl();
  cancelSeek();
  restoring = rebuilding;
  const target = Math.min(Math.max(t, 0), run.duration);
  const back = ns(target) < ns(clock) || columns.some((c) => c.sim.finished() && ns(target) < ns(c.sim.duration_s()));
  if (columns.length === 0 || back || rerun) {
    const next: Column[] = [];
    try {
      run.scenarios.forEach((scenario, i) => {
        next.push(newColumn(new Simulation(scenario, run.seed), run.names[i] ?? null));
      });
    } catch (e) {
      if (crashed(e)) return void recover(e);
      for (const c of next) c.sim.free();
      post({ type: 'error', message: errorText(e) });
      return;
    }
    for (const c of columns) c.sim.free();
    columns = next;
    if (next[0]) applyTrace(next[0].sim);
    clock = 0;
    pacer.clearDebt();
    shown = { t: 0, finished: false };
    post({ type: 'rewound' });
  }
  seekTarget = target;
  const token = ++seekToken;
  post({ type: 'seeking', target });
  seekSlice(token);
}

/** One time slice of a seek (so messages, e.g. another seek, are handled in between). */
function seekSlice(token: number): void {
  const target = seekTarget;
  if (token !== seekToken || columns.length === 0 || target === null) return;
  const start = performance.now();
  let done = allFinished();
  try {
    // Intermediate stops do not change the state at the target: the calls process the same
    // events in the same order however they are cut (by time or by the event bound), and
    // the last call below is exactly the target.
    while (!done && ns(clock) < ns(target) && performance.now() - start < BUDGET_MS) done = round(Math.min(target, clock + chunkS));
    if (!done && ns(clock) < ns(target)) {
      flush(false);
      seekTask.schedule(() => seekSlice(token));
      return;
    }
    // Land exactly on the target.
    if (!done) done = alignTo(target);
    flush(true);
  } catch (e) {
    if (crashed(e)) return void recover(e);
    seekTarget = null;
    restoring = false;
    post({ type: 'seeking', target: null });
    post({ type: 'error', message: errorText(e), kind: e instanceof BudgetStop ? 'budget' : undefined });
    return;
  }
  seekTarget = null;
  restoring = false;
  post({ type: 'seeking', target: null });
  if (done) finish();
}

/** Plays on; with `until` (later than now), pauses exactly at that simulated time. */
function play(until?: number): void {
  if (columns.length === 0 || allFinished()) return;
  cancelSeek();
  playing = true;
  playUntil = until !== undefined && Number.isFinite(until) && ns(until) > ns(clock) ? until : null;
  pacer.resume();
  post({ type: 'playing', playing: true });
  schedule(0);
}

self.onmessage = (e: MessageEvent<ToWorker>) => {
  handle(e.data).catch((err: unknown) => {
    if (crashed(err)) recover(err);
    else post({ type: 'error', message: errorText(err) });
  });
};
