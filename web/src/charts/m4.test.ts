import { describe, expect, it } from 'vitest';
import { m4 } from './m4';

function run(xs: number[], ys: number[], width: number): { x: number[]; y: number[] } {
  const ox = new Float64Array(xs.length);
  const oy = new Float64Array(xs.length);
  const n = m4(xs, ys, xs.length, width, ox, oy);
  return { x: [...ox.subarray(0, n)], y: [...oy.subarray(0, n)] };
}

describe('M4 pixel-column reduction', () => {
  it('keeps sparse points (one per column) as they are', () => {
    const xs = [0.5, 3.2, 7.9, 12];
    const ys = [1, 5, 2, 8];
    expect(run(xs, ys, 20)).toEqual({ x: xs, y: ys });
  });

  it('keeps first, lowest, highest and last of a dense column, in order', () => {
    // Ten points in column 4: first 5, min 0 at index 3, max 9 at index 6, last 4.
    const xs = Array.from({ length: 10 }, (_, i) => 4 + i / 10);
    const ys = [5, 6, 3, 0, 2, 7, 9, 1, 3, 4];
    const r = run(xs, ys, 20);
    expect(r.y).toEqual([5, 0, 9, 4]);
    expect(r.x).toEqual([4, 4.3, 4.6, 4.9]);
  });

  it('bounds the output by four per column however many points arrive', () => {
    const n = 100_000;
    const xs = Array.from({ length: n }, (_, i) => (i / n) * 300);
    const ys = Array.from({ length: n }, (_, i) => Math.sin(i));
    const r = run(xs, ys, 300);
    expect(r.x.length).toBeLessThanOrEqual(4 * 300);
    expect(r.x.length).toBeGreaterThan(2 * 300);
    // Every column's extremes survive: the reduced line spans the same range.
    expect(Math.min(...r.y)).toBe(Math.min(...ys));
    expect(Math.max(...r.y)).toBe(Math.max(...ys));
  });

  it('folds the points off either side of the plot into one column each', () => {
    const xs = [-50, -40, -30, -20, 5, 25, 30, 40];
    const ys = [1, 9, 0, 4, 3, 2, 7, 5];
    const r = run(xs, ys, 20);
    // Left: first 1, min 0, max 9 (index 1 before min), last 4; inside: 3; right: 2, 7, 5.
    expect(r.y).toEqual([1, 9, 0, 4, 3, 2, 7, 5]);
    const many = run([-3, -2, -1, 10, 21, 22, 23, 24], [1, 1, 1, 2, 3, 3, 3, 3], 20);
    expect(many.x).toEqual([-3, -1, 10, 21, 24]);
  });

  it('returns nothing for no points', () => {
    expect(run([], [], 10)).toEqual({ x: [], y: [] });
  });
});

describe('M4 on a high-density screen', () => {
  it('uses device-pixel columns', () => {
    // Two CSS pixels' worth of dense points: 2 columns at dpr 1, 4 at dpr 2.
    const xs = Array.from({ length: 40 }, (_, i) => i / 20);
    const ys = xs.map((x, i) => (i % 2 === 0 ? x : -x));
    const at = (dpr: number) => {
      const ox = new Float64Array(40);
      const oy = new Float64Array(40);
      return m4(xs, ys, 40, 10, ox, oy, dpr);
    };
    expect(at(1)).toBeLessThanOrEqual(8);
    expect(at(2)).toBeGreaterThan(at(1));
    expect(at(2)).toBeLessThanOrEqual(16);
  });
});
