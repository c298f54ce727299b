import { describe, expect, it } from 'vitest';
import { formatReading, nearest } from './readout';

describe('hover read-out', () => {
  const pts = [
    { t: 0, v: 1 },
    { t: 1, v: 2 },
    { t: 2, v: 3 },
    { t: 4, v: 5 },
  ];
  it('finds the nearest point in time', () => {
    expect(nearest(pts, -5)).toEqual({ t: 0, v: 1 });
    expect(nearest(pts, 0.4)).toEqual({ t: 0, v: 1 });
    expect(nearest(pts, 0.6)).toEqual({ t: 1, v: 2 });
    expect(nearest(pts, 3.1)).toEqual({ t: 4, v: 5 });
    expect(nearest(pts, 99)).toEqual({ t: 4, v: 5 });
    expect(nearest([], 1)).toBeNull();
    expect(nearest(pts, Number.NaN)).toBeNull();
  });
  it('prints values with their unit', () => {
    expect(formatReading(12.5, 'packets')).toBe('12.5 packets');
    expect(formatReading(100, 'Mbit/s')).toBe('100 Mbit/s');
    expect(formatReading(0.91234)).toBe('0.912');
    expect(formatReading(123456, 'B')).toBe('123456 B');
    expect(formatReading(0, 'ms')).toBe('0 ms');
    expect(formatReading(Number.NaN, 'ms')).toBe('–');
  });
});
