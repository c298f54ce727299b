import { describe, expect, it } from 'vitest';
import { bursts, flowCapacityMbps } from './bursts';

const pts = (vs: number[]) => vs.map((v, i) => ({ t: i * 0.1, v }));

describe('goodput bursts above the bottleneck rate (issue 30, item 10)', () => {
  it('finds every run of points above the capacity, with its peak', () => {
    const b = bursts(pts([10, 20, 35, 60, 22, 19, 50, 48, 10]), 20);
    expect(b).toHaveLength(2);
    expect(b[0]).toMatchObject({ points: 3, peakV: 60 });
    expect(b[0]!.t0).toBeCloseTo(0.2);
    expect(b[0]!.t1).toBeCloseTo(0.4);
    expect(b[1]).toMatchObject({ points: 2, peakV: 50 });
    // Every point above the rate lies in a burst.
    const above = pts([10, 20, 35, 60, 22, 19, 50, 48, 10]).filter((p) => p.v > 20.02).length;
    expect(b.reduce((n, x) => n + x.points, 0)).toBe(above);
  });

  it('does not call the link rate itself, or rounding just above it, a burst', () => {
    expect(bursts(pts([20, 20.01, 19.9]), 20)).toEqual([]);
    expect(bursts(pts([NaN, 5]), 20)).toEqual([]);
  });

  it("a flow's capacity is its slowest link; an MPTCP connection's the sum over its paths", () => {
    const links = [
      { id: 'access', rate_mbps: 1000 },
      { id: 'bottleneck', rate_mbps: 50 },
      { id: 'p1', rate_mbps: 10 },
      { id: 'p2', rate_mbps: 30 },
    ];
    expect(flowCapacityMbps({ path: ['access', 'bottleneck'] }, links)).toBe(50);
    expect(flowCapacityMbps({ path: ['p1', 'p2'], subflow_paths: [['p1'], ['p2']] }, links)).toBe(40);
    expect(flowCapacityMbps({ path: ['nowhere'] }, links)).toBeUndefined();
  });
});
