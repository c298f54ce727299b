import { describe, expect, it } from 'vitest';
import { movingAverage, smoothingWindow } from './smooth';

describe('moving average', () => {
  it('averages the trailing window', () => {
    const pts = [0, 1, 2, 3, 4].map((t) => ({ t, v: t === 2 ? 100 : 10 }));
    const out = movingAverage(pts, 2);
    // Window (t-2, t]: two points once the run is long enough.
    expect(out.map((p) => p.v)).toEqual([10, 10, 55, 55, 10]);
    expect(out.map((p) => p.t)).toEqual([0, 1, 2, 3, 4]);
  });
  it('keeps the mean of a constant and the time axis', () => {
    const pts = Array.from({ length: 50 }, (_, i) => ({ t: i * 0.01, v: 42 }));
    expect(movingAverage(pts, 0.1).every((p) => Math.abs(p.v - 42) < 1e-12)).toBe(true);
    expect(movingAverage(pts, 0)).toEqual(pts);
    expect(movingAverage([], 1)).toEqual([]);
  });
  it('uses a window of 1 % of the run', () => {
    expect(smoothingWindow(200)).toBe(2);
    expect(smoothingWindow(0.1)).toBe(0.01);
  });
});
