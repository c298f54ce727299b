// The A/B compare worker: one wasm Simulation per column (the same scenario and seed, one value
// of the compared knob each), all advanced with advance_to() to the same simulated time, so
// the columns share one clock. Work is cut into slices of a few milliseconds of wall time and
// the loop yields between ticks, so messages (pause, speed, a new comparison) are handled
// promptly and the page is never blocked. Per tick it posts each column's goodput and Jain
// points (the series the view charts); at the end, or at a pause, every column's summary.
import init, { Simulation, apply_knobs } from '@netlab/wasm';
import { pageBudgetError } from './budget';
import { seriesMetaOf, summaryOf, topologyOf } from '../lib/engineJson';
import { crashed, resetEngine } from './engineReset';
import { COLUMN_NAMES, columnSettings } from '../compare/choice';
import { type ColumnTick, type FromCompare, type ToCompare, charted } from '../compare/protocol';
import type { SeriesMeta, Summary } from '../types';
import { Pacer } from './pacer';

interface Column {
  sim: Simulation;
  /** Indices (in the engine's series list) of the charted series. */
  wanted: Set<number>;
  metaLen: number;
}

let ready: Promise<unknown> | null = null;
let columns: Column[] = [];
let runId = 0;
let duration = 0;
/** The shared clock: every unfinished column has been advanced exactly to it. */
let clock = 0;
let playing = false;
const pacer = new Pacer();
/** Simulated seconds per round (all columns advanced once); adapted to ~4–12 ms a round. */
let chunkS = 0.01;
let wallMs = 0;
let timer: ReturnType<typeof setTimeout> | null = null;

function post(msg: FromCompare, transfer: Transferable[] = []): void {
  self.postMessage(msg, { transfer });
}

function message(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return text.split('\n')[0] ?? text;
}

/**
 * An engine panic: every column's Simulation belongs to the trapped instance, so all are
 * dropped (never called again) and a fresh instance takes over. The page keeps the charts and
 * table it has; running the comparison again rebuilds the columns.
 */
function recover(e: unknown): void {
  stop();
  columns = [];
  const detail = resetEngine(e);
  post({
    type: 'error',
    runId,
    column: null,
    message: `the engine failed (${detail}) and was restarted; the results on screen are kept — run the comparison again to continue`,
  });
  post({ type: 'playing', runId, playing: false });
}

function stop(): void {
  playing = false;
  if (timer !== null) clearTimeout(timer);
  timer = null;
}

function allFinished(): boolean {
  return columns.every((c) => c.sim.finished());
}

function wantedOf(meta: SeriesMeta[]): Set<number> {
  const out = new Set<number>();
  meta.forEach((m, i) => {
    if (charted(m)) out.add(i);
  });
  return out;
}

/** The charted points since the last call, and the series list when it grew. */
function columnTick(c: Column): ColumnTick {
  const raw = c.sim.take_points();
  let meta: SeriesMeta[] | null = null;
  for (let i = 0; i < raw.length; i += 3) {
    if (raw[i]! >= c.metaLen) {
      meta = seriesMetaOf(c.sim);
      c.metaLen = meta.length;
      c.wanted = wantedOf(meta);
      break;
    }
  }
  let n = 0;
  for (let i = 0; i < raw.length; i += 3) if (c.wanted.has(raw[i]!)) n++;
  const points = new Float64Array(n * 3);
  let k = 0;
  for (let i = 0; i < raw.length; i += 3) {
    if (!c.wanted.has(raw[i]!)) continue;
    points[k++] = raw[i]!;
    points[k++] = raw[i + 1]!;
    points[k++] = raw[i + 2]!;
  }
  return { now: c.sim.now_s(), events: c.sim.events(), finished: c.sim.finished(), points, meta };
}

function flush(): void {
  const ticks = columns.map(columnTick);
  post({ type: 'tick', runId, clock, columns: ticks }, ticks.map((t) => t.points.buffer));
}

function summaries(final: boolean): void {
  try {
    const list: Summary[] = columns.map((c) => summaryOf(c.sim, wallMs / 1000 / Math.max(1, columns.length)));
    post({ type: 'summaries', runId, final, clock, summaries: list });
  } catch (e) {
    if (crashed(e)) return recover(e);
    post({ type: 'error', runId, column: null, message: message(e) });
  }
}

/**
 * One round: every unfinished column advanced to `t` (the same instant for all). A column that
 * ends earlier (a run budget) stays where it stopped; the others go on.
 */
