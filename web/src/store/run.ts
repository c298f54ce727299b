// The state of the run on screen and its pure reducer: one copy for the lab and for A/B compare.
//
// A run is N simulations of one scenario and seed advanced in lockstep by the simulation worker
// (worker/sim.worker.ts) on one simulated clock: the lab runs N = 1 (plus step, seek and share),
// A/B compare runs one column per compared value. The lab's store (store/state.ts) and the
// compare store (compare/state.ts) each embed these fields and hand these actions to
// `runReducer`; the controller that feeds them is sim/pipeline.ts.
//
// The run-id rule: the page gives every load a new run id and every message of the worker names
// the run it belongs to. A message of another run than the one on screen is stale (it was
// posted before the worker saw a newer load, or it belongs to a run that was replaced) and is
// ignored: it must not move the clock, the charts or the summary of the run shown now. A load
// whose run id is newer than the one on screen is the exception: its `loaded` (or the error
// that refuses it) is what makes it the run on screen.
import { clampWindow } from '../charts/timeBrush';
import type { Snapshot, Summary, TimeWindow } from '../types';
import type { AggregateInfo, ErrorKind } from '../worker/protocol';

/** `starting`: nothing loaded yet (the lab before its first preset, a comparison never run). */
export type RunState = 'starting' | 'loading' | 'running' | 'paused' | 'finished' | 'error';

/** One simulation of the run (the lab's only one, or one compare column). */
export interface ColumnRun {
  /** This column's simulated time (equal to the shared clock until it ends). */
  now: number;
  events: number;
  finished: boolean;
  /** Its summary: final once it finished, or the state at a pause (`summariesAt`). */
  summary: Summary | null;
  /** How its charts draw flows: null for one line per flow, else the aggregate view (worker/aggregate.ts). */
  aggregate: AggregateInfo | null;
}

export interface RunFields {
  run: RunState;
  /** The run state before the pending load, restored if the load fails. */
  runBeforeLoad: RunState;
  /** The run on screen (0 = none yet); charts reset when it changes. */
  runId: number;
  /** The shared simulated clock: every unfinished column stands exactly here. */
  simTime: number;
  /** The scenario's time limit (simulated seconds; the longest column's). */
  duration: number;
  /**
   * When the run ends, once known (it finished, or the identical scenario and seed finished
   * before): earlier than `duration` when every flow completes first. See `timeSpan`.
   */
  end: number | null;
  columns: ColumnRun[];
  /** The latest live snapshot of the first column (the lab's topology view and inspector). */
  snapshot: Snapshot | null;
  /**
   * The time the columns' summaries were taken at a pause (not final), or null when they are
   * final or there are none.
   */
  summariesAt: number | null;
  /** Bumped whenever new series points arrive (the points live in SeriesStores). */
  seriesVersion: number;
  /** The time range every chart shows (zoomed with the wheel); null = the whole run. */
  timeWindow: TimeWindow;
  /** Simulated time a seek is heading for; null when not seeking. */
  seekTarget: number | null;
  /** The last error (one line naming the field), or null. */
  error: string | null;
  /** What the error is about (its banner's heading); null without an error. */
  errorKind: ErrorKind | null;
}

export const initialRun: RunFields = {
  run: 'starting',
  runBeforeLoad: 'starting',
  runId: 0,
  simTime: 0,
  duration: 0,
  end: null,
  columns: [],
  snapshot: null,
  summariesAt: null,
  seriesVersion: 0,
  timeWindow: null,
  seekTarget: null,
  error: null,
  errorKind: null,
};

/** A column as a tick reports it. */
export interface ColumnProgress {
  now: number;
  events: number;
  finished: boolean;
  aggregate: AggregateInfo | null;
}

export type RunAction =
  | { type: 'loading' }
  | { type: 'loaded'; runId: number; duration: number; columns: number; playing: boolean; end?: number | null; aggregate?: (AggregateInfo | null)[] }
  | { type: 'playing'; runId: number; playing: boolean }
  | { type: 'tick'; runId: number; simTime: number; columns: ColumnProgress[]; snapshot: Snapshot | null; seriesChanged: boolean }
  /** Column `column` ran to its end. */
  | { type: 'finished'; runId: number; column: number; summary: Summary }
  /** Every column's summary at a pause, all at `simTime` (not final). */
  | { type: 'summaries'; runId: number; simTime: number; summaries: Summary[] }
  /** A backward seek restarted the run at t = 0 (same run). */
  | { type: 'rewound'; runId: number }
  | { type: 'seeking'; runId: number; target: number | null }
  /** `runId`: the run the error belongs to; null for one not tied to a run (the page's own). */
  | { type: 'error'; runId: number | null; message: string; kind?: ErrorKind }
  | { type: 'dismissError' }
  | { type: 'zoomTime'; window: TimeWindow };

const RUN_ACTIONS: ReadonlySet<string> = new Set<RunAction['type']>([
  'loading',
  'loaded',
  'playing',
  'tick',
  'finished',
  'summaries',
  'rewound',
  'seeking',
  'error',
  'dismissError',
  'zoomTime',
]);

export function isRunAction(a: { type: string }): a is RunAction {
  return RUN_ACTIONS.has(a.type);
}

/** Whether a message of run `runId` is stale for `s`: another run than the one on screen. */
export function staleRun(s: Pick<RunFields, 'runId'>, runId: number): boolean {
  return runId !== s.runId;
}

const newColumn = (aggregate: AggregateInfo | null = null): ColumnRun => ({ now: 0, events: 0, finished: false, summary: null, aggregate });

