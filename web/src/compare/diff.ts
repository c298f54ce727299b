// The A/B compare view's difference summary: the same scenario and seed run once per value of
// one knob; every metric of each column is set against column A (the baseline).
// Pure; unit-tested (diff.test.ts).
//
// "Better" is defined per metric, from what the lab's presets ask of an algorithm: a higher
// Jain's index (fairer sharing) and a higher mean throughput; a lower flow completion time
// and a lower message latency. A flow's own goodput has no better direction (more for one
// flow is less for another), so those rows are shown without a verdict.
import { i18n } from '../i18n/i18n';
import { jainScoresRun } from '../charts/relevance';
import { sortClasses } from '../family/stats';
import type { Summary } from '../types';

/** +1: higher is better; −1: lower is better; 0: no verdict. */
export type Direction = 1 | -1 | 0;

export interface MetricDef {
  /** Stable id for tests and data-metric: "jain", "fct_mean:G0", "latency_p95:quic:control". */
  id: string;
  label: string;
  /** Unit of the value as shown ('' for none). */
  unit: string;
  /** Decimals to show values and deltas with. */
  digits: number;
  better: Direction;
  /** The value in a summary (already in `unit`), or undefined when the summary lacks it. */
  value: (s: Summary) => number | undefined;
}

export type Verdict = 'better' | 'worse' | 'same' | 'neutral' | 'missing';

export interface DeltaCell {
  value: number | undefined;
  /** value − baseline; null when either is missing. */
  delta: number | null;
  /** delta / |baseline|; null when missing or the baseline is 0. */
  relative: number | null;
  verdict: Verdict;
}

export interface DiffRow {
  metric: MetricDef;
  baseline: number | undefined;
  /** One cell per column after A, in column order. */
  cells: DeltaCell[];
}

const num = (x: unknown): number | undefined => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);

function mean(xs: number[]): number | undefined {
  return xs.length > 0 ? xs.reduce((a, b) => a + b, 0) / xs.length : undefined;
}

/**
 * Mean throughput per flow (Mbit/s): the summary's `mean_flow_mbps` when the engine reports it
 * (MPTCP runs: every classified flow, generated ones included, as bytes / FCT), else the mean
 * goodput of the listed flows.
 */
export function meanThroughput(s: Summary): number | undefined {
  const reported = num(s.mean_flow_mbps);
  if (reported !== undefined) return reported;
  return mean(s.flows.map((f) => f.goodput_mbps).filter((x): x is number => num(x) !== undefined));
}

/** Listed flows with a size (they finish), keyed by id. */
function finiteFlows(s: Summary) {
  return s.flows.filter((f) => num(f.size_bytes) !== undefined);
}

/** When the last finite flow finished (start + FCT, s); undefined if one did not finish. */
export function lastFinish(s: Summary): number | undefined {
  const flows = finiteFlows(s);
  if (flows.length === 0) return undefined;
  let last = 0;
  for (const f of flows) {
    const fct = num(f.fct_s);
    if (fct === undefined) return undefined;
    last = Math.max(last, f.start_s + fct);
  }
  return last;
}

/** Per-flow rows are listed only for a handful of flows (many-flow runs use the aggregates). */
export const PER_FLOW_MAX = 6;

/** The metrics worth comparing for these summaries (the union of what any of them reports). */
export function metricsFor(summaries: readonly Summary[]): MetricDef[] {
  const out: MetricDef[] = [];
  // Only where it scores the experiment: FSFS runs' index is over the background flows.
  if (summaries.some(jainScoresRun)) out.push({ id: 'jain', label: i18n._({ id: 'compare.metric.jain', message: "Jain's index" }), unit: '', digits: 3, better: 1, value: (s) => num(s.jain) });
  out.push({ id: 'mean_mbps', label: i18n._({ id: 'compare.metric.mean-mbps', message: 'Mean throughput per flow' }), unit: 'Mbit/s', digits: 2, better: 1, value: meanThroughput });
  // Each flow's goodput, when the runs list only a few flows (matched by id across columns).
  const ids = [...new Set(summaries.flatMap((s) => s.flows.map((f) => f.id)))];
  if (ids.length > 1 && ids.length <= PER_FLOW_MAX && summaries.every((s) => !s.flows_unlisted)) {
    for (const id of ids) {
      out.push({ id: `goodput:${id}`, label: i18n._({ id: 'compare.metric.goodput-of', message: 'Goodput of {id}', values: { id } }), unit: 'Mbit/s', digits: 2, better: 0, value: (s) => num(s.flows.find((f) => f.id === id)?.goodput_mbps) });
    }
  }
  // FCT per size class (MPTCP runs), mean and p99, in ms.
  const classes = sortClasses(summaries.flatMap((s) => Object.keys(s.fct_by_class ?? {})));
  if (classes.length > 0) {
    // FCT statistics cover completed flows only: how many completed and how many did not
    // tells whether a lower FCT came from finishing the hard flows or from leaving them out.
    out.push({ id: 'completed:all', label: i18n._({ id: 'compare.metric.completed', message: 'Flows completed (all classes)' }), unit: '', digits: 0, better: 1, value: (s) => num(s.fct_by_class?.all?.count) });
    out.push({ id: 'unfinished:all', label: i18n._({ id: 'compare.metric.unfinished', message: 'Flows unfinished (all classes)' }), unit: '', digits: 0, better: -1, value: (s) => num(s.fct_by_class?.all?.unfinished) });
  }
  for (const c of classes) {
    out.push({ id: `fct_mean:${c}`, label: i18n._({ id: 'compare.metric.fct-mean', message: 'FCT {c}, mean', values: { c } }), unit: 'ms', digits: 1, better: -1, value: (s) => ms(s.fct_by_class?.[c]?.mean_s) });
    out.push({ id: `fct_p99:${c}`, label: i18n._({ id: 'compare.metric.fct-p99', message: 'FCT {c}, p99', values: { c } }), unit: 'ms', digits: 1, better: -1, value: (s) => ms(s.fct_by_class?.[c]?.p99_s) });
  }
  // Message latency per QUIC stream (streams without messages have no latency).
  const streams = new Map<string, { flow: string; name: string }>();
  for (const s of summaries) for (const st of s.streams ?? []) if (st.latency_ms) streams.set(`${st.flow}:${st.name}`, { flow: st.flow, name: st.name });
  for (const [key, { flow, name }] of streams) {
    const lat = (s: Summary) => s.streams?.find((x) => x.flow === flow && x.name === name)?.latency_ms;
    out.push({ id: `latency_mean:${key}`, label: i18n._({ id: 'compare.metric.latency-mean', message: 'Latency of {key}, mean', values: { key } }), unit: 'ms', digits: 1, better: -1, value: (s) => num(lat(s)?.mean) });
    out.push({ id: `latency_p95:${key}`, label: i18n._({ id: 'compare.metric.latency-p95', message: 'Latency of {key}, p95', values: { key } }), unit: 'ms', digits: 1, better: -1, value: (s) => num(lat(s)?.p95) });
  }
  // Finite flows: each one's FCT when there are few, and when the last of them finished.
  const finite = [...new Set(summaries.flatMap((s) => finiteFlows(s).map((f) => f.id)))];
  if (finite.length > 0 && finite.length <= PER_FLOW_MAX) {
    for (const id of finite) {
      out.push({ id: `fct:${id}`, label: i18n._({ id: 'compare.metric.fct-of', message: 'FCT of {id}', values: { id } }), unit: 'ms', digits: 1, better: -1, value: (s) => ms(s.flows.find((f) => f.id === id)?.fct_s) });
    }
  }
  if (finite.length > 0) {
    out.push({ id: 'finish', label: i18n._({ id: 'compare.metric.finish', message: 'Last finite flow done at' }), unit: 's', digits: 3, better: -1, value: lastFinish });
  }
  return out;
}

