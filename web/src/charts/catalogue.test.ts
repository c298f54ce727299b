import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHARTS, COMPARE_CHARTS, LAB_CHARTS, chartTitle, isChartKind } from './catalogue';

// The generated scenario schema and preset index (web/src/generated, from the engine's types):
// what tours may name and what the shipped tours do name.
const schema = JSON.parse(readFileSync('web/src/generated/scenario.schema.json', 'utf8')) as { $defs: Record<string, { oneOf?: { const: string }[] }> };
const presets = JSON.parse(readFileSync('web/src/generated/presets-index.json', 'utf8')) as { file: string; tour?: { chart: string; at_s: number }[] }[];
const metrics = readFileSync('web/src/generated/SeriesMetric.ts', 'utf8');

describe('the chart catalogue', () => {
  it('describes every chart kind the engine lets a tour name, and no other', () => {
    const kinds = (schema.$defs.ChartKind?.oneOf ?? []).map((v) => v.const);
    expect(kinds.length).toBeGreaterThan(10);
    expect(Object.keys(CHARTS).sort()).toEqual([...kinds].sort());
  });

  it('has a chart for every stop of every shipped tour', () => {
    const stops = presets.flatMap((p) => (p.tour ?? []).map((s) => ({ where: `${p.file} at ${s.at_s} s`, chart: s.chart })));
    expect(stops.length).toBeGreaterThan(5);
    for (const s of stops) expect(isChartKind(s.chart), `${s.where}: chart '${s.chart}'`).toBe(true);
    expect(isChartKind('fairness')).toBe(false);
    expect(isChartKind('toString')).toBe(false);
  });

  it('names only metrics the engine records', () => {
    for (const [kind, spec] of Object.entries(CHARTS)) {
      for (const m of [...spec.metrics, ...(spec.companion ? [spec.companion] : [])]) expect(metrics, `${kind}: ${m}`).toContain(`"${m}"`);
    }
  });

  it('places the lab and compare charts once each, all of them kinds it describes', () => {
    expect(new Set(LAB_CHARTS).size).toBe(LAB_CHARTS.length);
    expect(COMPARE_CHARTS.every((k) => LAB_CHARTS.includes(k))).toBe(true);
    // Compare's columns read against one scale: every compared chart has a shared or fixed top.
    expect(COMPARE_CHARTS.map((k) => CHARTS[k].yAxis.kind)).not.toContain('fit');
    expect(CHARTS.jain.yAxis).toEqual({ kind: 'fixed', top: 1 });
  });

  it('words titles for what is drawn', () => {
    const c = { lines: 1, smoothingS: 0.3, owner: null };
    expect(chartTitle(CHARTS.queue, c)).toBe('Bottleneck queue');
    expect(chartTitle(CHARTS.queue, { ...c, lines: 3 })).toBe('Queue per reported link');
    expect(chartTitle(CHARTS.throughput, c)).toBe('Throughput per flow (goodput, 300 ms average)');
    expect(chartTitle(CHARTS.throughput, { ...c, smoothingS: 2 })).toBe('Throughput per flow (goodput, 2.0 s average)');
    expect(chartTitle(CHARTS['subflow-cwnd'], { ...c, owner: 'm.1' })).toBe('Congestion window per subflow (m.1)');
  });
});
