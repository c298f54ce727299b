import { describe, expect, it } from 'vitest';
import type { FlowSummary, StreamSummary, Summary } from '../types';
import { deltaCell, diffRows, formatDelta, formatRelative, formatValue, lastFinish, meanThroughput, metricsFor, SAME_TOLERANCE } from './diff';

const flow = (id: string, goodput: number, extra: Partial<FlowSummary> = {}): FlowSummary => ({
  id,
  kind: 'tcp',
  cc: 'cubic',
  start_s: 0,
  goodput_mbps: goodput,
  sent_packets: 0,
  retransmitted_packets: 0,
  received_packets: 0,
  duplicate_packets: 0,
  dropped_packets: 0,
  bytes_delivered: 0,
  ...extra,
});

const summary = (extra: Partial<Summary> = {}): Summary => ({
  engine_version: 't',
  scenario: 's',
  seed: 1,
  duration_s: 10,
  warmup_s: 0,
  events: 0,
  wall_s: 0,
  flows: [flow('a', 60), flow('b', 30)],
  links: [],
  jain: 0.9,
  digest: '',
  ...extra,
});

const stream = (name: string, mean: number, p95: number): StreamSummary => ({
  flow: 'q',
  stream: 0,
  name,
  weight: 1,
  priority: 0,
  urgency: 3,
  messages: 10,
  delivered: 10,
  incomplete: 0,
  latency_ms: { mean, p50: mean, p95, max: p95 },
  latencies_ms: [],
  bytes_delivered: 100,
});

const row = (rows: ReturnType<typeof diffRows>, id: string) => rows.find((r) => r.metric.id === id);

describe('deltaCell', () => {
  it('signs the difference and judges it by the metric direction', () => {
    expect(deltaCell(0.95, 0.9, 1)).toMatchObject({ verdict: 'better' });
    expect(deltaCell(0.95, 0.9, 1).delta).toBeCloseTo(0.05, 12);
    expect(deltaCell(0.8, 0.9, 1).verdict).toBe('worse');
    // Lower is better for latency and FCT.
    expect(deltaCell(80, 130, -1)).toMatchObject({ delta: -50, verdict: 'better' });
    expect(deltaCell(150, 130, -1).verdict).toBe('worse');
    // No direction: a number but no verdict.
    expect(deltaCell(20, 30, 0)).toMatchObject({ delta: -10, verdict: 'neutral' });
  });

  it('gives a difference under the stated tolerance no verdict, but still shows it', () => {
    // Issue 16: a −0.1 % difference was flagged "worse".
    const c = deltaCell(0.999, 1, 1);
    expect(c.verdict).toBe('same');
    expect(c.delta).toBeCloseTo(-0.001, 12);
    expect(c.relative).toBeCloseTo(-0.001, 12);
    expect(deltaCell(101 - 2 * SAME_TOLERANCE * 100, 101, -1).verdict).toBe('better');
    expect(deltaCell(100 * (1 + SAME_TOLERANCE / 2), 100, -1).verdict).toBe('same');
  });

  it('calls equal values the same, up to float noise', () => {
    expect(deltaCell(0.3, 0.1 + 0.2, 1)).toMatchObject({ delta: 0, relative: 0, verdict: 'same' });
  });

  it('gives a relative change against |baseline|, none for a zero baseline', () => {
    expect(deltaCell(15, 10, 1).relative).toBeCloseTo(0.5, 12);
    expect(deltaCell(-15, -10, 1).relative).toBeCloseTo(-0.5, 12);
    expect(deltaCell(5, 0, 1)).toMatchObject({ delta: 5, relative: null, verdict: 'better' });
  });

  it('marks a missing side as missing, without a delta', () => {
    expect(deltaCell(undefined, 3, 1)).toEqual({ value: undefined, delta: null, relative: null, verdict: 'missing' });
    expect(deltaCell(3, undefined, -1)).toEqual({ value: 3, delta: null, relative: null, verdict: 'missing' });
  });
});

