import { describe, expect, it } from 'vitest';
import type { FlowSummary } from '../types';
import { boxStats, ecdf, fctSample, fctsByClass, nearestRank, sortClasses } from './stats';

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

describe('nearest-rank percentiles (the engine definition)', () => {
  it('picks the smallest value with at least p % at or below it', () => {
    const v = range(1, 100);
    expect(nearestRank(v, 50)).toBe(50);
    expect(nearestRank(v, 95)).toBe(95);
    expect(nearestRank(v, 99)).toBe(99);
    expect(nearestRank([1, 2, 3, 4], 50)).toBe(2); // not 2.5: no interpolation
    expect(nearestRank([7], 5)).toBe(7);
    expect(nearestRank([], 50)).toBeUndefined();
  });
});

describe('box statistics', () => {
  it('has whiskers p5–p95 and box p25–p75 of the values', () => {
    const b = boxStats(range(1, 20))!;
    expect(b).toMatchObject({ n: 20, min: 1, p5: 1, p25: 5, p50: 10, p75: 15, p95: 19, max: 20, mean: 10.5 });
  });
  it('takes the engine exact percentiles when the list was thinned', () => {
    const thinned = [1, 10, 20, 30, 40];
    const exact = { mean: 21, p50: 19.5, p95: 39, max: 41 };
    expect(boxStats(thinned, exact, 5)!.p50).toBe(20); // not thinned: computed
    const b = boxStats(thinned, exact, 5000)!;
    expect(b).toMatchObject({ n: 5000, p50: 19.5, p95: 39, max: 41, mean: 21, p25: 10 });
  });
  it('is null for no values', () => {
    expect(boxStats([])).toBeNull();
  });
});

describe('empirical CDF', () => {
  it('rises to 1 in steps at each distinct value, ties as one step', () => {
    expect(ecdf([3, 1, 2, 2])).toEqual([
      { x: 1, y: 0.25 },
      { x: 2, y: 0.75 },
      { x: 3, y: 1 },
    ]);
    expect(ecdf([NaN, 5])).toEqual([{ x: 5, y: 1 }]);
    expect(ecdf([])).toEqual([]);
  });
});

describe('FCTs by size class', () => {
  const flow = (over: Partial<FlowSummary>): FlowSummary => ({
    id: 'x',
    kind: 'mptcp',
    cc: 'lia',
    start_s: 5,
    size_bytes: 1000,
    goodput_mbps: 1,
    sent_packets: 1,
    retransmitted_packets: 0,
    received_packets: 0,
    duplicate_packets: 0,
    dropped_packets: 0,
    bytes_delivered: 0,
    ...over,
  });
  it('groups completed MPTCP flows started after the warm-up, classes in G0…G3 order', () => {
    const m = fctsByClass(
      [
        flow({ size_class: 'G3', fct_s: 4 }),
        flow({ size_class: 'G0', fct_s: 0.3 }),
        flow({ size_class: 'G0', fct_s: 0.1 }),
        flow({ size_class: 'G0' }), // incomplete: no fct_s
        flow({ size_class: 'G1', fct_s: 1, start_s: 0.5 }), // in the warm-up
        flow({ kind: 'tcp', fct_s: 2 }),
      ],
      1,
    );
    expect([...m.entries()]).toEqual([
      ['G0', [0.1, 0.3]],
      ['G3', [4]],
    ]);
  });
  it("draws the CDF over the flows the headline counts: the summary's fct_samples, not the listed warm-up flows (issue 30, item 7)", () => {
    const early = [flow({ size_class: 'G0', fct_s: 0.2, start_s: 0.1 }), flow({ size_class: 'G1', fct_s: 0.5, start_s: 0.2 })];
    const byClass = { G0: { count: 900, unfinished: 3 }, G1: { count: 2, unfinished: 0 }, all: { count: 902, unfinished: 3 } };
    const sample = fctSample({ flows: early, warmup_s: 1, fct_by_class: byClass, fct_samples: { G0: [0.05, 0.07, 0.3], G1: [0.4, 0.6], all: [0.05, 0.07, 0.3, 0.4, 0.6] } });
    expect([...sample.fcts.keys()]).toEqual(['G0', 'G1']);
    expect(sample.fcts.get('G0')).toEqual([0.05, 0.07, 0.3]);
    expect(sample.counts.get('G0')).toBe(900);
    expect(sample.n).toBe(902);
    expect(sample.thinned).toBe(true);
    // Without fct_samples: the listed flows after the warm-up only, never the warm-up's.
    expect(fctSample({ flows: early, warmup_s: 1 })).toEqual({ fcts: new Map(), counts: new Map(), n: 0, thinned: false });
    const later = [...early, flow({ size_class: 'G0', fct_s: 0.3, start_s: 2 })];
    expect(fctSample({ flows: later, warmup_s: 1 }).fcts).toEqual(new Map([['G0', [0.3]]]));
  });
  it('orders unknown class names after the known ones', () => {
    expect(sortClasses(['all', 'G2', 'G0', 'G2'])).toEqual(['G0', 'G2', 'all']);
  });
});
