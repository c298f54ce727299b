import { describe, expect, it } from 'vitest';
import { SeriesBuffer } from './seriesBuffer';

describe('SeriesBuffer', () => {
  it('keeps every point until full', () => {
    const b = new SeriesBuffer(16);
    for (let i = 0; i < 10; i++) b.push(i, i * 2);
    expect(b.length).toBe(10);
    expect(b.toArray().map((p) => p.v)).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18]);
  });

  it('stays bounded on a long run', () => {
    const b = new SeriesBuffer(1024);
    for (let i = 0; i < 1_000_000; i++) b.push(i * 1e-3, Math.sin(i / 100));
    expect(b.rawLength).toBe(1_000_000);
    expect(b.length).toBeLessThanOrEqual(1024 + 2);
    expect(b.length).toBeGreaterThan(256);
  });

  it('returns points in time order', () => {
    const b = new SeriesBuffer(64);
    for (let i = 0; i < 10_000; i++) b.push(i, (i * 7919) % 101);
    const pts = b.toArray();
    for (let i = 1; i < pts.length; i++) expect(pts[i]!.t).toBeGreaterThanOrEqual(pts[i - 1]!.t);
  });

  it('preserves spikes and drops through decimation', () => {
    const b = new SeriesBuffer(64);
    for (let i = 0; i < 50_000; i++) {
      let v = 10;
      if (i === 12_345) v = 1000; // a single spike
      if (i === 33_333) v = -5; // a single drop
      b.push(i, v);
    }
    const vs = b.toArray().map((p) => p.v);
    expect(Math.max(...vs)).toBe(1000);
    expect(Math.min(...vs)).toBe(-5);
    expect(b.max).toBe(1000);
    expect(b.min).toBe(-5);
  });

  it('reaches the newest point', () => {
    const b = new SeriesBuffer(32);
    for (let i = 0; i <= 1001; i++) b.push(i, i);
    const pts = b.toArray();
    expect(pts[pts.length - 1]!.t).toBe(1001);
    expect(pts[0]!.t).toBe(0);
    expect(b.lastT).toBe(1001);
  });

  it('ignores non-finite input and clears', () => {
    const b = new SeriesBuffer(16);
    b.push(Number.NaN, 1);
    b.push(1, Number.NaN);
    expect(b.length).toBe(0);
    b.push(1, 1);
    b.clear();
    expect(b.length).toBe(0);
    expect(b.rawLength).toBe(0);
  });
});

describe('SeriesBuffer.maxIn', () => {
  it('finds the largest value inside a time range', () => {
    const b = new SeriesBuffer(64);
    for (let i = 0; i < 10; i++) b.push(i, i % 5);
    expect(b.maxIn(0, 3)).toBe(3);
    expect(b.maxIn(5, 6)).toBe(1);
    expect(b.maxIn(20, 30)).toBe(-Infinity);
  });
});

describe('lastV', () => {
  it('is the newest value pushed, also when it is not stored (a pending bucket)', () => {
    const b = new SeriesBuffer(4);
    expect(Number.isNaN(b.lastV)).toBe(true);
    for (let i = 0; i < 20; i++) b.push(i, i * 10);
    expect(b.lastV).toBe(190);
  });
});
