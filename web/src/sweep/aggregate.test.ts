import { describe, expect, it } from 'vitest';
import { aggregate, stats, tQuantile95, wantsLogScale } from './aggregate';
import { defaultSpacing, roundNice, seedList, spacedValues } from './space';

describe('sweep aggregation', () => {
  it('averages seeds per algorithm and value, in knob order', () => {
    const lines = aggregate([
      { value: 5, algorithm: 'bbr', metric: 0.6 },
      { value: 0.5, algorithm: 'bbr', metric: 0.7 },
      { value: 5, algorithm: 'bbr', metric: 0.8 },
      { value: 5, algorithm: 'bbr-a', metric: 0.9 },
      { value: 0.5, algorithm: 'bbr-a', metric: null },
    ]);
    expect(lines.map((l) => l.algorithm)).toEqual(['bbr', 'bbr-a']);
    expect(lines[0]!.points.map((p) => [p.x, p.n])).toEqual([
      [0.5, 1],
      [5, 2],
    ]);
    expect(lines[0]!.points[1]!.y).toBeCloseTo(0.7, 12);
    expect(lines[1]!.points).toHaveLength(1);
  });
  it('gives the 95 % confidence interval of the mean from Student t', () => {
    // Samples 1, 2, 3: mean 2, sd 1, t(2) = 4.303, half-width 4.303 / sqrt(3).
    const s = stats([1, 2, 3]);
    expect(s.y).toBe(2);
    expect(s.sd).toBeCloseTo(1, 12);
    expect(s.ci).toBeCloseTo(4.303 / Math.sqrt(3), 9);
    expect([s.min, s.max]).toEqual([1, 3]);
    // One seed has no spread to show; identical seeds have none either.
    expect(stats([5]).ci).toBe(0);
    expect(stats([4, 4, 4]).ci).toBe(0);
    expect(tQuantile95(1)).toBe(12.706);
    expect(tQuantile95(100)).toBe(1.96);
  });
  it('uses a log axis only for values spanning more than two decades', () => {
    expect(wantsLogScale([0.1, 1, 100])).toBe(true);
    expect(wantsLogScale([10, 50, 100])).toBe(false);
    expect(wantsLogScale([0, 1, 1000])).toBe(false);
  });
});

describe('sweep values', () => {
  it('spaces values evenly on a log scale, ends exact, middle rounded to 3 digits', () => {
    expect(spacedValues(0.1, 10, 5, 'log')).toEqual([0.1, 0.316, 1, 3.16, 10]);
    expect(spacedValues(0.001, 0.1, 3, 'log')).toEqual([0.001, 0.01, 0.1]);
  });
  it('spaces linearly and rounds integer knobs, running each integer once', () => {
    expect(spacedValues(10, 50, 5, 'linear')).toEqual([10, 20, 30, 40, 50]);
    expect(spacedValues(1, 4, 8, 'linear', true)).toEqual([1, 2, 3, 4]);
    expect(spacedValues(7, 7, 1, 'linear')).toEqual([7]);
  });
  it('says what is wrong with a request it cannot meet', () => {
    expect(() => spacedValues(0, 10, 4, 'log')).toThrow('log spacing needs from and to above 0');
    expect(() => spacedValues(1, 10, 0, 'linear')).toThrow('the number of values must be 1 to 16');
    expect(() => spacedValues(Number.NaN, 10, 3, 'linear')).toThrow('from and to must be numbers');
  });
  it('offers log spacing for ranges over two decades, and counts seeds up', () => {
    expect(defaultSpacing(0.1, 20)).toBe('log');
    expect(defaultSpacing(10, 200)).toBe('linear');
    expect(roundNice(3.16227766)).toBe(3.16);
    expect(seedList(7, 3)).toEqual([7, 8, 9]);
  });
});
