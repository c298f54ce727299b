// The simulation worker: owns the wasm `Simulation`, advances it in time slices paced to the
// chosen speed, and posts points (one transferable Float64Array per tick), snapshots and the
// final summary. The UI thread never runs the engine.
//
// It also keeps the page alive: runs larger than the page can chart are refused with the reason
// (worker/budget.ts), each engine call does bounded work, and an engine panic never outlives its
// run — the trapped wasm instance is dropped, a fresh one takes over, and the run on screen is
// rebuilt from its scenario and seed (see `recover`).
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
import { crashed, resetEngine } from './engineReset';
import { compactEvents } from '../sim/flowEvents';
import { openedLink, presetInfo, seriesMetaOf, snapshotOf, summaryOf, topologyOf } from '../lib/engineJson';
import type { KnobValue, PresetDesc, SeriesMeta, Snapshot, Topology } from '../types';
import { SLICE_MAX_EVENTS, SNAPSHOT_COST_FACTOR, boundSnapshot, pageBudgetError, seriesGrowthError } from './budget';
import type { FromWorker, ToWorker } from './protocol';
import { BUDGET_MS, Pacer } from './pacer';

let ready: Promise<unknown> | null = null;
let sim: Simulation | null = null;
/** The scenario JSON, seed and length of the loaded simulation (what a shared link carries). */
let loaded: { scenario: string; seed: number; duration: number } | null = null;
/**
 * When the last finished run ended, by its scenario and seed: the same run loaded again
 * (Restart, Run again) ends at the same time, so the page can span its axes to it from t = 0.
 */
let lastEnd: { scenario: string; seed: number; end: number } | null = null;
/** What the page shows of the loaded run: its time at the last post, and whether it ended. */
let shown = { t: 0, finished: false };
/** Flows with series (charts) in the loaded run: the bounded snapshot always keeps them. */
let charted: ReadonlySet<string> = new Set();
/** When the last snapshot was posted and what it cost (ms), to bound snapshot work. */
let snapAt = -Infinity;
let snapCost = 0;
/** The run on screen is being rebuilt after a panic: a second panic gives it up. */
let restoring = false;
let runId = 0;
let playing = false;
const pacer = new Pacer();
let wallMs = 0; // time spent inside the engine for the current run
let chunkS = 0.01; // adaptive slice for one advance() call
let metaLen = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
/** The running seek's target (simulated seconds) and token; a newer seek or load cancels it. */
let seekTarget: number | null = null;
let seekToken = 0;

function post(msg: FromWorker, transfer: Transferable[] = []): void {
  self.postMessage(msg, { transfer });
}

function message(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return text.split('\n')[0] ?? text;
}

function schedule(delay: number): void {
  if (timer !== null) clearTimeout(timer);
  timer = setTimeout(loop, delay);
}

function stop(): void {
  playing = false;
  if (timer !== null) clearTimeout(timer);
  timer = null;
}

/**
 * Runs one engine call of at most `maxS` simulated seconds and SLICE_MAX_EVENTS events; adapts
 * the slice to ~4 ms.
 */
function step(s: Simulation, maxS: number): boolean {
  const t0 = performance.now();
  const done = s.advance_until(s.now_s() + Math.min(chunkS, maxS), SLICE_MAX_EVENTS);
  const ms = performance.now() - t0;
  wallMs += ms;
  if (ms < 2) chunkS = Math.min(chunkS * 2, 60);
  else if (ms > 8) chunkS = Math.max(chunkS / 2, 1e-6);
  return done;
}

function loop(): void {
  timer = null;
  const s = sim;
  if (!s || !playing) return;
  pacer.begin();
  let done = s.finished();
  try {
    while (!done && pacer.more()) {
      const before = s.now_s();
      done = step(s, pacer.owed());
      pacer.spend(s.now_s() - before);
    }
    if (pacer.end(done)) flush(s, done || 'due');
  } catch (e) {
    if (crashed(e)) return void recover(e);
    stop();
    post({ type: 'error', message: message(e), kind: e instanceof BudgetStop ? 'budget' : undefined });
    post({ type: 'playing', playing: false });
    return;
  }
  if (done) {
    stop();
    finish(s);
    return;
  }
  schedule(pacer.nextDelay());
}

/** Simulated seconds → the engine's nanosecond grid, for exact comparisons. */
const ns = (t: number) => Math.round(t * 1e9);

