// The simulation worker: owns the wasm `Simulation`, advances it in time slices paced to the
// chosen speed, and posts points (one transferable Float64Array per tick), snapshots and the
// final summary. The UI thread never runs the engine.
import init, { Simulation, apply_knobs, describe_preset, engine_version, share_decode, share_encode } from '@netlab/wasm';
import { compactEvents } from '../sim/flowEvents';
import type { EngineEvent, KnobValue, PresetDesc, Snapshot, Speed } from '../types';
import type { FromWorker, ToWorker } from './protocol';
import { BUDGET_MS, Pacer } from './pacer';

let ready: Promise<unknown> | null = null;
let sim: Simulation | null = null;
/** The scenario JSON and seed of the loaded simulation (what a shared link carries). */
let loaded: { scenario: string; seed: number } | null = null;
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

/** Runs one advance() of at most `maxS` simulated seconds; adapts the slice to ~4 ms. */
function step(s: Simulation, maxS: number): boolean {
  const t0 = performance.now();
  const done = s.advance(Math.min(chunkS, maxS));
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
    if (pacer.end(done)) flush(s);
  } catch (e) {
    stop();
    post({ type: 'error', message: message(e) });
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
  const snap = JSON.parse(s.snapshot_json()) as Snapshot;
  // After a long seek the events since the last snapshot can be thousands of drops; the page
  // only reads the newest per flow and type (inspector) and the latest few (drop flashes).
  if (snap.events) snap.events = compactEvents(snap.events as EngineEvent[]);
  return snap;
}

/** Posts the points since the last flush, and the live snapshot unless `points only`. */
function flush(s: Simulation, withSnapshot = true): void {
  const points = s.take_points();
  let meta = null;
  for (let i = 0; i < points.length; i += 3) {
    if (points[i]! >= metaLen) {
      meta = JSON.parse(s.series_meta_json());
      metaLen = meta.length;
      break;
    }
  }
  post(
    { type: 'tick', runId, now: s.now_s(), events: s.events(), points, meta, snapshot: withSnapshot ? snapshot(s) : null },
    [points.buffer],
  );
}

function finish(s: Simulation): void {
  try {
    post({ type: 'finished', runId, summary: JSON.parse(s.summary_json(wallMs / 1000)) });
  } catch (e) {
    post({ type: 'error', message: message(e) });
  }
}

/** Describes a preset, plus its knobs' values under each variant (what the controls show). */
function describe(text: string): PresetDesc {
  const desc = JSON.parse(describe_preset(text)) as Omit<PresetDesc, 'variant_values'>;
  const variant_values: Record<string, Record<string, KnobValue | null>> = {};
  for (const v of desc.variants) {
    const under = JSON.parse(describe_preset(apply_knobs(text, '{}', v))) as Omit<PresetDesc, 'variant_values'>;
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
          errors.push(`${p.file}.json: ${message(e)}`);
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
      try {
        scenario = apply_knobs(msg.presetText, JSON.stringify(msg.settings), msg.variant);
        next = new Simulation(scenario, msg.seed);
      } catch (e) {
        // Keep the last good simulation, paused, so the page stays as it was.
        stop();
        post({ type: 'error', message: message(e) });
        post({ type: 'playing', playing: false });
        return;
      }
      stop();
      cancelSeek();
      sim?.free();
      sim = next;
      loaded = { scenario, seed: msg.seed };
      runId++;
      wallMs = 0;
      pacer.clearDebt();
      chunkS = Math.max(next.duration_s() / 2000, 1e-4);
      const meta = JSON.parse(next.series_meta_json());
      metaLen = meta.length;
      post({
        type: 'loaded',
        runId,
        duration: next.duration_s(),
        topology: JSON.parse(next.topology_json()),
        meta,
        playing: msg.play,
      });
      if (msg.play) play();
      return;
    }
    case 'openLink': {
      await ready;
      try {
        const opened = JSON.parse(share_decode(msg.link)) as {
          engine_version: string;
          seed: number;
          scenario: unknown;
          view: unknown;
          notice?: string | null;
        };
        const text = JSON.stringify(opened.scenario);
        const desc = describe(text);
        const view = typeof opened.view === 'object' && opened.view !== null ? (opened.view as { speed?: Speed }) : {};
        post({
          type: 'linkOpened',
          preset: { ...desc, name: `link:${desc.name}`, title: `${desc.title} (shared link)` },
          text,
          seed: opened.seed,
          view: { speed: view.speed },
          notice: opened.notice ?? null,
        });
      } catch (e) {
        post({ type: 'linkFailed', message: message(e) });
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
          preset: { ...desc, name: `edited:${name}`, title: `${desc.title || name} (edited)` },
          text: msg.text,
          seed: msg.seed,
          view: {},
          notice: null,
        });
      } catch (e) {
        post({ type: 'error', message: message(e) });
      }
      return;
    }
    case 'share': {
      if (!loaded) return;
      try {
        post({ type: 'shared', link: share_encode(loaded.scenario, loaded.seed, JSON.stringify(msg.view)) });
      } catch (e) {
        post({ type: 'error', message: message(e) });
      }
      return;
    }
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
    flush(s);
    if (done) finish(s);
  } catch (e) {
    post({ type: 'error', message: message(e) });
  }
}

function cancelSeek(): void {
  if (seekTarget !== null) post({ type: 'seeking', runId, target: null });
  seekTarget = null;
  seekToken++;
}

/** Pause and go to simulated time `t`: on from here, or re-run from 0 when `t` is earlier. */
function seek(t: number): void {
  let s = sim;
  if (!s || !loaded || !Number.isFinite(t)) return;
  pauseForControl();
  cancelSeek();
  const target = Math.min(Math.max(t, 0), s.duration_s());
  if (ns(target) < ns(s.now_s()) || (s.finished() && ns(target) < ns(s.duration_s()))) {
    let next: Simulation;
    try {
      next = new Simulation(loaded.scenario, loaded.seed);
    } catch (e) {
      post({ type: 'error', message: message(e) });
      return;
    }
    s.free();
    sim = s = next;
    wallMs = 0;
    pacer.clearDebt();
    metaLen = JSON.parse(next.series_meta_json()).length;
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
      // Intermediate stops do not change the state at the target: every call processes all
      // events up to its time, and the last call is exactly the target.
      done = s.advance_to(Math.min(target, s.now_s() + chunkS));
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
    flush(s);
  } catch (e) {
    seekTarget = null;
    post({ type: 'seeking', runId, target: null });
    post({ type: 'error', message: message(e) });
    return;
  }
  seekTarget = null;
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
  handle(e.data).catch((err: unknown) => post({ type: 'error', message: message(err) }));
};
