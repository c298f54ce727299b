// A chart's text alternative (issue 31 §2): a one-line summary of each line, computed from the
// points the chart draws ("cwnd of short-rtt: 41 → 369 packets, 3 cuts of 20 % or more"), and the
// data as a table downsampled to a few rows. Pure; components/ChartData.tsx shows them.
//
// A cut is a window reduction read off the series itself, not assumed: a stretch of samples
// that never rises and ends at least 20 % below where it started. Reno halves the window and
// CUBIC keeps 0.7 of it (RFC 9438 §4.6), which after rounding and a sample taken mid-recovery
// can read as a 27 % drop (tcp-dumbbell's short-rtt at 4.5 s: 433 → 315); Linux's proportional
// rate reduction spreads a cut over a round trip, which such a stretch still counts once. A
// window only shrinks on a congestion signal (loss, ECN, timeout), so smaller dips are rare. The series are min/max-decimated (lib/seriesBuffer.ts), which keeps the
// top and bottom of every drop, so decimation does not hide a cut.
import type { Point } from '../lib/seriesBuffer';
import { measureName, noData, seriesSentence } from './messages';

/** A reduction counts when it takes the value at least this far below where it began. */
export const CUT_FRACTION = 0.2;
/** Metrics whose summary counts cuts (congestion windows). */
const CUT_METRICS = new Set(['cwnd']);

/** The number of non-increasing stretches that end at least `fraction` below their start. */
export function countCuts(values: readonly number[], fraction = CUT_FRACTION): number {
  let cuts = 0;
  let start = Number.NaN;
  let prev = Number.NaN;
  const close = () => {
    if (Number.isFinite(start) && start > 0 && prev <= start * (1 - fraction)) cuts++;
  };
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    if (Number.isNaN(prev) || v > prev) {
      close();
      start = v;
    }
    prev = v;
  }
  close();
  return cuts;
}

/** A value as the summary and table print it: integers above 100, three significant digits below. */
export function formatValue(v: number): string {
  if (!Number.isFinite(v)) return '–';
  if (Math.abs(v) >= 100 || Number.isInteger(v)) return String(Math.round(v));
  return String(Number(v.toPrecision(3)));
}

/** What a series key (`flow/short-rtt/cwnd`, `link/bottleneck/queue`, `run/all/jain`) names. */
export function keyParts(key: string): { scope: string; owner: string; metric: string } {
  const parts = key.split('/');
  return { scope: parts[0] ?? '', owner: parts.slice(1, -1).join('/'), metric: parts[parts.length - 1] ?? '' };
}

export interface TextSeries {
  key: string;
  label: string;
  points: readonly Point[];
  /** The chart plots value × factor (bytes → kB). */
  factor?: number;
}

/** One line for one series, from its points as plotted. */
export function summarize(s: TextSeries, unit: string): string {
  const { scope, owner, metric } = keyParts(s.key);
  const measure = measureName(metric);
  const who = scope === 'run' ? null : owner || s.label;
  const f = s.factor ?? 1;
  const vs = s.points.map((p) => p.v * f).filter(Number.isFinite);
  if (vs.length === 0) return noData(measure, who);
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of vs) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  const cuts = CUT_METRICS.has(metric) ? countCuts(vs) : null;
  return seriesSentence(measure, who, formatValue(vs[0]!), formatValue(vs[vs.length - 1]!), unit, formatValue(lo), formatValue(hi), cuts, Math.round(CUT_FRACTION * 100));
}

/** The value of a time-ordered series at `t`: the last point at or before it (null before the first). */
export function valueAt(points: readonly Point[], t: number): number | null {
  let lo = 0;
  let hi = points.length - 1;
  if (hi < 0 || points[0]!.t > t) return null;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (points[mid]!.t <= t) lo = mid;
    else hi = mid - 1;
  }
  return points[lo]!.v;
}

/** The data as a table: `rows` times spread evenly from the first point to the last, each
 * series' value at (or just before) each time, factor applied. */
export function dataTable(series: readonly TextSeries[], rows: number): { times: number[]; columns: (number | null)[][] } {
  let t0 = Infinity;
  let t1 = -Infinity;
  for (const s of series) {
    if (s.points.length === 0) continue;
    t0 = Math.min(t0, s.points[0]!.t);
    t1 = Math.max(t1, s.points[s.points.length - 1]!.t);
  }
  if (!Number.isFinite(t0)) return { times: [], columns: series.map(() => []) };
  const n = t1 > t0 ? Math.max(2, rows) : 1;
  const times = Array.from({ length: n }, (_, i) => (n === 1 ? t0 : t0 + ((t1 - t0) * i) / (n - 1)));
  const columns = series.map((s) =>
    times.map((t) => {
      const v = valueAt(s.points, t);
      return v === null ? null : v * (s.factor ?? 1);
    }),
  );
  return { times, columns };
}