function round(t: number): void {
  const t0 = performance.now();
  columns.forEach((c, i) => {
    if (c.sim.finished()) return;
    try {
      c.sim.advance_to(t);
    } catch (e) {
      if (crashed(e)) throw e;
      throw new Error(`column ${COLUMN_NAMES[i] ?? i + 1}: ${message(e)}`);
    }
  });
  clock = t;
  const ms = performance.now() - t0;
  wallMs += ms;
  if (ms < 4) chunkS = Math.min(chunkS * 2, 60);
  else if (ms > 12) chunkS = Math.max(chunkS / 2, 1e-6);
}

/** Simulated seconds → the engine's nanosecond grid (advance_to rounds to it too). */
const grid = (t: number) => Math.round(t * 1e9) / 1e9;

function loop(): void {
  timer = null;
  if (!playing || columns.length === 0) return;
  pacer.begin();
  let done = allFinished();
  try {
    while (!done && pacer.more()) {
      const dt = Math.min(chunkS, pacer.owed());
      const t = grid(Math.min(duration, clock + dt));
      round(t);
      pacer.spend(dt);
      done = allFinished() || t >= duration;
    }
    if (pacer.end(done)) flush();
  } catch (e) {
    if (crashed(e)) return recover(e);
    stop();
    post({ type: 'error', runId, column: null, message: message(e) });
    post({ type: 'playing', runId, playing: false });
    return;
  }
  if (done) {
    stop();
    post({ type: 'playing', runId, playing: false });
    summaries(true);
    return;
  }
  timer = setTimeout(loop, pacer.nextDelay());
}

function play(): void {
  if (columns.length === 0 || allFinished()) return;
  playing = true;
  pacer.resume();
  post({ type: 'playing', runId, playing: true });
  if (timer !== null) clearTimeout(timer);
  timer = setTimeout(loop, 0);
}

async function handle(msg: ToCompare): Promise<void> {
  switch (msg.type) {
    case 'load': {
      ready ??= init();
      await ready;
      const next: Simulation[] = [];
      try {
        msg.values.forEach((value, i) => {
          const name = `column ${COLUMN_NAMES[i] ?? i + 1} (${msg.knob}=${value})`;
          try {
            const settings = columnSettings(msg.edits, msg.knob, value);
            const scenario = apply_knobs(msg.presetText, JSON.stringify(settings), msg.variant);
            const sim = new Simulation(scenario, msg.seed);
            next.push(sim);
            // The lab's page budget holds per column: more would freeze the tab charting it.
            const flows = topologyOf(sim).flows.length;
            const over = pageBudgetError(flows, seriesMetaOf(sim).length);
            if (over) throw new Error(over);
          } catch (e) {
            if (crashed(e)) throw e;
            throw new Error(`${name}: ${message(e)}`);
          }
        });
      } catch (e) {
        // The new columns belong to a trapped instance after a panic: drop them unfreed.
        if (crashed(e)) return recover(e);
        // Keep the last good comparison (paused) so the page stays as it was.
        for (const s of next) s.free();
        const was = playing;
        stop();
        post({ type: 'error', runId: msg.runId, column: null, message: message(e) });
        if (was) post({ type: 'playing', runId, playing: false });
        return;
      }
      stop();
      for (const c of columns) c.sim.free();
      runId = msg.runId;
      pacer.setSpeed(msg.speed);
      duration = Math.max(...next.map((s) => s.duration_s()));
      clock = 0;
      wallMs = 0;
      chunkS = Math.max(duration / 2000, 1e-4);
      const metas: SeriesMeta[][] = next.map((s) => seriesMetaOf(s));
      columns = next.map((sim, i) => ({ sim, wanted: wantedOf(metas[i]!), metaLen: metas[i]!.length }));
      post({ type: 'loaded', runId, duration, meta: metas, playing: msg.play });
      if (msg.play) play();
      return;
    }
    case 'play':
      play();
      return;
    case 'pause': {
      const was = playing;
      stop();
      post({ type: 'playing', runId, playing: false });
      // The difference table at this instant (all columns stand at the same clock).
      if (was && columns.length > 0 && !allFinished()) {
        flush();
        summaries(false);
      }
      return;
    }
    case 'speed':
      pacer.setSpeed(msg.speed);
      return;
  }
}

self.onmessage = (e: MessageEvent<ToCompare>) => {
  handle(e.data).catch((err: unknown) => (crashed(err) ? recover(err) : post({ type: 'error', runId, column: null, message: message(err) })));
};
