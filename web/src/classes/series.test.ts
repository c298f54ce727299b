import { describe, expect, it } from 'vitest';
import type { FlowGroup, SeriesMeta } from '../types';
import { SeriesStore } from '../sim/seriesStore';
import { AGGREGATE_ABOVE_FLOWS, TickEncoder } from '../worker/aggregate';
import { CHARTS } from '../charts/catalogue';
import { jainChartMeaningful } from '../charts/relevance';
import { chartSeries, PLAIN_LINES } from '../components/Charts';
import { classLinesFor, hasClassSeries, seriesClasses } from './series';

const meta = (scope: SeriesMeta['scope'], owner: string, metric: SeriesMeta['metric']): SeriesMeta => ({ key: `${scope}/${owner}/${metric}`, scope, owner, metric, label: metric, unit: '' });
const CLASS_METRICS: SeriesMeta['metric'][] = ['active', 'goodput', 'inflight', 'srtt'];

/**
 * An FSFS run as the worker sees it: `bulk` background flows and `listed` G0 flows (the first
 * arrivals, in the warm-up) with per-flow series, and the engine's class series of G0 and G3.
 */
function fsfsRun(bulk: number, listed: number) {
  const metas: SeriesMeta[] = [meta('link', 'path1', 'queue')];
  const groups: FlowGroup[] = [];
  const flow = (owner: string, cls: string) => {
    for (const m of ['cwnd', 'srtt', 'goodput'] as const) metas.push(meta('flow', owner, m));
    groups.push({ owner, flow: owner, kind: cls === 'bulk' ? 'tcp' : 'mptcp', cc: 'reno', class: cls, subflow_path: null });
  };
  for (let k = 0; k < bulk; k++) flow(`bg1.${k}`, 'bulk');
  for (let k = 0; k < listed; k++) flow(`m.${k}`, 'G0');
  for (const c of ['G0', 'G3']) for (const m of CLASS_METRICS) metas.push(meta('class', c, m));
  return { metas, groups };
}

describe('per-size-class series (issue 30 item 7)', () => {
  it('the per-size-class view draws the engine class series instead of the listed warm-up flows of that class', () => {
    const r = fsfsRun(AGGREGATE_ABOVE_FLOWS, 20);
    const enc = new TickEncoder(15);
    enc.setSource(r.metas, r.groups, null);
    expect(enc.aggregate).toBe(true);
    const drawn = enc.drawnMeta;
    // The background flows stay one aggregate; the 20 listed G0 flows are not a line of their own.
    expect([...new Set(drawn.filter((m) => m.scope === 'flow').map((m) => m.owner))]).toEqual([`bulk (${AGGREGATE_ABOVE_FLOWS})`]);
    expect(drawn.filter((m) => m.scope === 'class').map((m) => m.key)).toEqual(r.metas.filter((m) => m.scope === 'class').map((m) => m.key));
    // Other views keep grouping the listed flows (by path, algorithm, top N).
    enc.setView({ mode: 'algorithm', picked: [] });
    expect(enc.drawnMeta.some((m) => m.scope === 'flow' && m.owner === 'reno (32)')).toBe(true);
  });

  it('a run without class series keeps its per-class flow aggregates', () => {
    const r = fsfsRun(AGGREGATE_ABOVE_FLOWS, 20);
    const plain = r.metas.filter((m) => m.scope !== 'class');
    const enc = new TickEncoder(15);
    enc.setSource(plain, r.groups, null);
    expect(new Set(enc.drawnMeta.filter((m) => m.scope === 'flow').map((m) => m.owner))).toEqual(new Set(['bulk (12)', 'G0 (20)']));
    expect(hasClassSeries(plain)).toBe(false);
  });

  it('the throughput and RTT charts take one class line per class, each naming the flows it covers', () => {
    const r = fsfsRun(2, 0);
    const store = new SeriesStore();
    store.reset(r.metas);
    expect(seriesClasses(store.meta)).toEqual(['G0', 'G3']);
    const goodput = classLinesFor(store, CHARTS.throughput.metrics, 3);
    expect(goodput.map((l) => l.key)).toEqual(['class/G0/goodput', 'class/G3/goodput']);
    expect(goodput[0]!.label).toBe('G0: every flow that started after the 3 s warm-up (summed)');
    const rtt = classLinesFor(store, CHARTS.rtt.metrics, null);
    expect(rtt[1]!.label).toBe('G3: every flow that started after the warm-up (sRTT weighted by packets in flight)');
    // cwnd has no class series (a class has no one window).
    expect(classLinesFor(store, CHARTS.cwnd.metrics, 3)).toEqual([]);
    // Through the chart's own path: flow lines, then the class lines; only when asked.
    const ctx = { ...PLAIN_LINES, color: () => '#000' };
    const lines = chartSeries(CHARTS.rtt, store, { ...ctx, classes: { warmupS: 3 } });
    expect(lines.map((l) => l.key)).toEqual(['flow/bg1.0/srtt', 'flow/bg1.1/srtt', 'class/G0/srtt', 'class/G3/srtt']);
    expect(chartSeries(CHARTS.rtt, store, ctx).map((l) => l.key)).toEqual(['flow/bg1.0/srtt', 'flow/bg1.1/srtt']);
    // The chart of flows running per class.
    expect(chartSeries(CHARTS['class-active'], store, ctx).map((l) => l.label)).toEqual([
      'G0: flows running, of those that started after the warm-up',
      'G3: flows running, of those that started after the warm-up',
    ]);
  });

  it("an FSFS run's Jain-over-time chart is not drawn, and says why", () => {
    expect(jainChartMeaningful(50, true)).toBe(false);
    expect(jainChartMeaningful(50, false)).toBe(true);
    const spec = CHARTS.jain;
    expect(spec.meaningful!({ flows: 50, classed: true })).toBe(false);
    expect(spec.hiddenNote!({ flows: 50, classed: true })).toContain('it would score only the background flows');
    // One flow: not drawn, nothing to explain.
    expect(spec.meaningful!({ flows: 1, classed: false })).toBe(false);
    expect(spec.hiddenNote!({ flows: 1, classed: false })).toBeUndefined();
  });
});
