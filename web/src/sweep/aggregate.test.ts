import { describe, expect, it } from 'vitest';
import { aggregate, wantsLogScale } from './aggregate';

describe('sweep aggregation', () => {
  it('averages seeds per algorithm and value, in knob order', () => {
    const lines = aggregate([
      { value: 5, algorithm: 'bbr', metric: 0.6 },
      { value: 0.5, algorithm: 'bbr', metric: 0.7 },
      { value: 5, algorithm: 'bbr', metric: 0.8 },
      { value: 5, algorithm: 'bbr-a', metric: 0.9 },
      { value: 0.5, algorithm: 'bbr-a', metric: null },
    ]);
    expect(lines).toEqual([
      { algorithm: 'bbr', points: [{ x: 0.5, y: 0.7, n: 1 }, { x: 5, y: 0.7, n: 2 }] },
      { algorithm: 'bbr-a', points: [{ x: 5, y: 0.9, n: 1 }] },
    ]);
  });
  it('uses a log axis only for values spanning more than two decades', () => {
    expect(wantsLogScale([0.1, 1, 100])).toBe(true);
    expect(wantsLogScale([10, 50, 100])).toBe(false);
    expect(wantsLogScale([0, 1, 1000])).toBe(false);
  });
});