function snapshot(s: Simulation): Snapshot {
  const t0 = performance.now();
  const snap: Snapshot = snapshotOf(s);
  // After a long seek the events since the last snapshot can be thousands of drops; the page
  // only reads the newest per flow and type (inspector) and the latest few (drop flashes).
  snap.events = compactEvents(snap.events);
  const out = boundSnapshot(snap, charted);
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

function setCharted(meta: SeriesMeta[]): void {
  charted = new Set(meta.filter((m) => m.scope === 'flow').map((m) => m.owner));
}

/**
 * Posts the points since the last flush and, when `snap` says so, the live snapshot ('due':
 * unless the last one was recent for its cost; the end of a step, seek or run always has one).
 * Throws BudgetStop when the run's series outgrew what the page can chart.
 */
function flush(s: Simulation, snap: boolean | 'due' = 'due'): void {
  const points = s.take_points();
  let meta: SeriesMeta[] | null = null;
  for (let i = 0; i < points.length; i += 3) {
    if (points[i]! >= metaLen) {
      meta = seriesMetaOf(s);
      metaLen = meta.length;
      setCharted(meta);
      break;
    }
  }
  const over = meta ? seriesGrowthError(meta.length, s.now_s()) : null;
  if (over) throw new BudgetStop(over);
  const withSnapshot = snap === 'due' ? snapshotDue() : snap;
  shown = { t: s.now_s(), finished: false };
  post(
    { type: 'tick', runId, now: s.now_s(), events: s.events(), points, meta, snapshot: withSnapshot ? snapshot(s) : null },
    [points.buffer],
  );
}

function finish(s: Simulation): void {
  try {
    const summary = summaryOf(s, wallMs / 1000);
    if (loaded) lastEnd = { scenario: loaded.scenario, seed: loaded.seed, end: summary.duration_s };
    post({ type: 'finished', runId, summary });
    shown = { t: s.now_s(), finished: true };
  } catch (e) {
    if (crashed(e)) return void recover(e);
    post({ type: 'error', message: message(e) });
  }
}

/** Drops the trapped instance and starts a fresh one; returns what the panic said. */
function resetSim(e: unknown): string {
  // Objects of the old instance are dead: never call them again, not even free().
  sim = null;
  return resetEngine(e);
}

/**
 * An engine panic: drop the instance, start a fresh one, say so, and rebuild the run on screen
 * from its scenario and seed — paused where the page shows it (the engine is deterministic,
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

/** Describes a preset, plus its knobs' values under each variant (what the controls show). */
function describe(text: string): PresetDesc {
  const desc = presetInfo(describe_preset(text));
  const variant_values: Record<string, Record<string, KnobValue | null>> = {};
  for (const v of desc.variants) {
    const under = presetInfo(describe_preset(apply_knobs(text, '{}', v)));
    variant_values[v] = Object.fromEntries(under.knobs.map((k) => [k.name, k.value]));
  }
  return { ...desc, variant_values };
}

async function handle(msg: ToWorker): Promise<void> {
  switch (msg.type) {
    case 'init': {
      ready ??= init();
      await ready;
      const presets: PresetDesc[] = [];
      const errors: string[] = [];
      for (const p of msg.presets) {
        try {
          presets.push(describe(p.text));
        } catch (e) {
          errors.push(`${p.file}.json: ${crashed(e) ? `the engine failed: ${resetSim(e)}` : message(e)}`);
        }
      }
      post({ type: 'ready', engineVersion: engine_version(), presets, errors });
      return;
    }
    case 'load': {
      await ready;
      pacer.setSpeed(msg.speed);
      let next: Simulation;
      let scenario: string;
      let topology: Topology | null;
      let meta: SeriesMeta[];
      try {
        scenario = apply_knobs(msg.presetText, JSON.stringify(msg.settings), msg.variant);
        const seed = seedValue(msg.seed);
        if (!seed.ok) throw new Error(seed.error);
        next = new Simulation(scenario, msg.seed);
        topology = topologyOf(next);
        meta = seriesMetaOf(next);
        // Refused before it runs: the page would freeze charting it.
        const over = pageBudgetError(topology?.flows.length ?? 0, meta.length);
        if (over) {
          next.free();
          throw new BudgetStop(over);
        }
      } catch (e) {
        if (crashed(e)) return void recover(e);
        // Keep the last good simulation, paused, so the page stays as it was.
        stop();
        post({ type: 'error', message: message(e), kind: e instanceof BudgetStop ? 'budget' : undefined });
        post({ type: 'playing', playing: false });
        return;
      }
      stop();
      cancelSeek();
      sim?.free();
      sim = next;
      loaded = { scenario, seed: msg.seed, duration: next.duration_s() };
      shown = { t: 0, finished: false };
      runId++;
      wallMs = 0;
      pacer.clearDebt();
      chunkS = Math.max(next.duration_s() / 2000, 1e-4);
      metaLen = meta.length;
      setCharted(meta);
      snapAt = -Infinity;
      const end = lastEnd?.scenario === scenario && lastEnd.seed === msg.seed ? lastEnd.end : null;
      post({
        type: 'loaded',
        runId,
        duration: next.duration_s(),
        end,
        topology,
        meta,
        playing: msg.play,
      });
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
        post({ type: 'linkFailed', message: crashed(e) ? recover(e, false) : message(e) });
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
        post({ type: 'error', message: message(e) });
      }
      return;
    }
    case 'share': {
      if (!loaded) return;
      try {
        post({ type: 'shared', link: share_encode(loaded.scenario, loaded.seed, JSON.stringify(msg.view)) });
      } catch (e) {
        if (crashed(e)) return void recover(e);
        post({ type: 'error', message: message(e) });
      }
      return;
    }
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
      play();
      return;
    case 'pause':
      stop();
      cancelSeek();
      post({ type: 'playing', playing: false });
      return;
    case 'speed':
      pacer.setSpeed(msg.speed);
      return;
    case 'step':
      stepBy(msg.dt);
      return;
    case 'seek':
      seek(msg.t);
      return;
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
  const s = sim;
  if (!s || seekTarget !== null || !(dt > 0) || s.finished()) return;
  pauseForControl();
  try {
    const t0 = performance.now();
    const done = s.advance_to(s.now_s() + dt);
    wallMs += performance.now() - t0;
    flush(s, true);
    if (done) finish(s);
  } catch (e) {
    if (crashed(e)) return void recover(e);
    post({ type: 'error', message: message(e), kind: e instanceof BudgetStop ? 'budget' : undefined });
  }
}

function cancelSeek(): void {
  if (seekTarget !== null) post({ type: 'seeking', runId, target: null });
  seekTarget = null;
  seekToken++;
  restoring = false;
}

/**
 * Pause and go to simulated time `t`: on from here, or re-run from 0 when `t` is earlier (or
 * when there is no simulation: the page still shows a run whose instance a panic dropped).
 */
function seek(t: number): void {
  let s = sim;
  if (!loaded || !Number.isFinite(t)) return;
  const rebuilding = restoring;
  pauseForControl();
  cancelSeek();
  restoring = rebuilding;
  const target = Math.min(Math.max(t, 0), loaded.duration);
  if (!s || ns(target) < ns(s.now_s()) || (s.finished() && ns(target) < ns(s.duration_s()))) {
    let next: Simulation;
    try {
      next = new Simulation(loaded.scenario, loaded.seed);
    } catch (e) {
      if (crashed(e)) return void recover(e);
      post({ type: 'error', message: message(e) });
      return;
    }
    s?.free();
    sim = s = next;
    wallMs = 0;
    pacer.clearDebt();
    metaLen = seriesMetaOf(next).length;
    shown = { t: 0, finished: false };
    post({ type: 'rewound', runId });
  }
  seekTarget = target;
  const token = ++seekToken;
  post({ type: 'seeking', runId, target });
  seekSlice(token);
}

/** One time slice of a seek (so messages, e.g. another seek, are handled in between). */
function seekSlice(token: number): void {
  const s = sim;
  const target = seekTarget;
  if (token !== seekToken || !s || target === null) return;
  const start = performance.now();
  let done = s.finished();
  try {
    while (!done && ns(s.now_s()) < ns(target) && performance.now() - start < BUDGET_MS) {
      const t0 = performance.now();
      // Intermediate stops do not change the state at the target: the calls process the same
      // events in the same order however they are cut (by time or by the event bound), and
      // the last call below is exactly the target.
      done = s.advance_until(Math.min(target, s.now_s() + chunkS), SLICE_MAX_EVENTS);
      const ms = performance.now() - t0;
      wallMs += ms;
      if (ms < 2) chunkS = Math.min(chunkS * 2, 60);
      else if (ms > 8) chunkS = Math.max(chunkS / 2, 1e-6);
    }
    if (!done && ns(s.now_s()) < ns(target)) {
      flush(s, false);
      setTimeout(() => seekSlice(token), 0);
      return;
    }
    // Land exactly on the target (advance_to also moves the clock when no event is due).
    if (!done) done = s.advance_to(target);
    flush(s, true);
  } catch (e) {
    if (crashed(e)) return void recover(e);
    seekTarget = null;
    restoring = false;
    post({ type: 'seeking', runId, target: null });
    post({ type: 'error', message: message(e), kind: e instanceof BudgetStop ? 'budget' : undefined });
    return;
  }
  seekTarget = null;
  restoring = false;
  post({ type: 'seeking', runId, target: null });
  if (done) finish(s);
}

function play(): void {
  if (!sim || sim.finished()) return;
  cancelSeek();
  playing = true;
  pacer.resume();
  post({ type: 'playing', playing: true });
  schedule(0);
}

self.onmessage = (e: MessageEvent<ToWorker>) => {
  handle(e.data).catch((err: unknown) => {
    if (crashed(err)) recover(err);
    else post({ type: 'error', message: message(err) });
  });
};
