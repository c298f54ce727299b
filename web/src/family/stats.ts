// Data transforms of the MPTCP and QUIC views: box-plot statistics of message latencies and
// empirical CDFs of flow completion times. Pure; unit-tested (stats.test.ts).
//
// Percentiles are nearest-rank (the smallest value with at least p % of the values at or below
// it), the definition the engine uses for the summary's p50/p95/p99 (metrics/streams.rs and
// metrics/classes.rs), so a box's median is exactly the summary's p50. d3-array's quantile
// interpolates between neighbours and would differ by a fraction of a sample.
import { ascending } from 'd3-array';
import type { FlowSummary, Summary } from '../types';

/** Nearest-rank percentile of ascending values; undefined for an empty list. */
export function nearestRank(sorted: readonly number[], p: number): number | undefined {
  const n = sorted.length;
  if (n === 0) return undefined;
  const rank = Math.ceil((p / 100) * n);
  return sorted[Math.min(Math.max(rank, 1), n) - 1];
}

/** A box: whiskers p5–p95, box p25–p75, line at the median; min, max and mean for read-outs. */
export interface BoxStats {
  n: number;
  min: number;
  p5: number;
  p25: number;
  p50: number;
  p75: number;
  p95: number;
  max: number;
  mean: number;
}

/** The percentiles a box shows (the legend says so). */
export const BOX_PERCENTILES = [5, 25, 50, 75, 95] as const;

/**
 * Box statistics of ascending `sorted` values. `exact` carries the engine's own percentiles
 * over the full list: the summary thins long latency lists (to 2000 values, evenly over the
 * sorted values), so when `total` says the list was thinned, the exact p50/p95/max/mean win.
 */
export function boxStats(
  sorted: readonly number[],
  exact?: { mean: number; p50: number; p95: number; max: number },
  total = sorted.length,
): BoxStats | null {
  const n = sorted.length;
  if (n === 0) return null;
  const q = (p: number) => nearestRank(sorted, p)!;
  const box: BoxStats = {
    n: total,
    min: sorted[0]!,
    p5: q(5),
    p25: q(25),
    p50: q(50),
    p75: q(75),
    p95: q(95),
    max: sorted[n - 1]!,
    mean: sorted.reduce((a, b) => a + b, 0) / n,
  };
  if (exact && total > n) {
    box.p50 = exact.p50;
    box.p95 = exact.p95;
    box.max = exact.max;
    box.mean = exact.mean;
  }
  return box;
}

/** An empirical CDF as step points: (x, fraction of values ≤ x), one per distinct value. */
export function ecdf(values: readonly number[]): { x: number; y: number }[] {
  const v = values.filter((x) => Number.isFinite(x)).sort(ascending);
  const out: { x: number; y: number }[] = [];
  for (let i = 0; i < v.length; i++) {
    // Ties: one point at the last of them, which carries their whole mass.
    if (i + 1 < v.length && v[i + 1] === v[i]) continue;
    out.push({ x: v[i]!, y: (i + 1) / v.length });
  }
  return out;
}

/** Size classes in display order; anything else the engine names comes after, sorted. */
const CLASS_ORDER = ['G0', 'G1', 'G2', 'G3'];

export function sortClasses(names: Iterable<string>): string[] {
  const rank = (c: string) => {
    const i = CLASS_ORDER.indexOf(c);
    return i < 0 ? CLASS_ORDER.length : i;
  };
  return [...new Set(names)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * The completed MPTCP flows' FCTs (seconds) per size class, from the summary's listed flows.
 * Only flows that started after the warm-up count, as in the summary's `fct_by_class`.
 */
export function fctsByClass(flows: readonly FlowSummary[], warmupS = 0): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const f of flows) {
    if (f.kind !== 'mptcp' || !f.size_class || f.size_bytes === undefined || typeof f.fct_s !== 'number' || f.start_s < warmupS) continue;
    const list = out.get(f.size_class) ?? [];
    list.push(f.fct_s);
    out.set(f.size_class, list);
  }
  for (const list of out.values()) list.sort(ascending);
  return new Map(sortClasses(out.keys()).map((c) => [c, out.get(c)!]));
}

/** The FCTs a CDF shows per class, and how many flows each class's curve stands for. */
export interface FctSample {
  fcts: Map<string, number[]>;
  /** Finished flows per class (the curve's n; the drawn list may be thinned). */
  counts: Map<string, number>;
  /** How many flows the curves stand for. */
  n: number;
  /** The engine thinned a class's list (more than 500 FCTs): the curve runs through evenly spaced ranks. */
  thinned: boolean;
}

/**
 * The FCTs the CDF draws: the summary's `fct_samples`, the completed flows `fct_by_class` counts
 * (after the warm-up, every one, thinned evenly over their ranks), so the curves and the bars and
 * the headline describe the same flows (issue 30, item 7). A summary without them (an older
 * engine) falls back to the listed flows after the warm-up, never to those in the warm-up.
 */
export function fctSample(summary: Pick<Summary, 'flows' | 'warmup_s' | 'fct_samples' | 'fct_by_class'>): FctSample {
  let fcts: Map<string, number[]>;
  if (summary.fct_samples) {
    const classes = sortClasses(Object.keys(summary.fct_samples).filter((c) => c !== 'all'));
    fcts = new Map(classes.map((c) => [c, summary.fct_samples![c] ?? []] as [string, number[]]).filter(([, v]) => v.length > 0));
  } else {
    fcts = fctsByClass(summary.flows, summary.warmup_s);
  }
  const counts = new Map([...fcts].map(([c, v]) => [c, summary.fct_samples ? (summary.fct_by_class?.[c]?.count ?? v.length) : v.length]));
  const n = [...counts.values()].reduce((a, b) => a + b, 0);
  const thinned = [...fcts].some(([c, v]) => (counts.get(c) ?? 0) > v.length);
  return { fcts, counts, n, thinned };
}