describe('diffRows', () => {
  it('compares every later column with A', () => {
    const rows = diffRows([summary(), summary({ jain: 0.99, flows: [flow('a', 46), flow('b', 44)] }), summary({ jain: 0.5 })]);
    const jain = row(rows, 'jain')!;
    expect(jain.baseline).toBe(0.9);
    expect(jain.cells.map((c) => c.verdict)).toEqual(['better', 'worse']);
    expect(jain.cells[0]!.delta).toBeCloseTo(0.09, 12);
    const mean = row(rows, 'mean_mbps')!;
    expect(mean.baseline).toBe(45);
    expect(mean.cells[0]).toMatchObject({ value: 45, delta: 0, verdict: 'same' });
    // Per-flow goodput: a number, no verdict.
    expect(row(rows, 'goodput:a')!.cells[0]).toMatchObject({ delta: -14, verdict: 'neutral' });
  });

  it('returns nothing without a baseline', () => {
    expect(diffRows([])).toEqual([]);
  });

  it('leaves out metrics no column has (no Jain for a single flow, no streams on TCP)', () => {
    const rows = diffRows([summary({ jain: null, flows: [flow('a', 10)] }), summary({ jain: null, flows: [flow('a', 12)] })]);
    expect(rows.map((r) => r.metric.id)).toEqual(['mean_mbps']);
  });

  it('keeps a metric only one column reports, as missing in the other', () => {
    const rows = diffRows([summary({ jain: null }), summary({ jain: 0.7 })]);
    expect(row(rows, 'jain')).toMatchObject({ baseline: undefined, cells: [{ value: 0.7, delta: null, verdict: 'missing' }] });
  });

  it("does not score flow-scheduler runs by the background flows' Jain index (issue 30, item 11)", () => {
    const classes = (count: number) => ({ fct_by_class: { all: { count, unfinished: 0, mean_s: 0.2 }, G0: { count, unfinished: 0, mean_s: 0.2 } } });
    const rows = diffRows([summary({ jain: 0.81, ...classes(5960) }), summary({ jain: 0.6, ...classes(5900) })]);
    expect(row(rows, 'jain')).toBeUndefined();
    expect(row(rows, 'fct_mean:G0')).toBeDefined();
  });

  it('compares FCT per size class (mean and p99, in ms), lower is better', () => {
    const a = summary({ fct_by_class: { all: { count: 3, unfinished: 0, mean_s: 0.2, p99_s: 0.5 }, G0: { count: 2, unfinished: 0, mean_s: 0.1, p99_s: 0.12 } } });
    const b = summary({ fct_by_class: { all: { count: 3, unfinished: 0, mean_s: 0.25, p99_s: 0.4 }, G0: { count: 2, unfinished: 1 } } });
    const rows = diffRows([a, b]);
    // Classes in display order, "all" last.
    expect(rows.filter((r) => r.metric.id.startsWith('fct_')).map((r) => r.metric.id)).toEqual(['fct_mean:G0', 'fct_p99:G0', 'fct_mean:all', 'fct_p99:all']);
    expect(row(rows, 'fct_mean:all')!.cells[0]!.delta).toBeCloseTo(50, 9);
    expect(row(rows, 'completed:all')).toMatchObject({ baseline: 3, cells: [{ delta: 0, verdict: 'same' }] });
    expect(row(rows, 'fct_mean:all')!.cells[0]!.verdict).toBe('worse');
    expect(row(rows, 'fct_p99:all')!.cells[0]!.verdict).toBe('better');
    // B's G0 has no completed flow: missing, not zero.
    expect(row(rows, 'fct_mean:G0')!.cells[0]!.verdict).toBe('missing');
  });

  it('compares message latency per QUIC stream; streams without messages are left out', () => {
    const bulk: StreamSummary = { ...stream('bulk', 0, 0), latency_ms: undefined };
    const rows = diffRows([summary({ streams: [stream('control', 130, 190), bulk] }), summary({ streams: [stream('control', 80, 110), bulk] })]);
    expect(row(rows, 'latency_mean:q:control')!.cells[0]).toMatchObject({ delta: -50, verdict: 'better' });
    expect(row(rows, 'latency_p95:q:control')!.cells[0]).toMatchObject({ delta: -80, verdict: 'better' });
    expect(rows.some((r) => r.metric.id.includes('bulk'))).toBe(false);
  });

  it('compares finite flows: each FCT and when the last one finished', () => {
    const a = summary({ flows: [flow('x', 5, { size_bytes: 1e6, fct_s: 1.5, start_s: 1 }), flow('y', 5, { size_bytes: 1e6, fct_s: 2, start_s: 0 })] });
    const b = summary({ flows: [flow('x', 5, { size_bytes: 1e6, fct_s: 1, start_s: 1 }), flow('y', 5, { size_bytes: 1e6, start_s: 0 })] }); // y did not finish: no fct_s
    const rows = diffRows([a, b]);
    expect(row(rows, 'fct:x')!.cells[0]).toMatchObject({ delta: -500, verdict: 'better' });
    expect(row(rows, 'fct:y')!.cells[0]!.verdict).toBe('missing');
    expect(row(rows, 'finish')).toMatchObject({ baseline: 2.5, cells: [{ value: undefined, verdict: 'missing' }] });
  });
});

describe('aggregates', () => {
  it('mean throughput prefers the engine aggregate, else the listed flows', () => {
    expect(meanThroughput(summary())).toBe(45);
    expect(meanThroughput(summary({ mean_flow_mbps: 7 }))).toBe(7);
    expect(meanThroughput(summary({ flows: [] }))).toBeUndefined();
  });

  it('last finish is undefined without finite flows or with an unfinished one', () => {
    expect(lastFinish(summary())).toBeUndefined();
    expect(lastFinish(summary({ flows: [flow('x', 1, { size_bytes: 10, fct_s: 0.5, start_s: 2 })] }))).toBe(2.5);
  });

  it('lists per-flow rows only for a handful of flows', () => {
    const many = summary({ flows: Array.from({ length: 10 }, (_, i) => flow(`f${i}`, 1)) });
    expect(metricsFor([many]).some((m) => m.id.startsWith('goodput:'))).toBe(false);
    expect(metricsFor([summary({ flows_unlisted: 3 })]).some((m) => m.id.startsWith('goodput:'))).toBe(false);
  });
});

describe('formatting', () => {
  it('shows sign and unit', () => {
    expect(formatDelta(0.0123, '', 3)).toBe('+0.012');
    expect(formatDelta(-3.44, 'ms', 1)).toBe('−3.4 ms');
    expect(formatDelta(0, 'ms', 1)).toBe('±0.0 ms');
    // Below the shown precision: two significant digits rather than a signed zero.
    expect(formatDelta(-0.0012, 'Mbit/s', 2)).toBe('−0.0012 Mbit/s');
    expect(formatDelta(null, 'ms', 1)).toBe('–');
  });

  it('shows relative changes and values', () => {
    expect(formatRelative(0.123)).toBe('+12 %');
    expect(formatRelative(-0.005)).toBe('−0.5 %');
    expect(formatRelative(null)).toBe('');
    expect(formatValue(-2.5, 'ms', 1)).toBe('−2.5 ms');
    expect(formatValue(0.9, '', 3)).toBe('0.900');
    expect(formatValue(undefined, '', 3)).toBe('–');
  });
});