export function runReducer<S extends RunFields>(s: S, a: RunAction): S {
  switch (a.type) {
    case 'loading':
      return { ...s, run: 'loading', runBeforeLoad: s.run === 'loading' ? s.runBeforeLoad : s.run };
    case 'loaded':
      // Loads are answered in the order they were sent: an older run id is a load the page
      // already replaced with a newer one.
      if (a.runId < s.runId) return s;
      return {
        ...s,
        run: a.playing ? 'running' : 'paused',
        runId: a.runId,
        duration: a.duration,
        end: a.end ?? null,
        simTime: 0,
        columns: Array.from({ length: a.columns }, (_, i) => newColumn(a.aggregate?.[i] ?? null)),
        snapshot: null,
        summariesAt: null,
        error: null,
        errorKind: null,
        timeWindow: null,
        seekTarget: null,
        seriesVersion: s.seriesVersion + 1,
      };
    case 'playing':
      if (staleRun(s, a.runId) || s.run === 'finished' || s.run === 'starting') return s;
      return { ...s, run: a.playing ? 'running' : 'paused' };
    case 'tick': {
      if (staleRun(s, a.runId) || a.columns.length !== s.columns.length) return s;
      const columns = s.columns.map((c, i) => {
        const t = a.columns[i]!;
        // Points after a pause-time summary make it out of date.
        return { ...c, now: t.now, events: t.events, finished: t.finished, aggregate: t.aggregate, summary: c.finished || s.summariesAt === null ? c.summary : null };
      });
      return {
        ...s,
        simTime: a.simTime,
        columns,
        summariesAt: null,
        snapshot: a.snapshot ?? s.snapshot,
        seriesVersion: a.seriesChanged ? s.seriesVersion + 1 : s.seriesVersion,
      };
    }
    case 'finished': {
      if (staleRun(s, a.runId) || !s.columns[a.column]) return s;
      const columns = s.columns.map((c, i) => (i === a.column ? { ...c, finished: true, now: a.summary.duration_s, summary: a.summary } : c));
      if (!columns.every((c) => c.finished)) return { ...s, columns };
      // The last column ended: the run did, at its longest column's end.
      const end = Math.max(...columns.map((c) => c.summary?.duration_s ?? c.now));
      return {
        ...s,
        columns,
        run: 'finished',
        summariesAt: null,
        simTime: Math.max(s.simTime, end),
        end,
        timeWindow: fitWindow(s.timeWindow, end),
      };
    }
    case 'summaries':
      if (staleRun(s, a.runId) || a.summaries.length !== s.columns.length) return s;
      return {
        ...s,
        summariesAt: a.simTime,
        columns: s.columns.map((c, i) => (c.finished ? c : { ...c, summary: a.summaries[i] ?? null })),
      };
    case 'rewound':
      if (staleRun(s, a.runId)) return s;
      return {
        ...s,
        run: 'paused',
        simTime: 0,
        columns: s.columns.map((c) => newColumn(c.aggregate)),
        snapshot: null,
        summariesAt: null,
        seriesVersion: s.seriesVersion + 1,
      };
    case 'seeking':
      if (staleRun(s, a.runId) || s.seekTarget === a.target) return s;
      return { ...s, seekTarget: a.target };
    case 'error': {
      // An error of a run already replaced says nothing about the one on screen.
      if (a.runId !== null && a.runId < s.runId) return s;
      // Keep the last good run on screen; if it was running, the worker has paused it.
      const before = s.run === 'loading' ? s.runBeforeLoad : s.run;
      const run: RunFields['run'] = s.runId === 0 ? 'error' : before === 'running' || before === 'loading' || before === 'starting' ? 'paused' : before;
      return { ...s, error: a.message, errorKind: a.kind ?? 'invalid', run };
    }
    case 'dismissError':
      return s.error === null ? s : { ...s, error: null, errorKind: null };
    case 'zoomTime': {
      const w = a.window;
      if (w === null) return s.timeWindow === null ? s : { ...s, timeWindow: null };
      if (!(w[1] > w[0])) return s;
      if (s.timeWindow !== null && s.timeWindow[0] === w[0] && s.timeWindow[1] === w[1]) return s;
      return { ...s, timeWindow: [w[0], w[1]] };
    }
  }
}

/**
 * The time range the run's time axes, seek slider and time window span: up to its end once
 * known, else the scenario's limit. A run whose flows all complete at 35 s of a 300 s limit
 * would otherwise be drawn in the left tenth of every chart.
 */
export function timeSpan(s: Pick<RunFields, 'duration' | 'end'>): number {
  return s.end !== null && s.end > 0 ? Math.min(s.end, s.duration) : s.duration;
}

/** A zoomed window cut to a run that turned out to end at `end` (null: the whole run). */
function fitWindow(w: TimeWindow, end: number): TimeWindow {
  return w === null || w[0] >= end ? null : clampWindow(w[0], w[1], end);
}

/** The first column's summary (the lab's run), or null before it ends. */
export function firstSummary(s: Pick<RunFields, 'columns' | 'summariesAt'>): Summary | null {
  const c = s.columns[0];
  return c && (c.finished || s.summariesAt === null) ? c.summary : null;
}

/** Events the first column (the lab's run) has processed. */
export function firstEvents(s: Pick<RunFields, 'columns'>): number {
  return s.columns[0]?.events ?? 0;
}

/** Every column's summary once all exist (final, or all taken at one pause); else null. */
export function allSummaries(s: Pick<RunFields, 'columns'>): Summary[] | null {
  if (s.columns.length === 0 || s.columns.some((c) => c.summary === null)) return null;
  return s.columns.map((c) => c.summary!);
}