function ms(seconds: number | null | undefined): number | undefined {
  const s = num(seconds);
  return s === undefined ? undefined : s * 1000;
}

/**
 * Differences smaller than this share of the baseline get no verdict ("same"): a −0.1 % change
 * in Jain's index or a mean FCT is run-to-run noise of one seed, not a worse scheme, and
 * flagging it ▼ taught a class the wrong thing. The delta itself is still shown.
 */
export const SAME_TOLERANCE = 0.01;

/** One column's value against the baseline under the metric's direction. */
export function deltaCell(value: number | undefined, baseline: number | undefined, better: Direction): DeltaCell {
  if (value === undefined || baseline === undefined) return { value, delta: null, relative: null, verdict: 'missing' };
  const delta = value - baseline;
  const relative = baseline !== 0 ? delta / Math.abs(baseline) : null;
  // Equal up to float noise: a zero delta.
  const equal = Math.abs(delta) <= 1e-9 * Math.max(Math.abs(value), Math.abs(baseline), 1e-12);
  // Within the tolerance of the baseline: shown, but no verdict either way.
  const close = equal || (relative !== null && Math.abs(relative) < SAME_TOLERANCE);
  const verdict: Verdict = better === 0 ? 'neutral' : close ? 'same' : Math.sign(delta) === better ? 'better' : 'worse';
  return { value, delta: equal ? 0 : delta, relative: equal ? 0 : relative, verdict };
}

/** The difference table: every metric, column A's value, and each later column against it. */
export function diffRows(summaries: readonly Summary[]): DiffRow[] {
  const [base, ...rest] = summaries;
  if (!base) return [];
  return metricsFor(summaries)
    .map((metric) => {
      const baseline = metric.value(base);
      return { metric, baseline, cells: rest.map((s) => deltaCell(metric.value(s), baseline, metric.better)) };
    })
    .filter((r) => r.baseline !== undefined || r.cells.some((c) => c.value !== undefined));
}

const MINUS = '−';

/** A value with its unit: "0.913", "12.4 ms", "–" when missing. */
export function formatValue(x: number | undefined | null, unit: string, digits: number): string {
  if (x === undefined || x === null || !Number.isFinite(x)) return '–';
  const s = Math.abs(x).toFixed(digits);
  const signed = x < 0 && Number(s) !== 0 ? `${MINUS}${s}` : s;
  return unit ? `${signed} ${unit}` : signed;
}

/** A signed difference with its unit: "+0.012", "−3.4 ms", "±0 ms", "–" when missing. */
export function formatDelta(d: number | null, unit: string, digits: number): string {
  if (d === null || !Number.isFinite(d)) return '–';
  let s = Math.abs(d).toFixed(digits);
  // A real difference smaller than the shown precision keeps two significant digits, so the
  // sign and colour never sit next to "0.00".
  if (Number(s) === 0 && d !== 0) s = Math.abs(d).toPrecision(2);
  const sign = Number(s) === 0 ? '±' : d > 0 ? '+' : MINUS;
  return unit ? `${sign}${s} ${unit}` : `${sign}${s}`;
}

/** A relative difference: "+12 %", "−0.5 %"; '' when there is none (missing or zero baseline). */
export function formatRelative(r: number | null): string {
  if (r === null || !Number.isFinite(r)) return '';
  const pct = r * 100;
  const s = Math.abs(pct).toFixed(Math.abs(pct) < 10 ? 1 : 0);
  const sign = Number(s) === 0 ? '±' : pct > 0 ? '+' : MINUS;
  return `${sign}${s} %`;
}
