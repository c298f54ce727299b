import { describe, expect, it } from 'vitest';
import { aggregate } from './aggregate';
import { type SweepExport, sweepCsv, sweepJson } from './export';

const runs = [
  { value: 1, algorithm: 'bbr', seed: 1, metric: 0.6 },
  { value: 1, algorithm: 'bbr', seed: 2, metric: 0.8 },
  { value: 4, algorithm: 'bbr', seed: 1, metric: 0.5 },
  { value: 4, algorithm: 'bbr', seed: 2, metric: null },
];
const e: SweepExport = {
  scenario: 'my-fairness, edited',
  variant: 'quick',
  settings: { rtt_ms: 50, cc: 'bbr' },
  knob: 'buffer_bdp',
  metric: 'jain',
  runs,
  lines: aggregate(runs.map((r) => ({ value: r.value, algorithm: r.algorithm, metric: r.metric }))),
};

describe('sweep export', () => {
  it('writes every run with its seed, the knob settings, the metric and its point’s CI', () => {
    const rows = sweepCsv(e).trim().split('\r\n');
    expect(rows[0]).toBe('scenario,variant,settings,knob,value,algorithm,seed,metric,metric_value,mean,ci95,n');
    expect(rows).toHaveLength(5);
    const first = rows[1]!.split(',');
    expect(rows[1]!.startsWith('"my-fairness, edited",quick,rtt_ms=50; cc=bbr,buffer_bdp,1,bbr,1,jain,0.6,0.7')).toBe(true);
    // Two seeds 0.6 and 0.8: sd 0.1414, CI half-width t(1) × sd / √2 = 12.706 × 0.1.
    expect(Number(first[11])).toBeCloseTo(1.2706, 3); // the quoted name holds a comma: one more piece
    // A run without a value keeps its row, with an empty metric.
    expect(rows[4]).toContain(',4,bbr,2,jain,,0.5,0,1');
  });

  it('writes the same as JSON, with the aggregated points', () => {
    const j = JSON.parse(sweepJson(e));
    expect(j.scenario).toBe('my-fairness, edited');
    expect(j.settings).toEqual({ rtt_ms: 50, cc: 'bbr' });
    expect(j.runs).toHaveLength(4);
    expect(j.points[0]).toMatchObject({ algorithm: 'bbr', value: 1, mean: 0.7, n: 2 });
    expect(j.points[0].ci95).toBeCloseTo(1.2706, 3);
  });
});
