import { describe, expect, it } from 'vitest';
import { fctDistributionMeaningful, jainChartMeaningful, jainScoresRun } from './relevance';

const cls = (count: number, unfinished = 0) => ({ count, unfinished });

describe('which charts and scores mean something (issue 30, item 11)', () => {
  it('Jain over time needs two flows', () => {
    expect(jainChartMeaningful(1)).toBe(false);
    expect(jainChartMeaningful(2)).toBe(true);
  });

  it('no FCT distribution for one file (ECF-3) or none', () => {
    expect(fctDistributionMeaningful({ flows: [{}], fct_by_class: { G3: cls(1), all: cls(1) } })).toBe(false);
    expect(fctDistributionMeaningful({ flows: [], fct_by_class: { all: cls(0) } })).toBe(false);
    expect(fctDistributionMeaningful({ flows: [], fct_by_class: { G0: cls(1, 1), all: cls(1, 1) } })).toBe(true);
    expect(fctDistributionMeaningful({ flows: [] })).toBe(false);
  });

  it("the background flows' Jain index does not score a flow-scheduler run", () => {
    const fsfs = { jain: 0.81, flows: [{}, {}, { size_bytes: 4000 }], fct_by_class: { G0: cls(5906, 57), all: cls(5960, 59) } };
    expect(jainScoresRun(fsfs)).toBe(false);
    // Two long flows sharing a bottleneck (mptcp-shared-bottleneck: none classed after the warm-up).
    expect(jainScoresRun({ jain: 0.98, flows: [{}, {}], fct_by_class: { all: cls(0) } })).toBe(true);
    expect(jainScoresRun({ jain: 0.9, flows: [{}, {}] })).toBe(true);
    expect(jainScoresRun({ jain: 1, flows: [{}] })).toBe(false);
    expect(jainScoresRun({ jain: null, flows: [{}, {}] })).toBe(false);
  });
});
