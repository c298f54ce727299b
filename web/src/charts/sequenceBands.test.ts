import { describe, expect, it } from 'vitest';
import type { SeqLine } from './sequence';
import { BAND_PX, bandLines } from './sequenceBands';

const line = (t0: number, over: Partial<SeqLine> = {}): SeqLine => ({
  x0: 0,
  t0,
  x1: 1,
  t1: t0 + 0.01,
  kind: 'data',
  retx: false,
  dropped: false,
  inFlight: false,
  path: 0,
  label: '',
  seq: 0,
  ...over,
});

/** n data lines sent every `gap` seconds from t = 0. */
const train = (n: number, gap: number) => Array.from({ length: n }, (_, i) => line(i * gap, { seq: i }));

describe('sequence diagram bands', () => {
  it('draws every line when there are fewer than the plot has rows for', () => {
    const lines = train(100, 0.001);
    const out = bandLines(lines, 2000, 400); // 0.1 s on 400 px: 100 lines, 200 allowed
    expect(out.bands).toEqual([]);
    expect(out.lines).toBe(lines);
  });

  it('groups a dense train into bands of BAND_PX that count every packet', () => {
    // 829 data lines in 160 ms (tcp-single at 20 Mbit/s) on a 400 px plot.
    const lines = train(829, 0.16 / 829);
    const pxPerSecond = 400 / 0.16;
    const out = bandLines(lines, pxPerSecond, 400);
    expect(out.lines).toEqual([]);
    expect(out.bands.reduce((s, b) => s + b.count, 0)).toBe(829);
    // One band per BAND_PX of the axis: 400 / 12 → 34 bands (the last one partial).
    expect(out.bands.length).toBe(Math.ceil(400 / BAND_PX));
    for (const b of out.bands) {
      expect((b.sentTo - b.sentFrom) * pxPerSecond).toBeLessThanOrEqual(BAND_PX + 1e-9);
      expect(b.arriveFrom).toBeCloseTo(b.sentFrom + 0.01, 9);
      expect(b.arriveTo).toBeCloseTo(b.sentTo + 0.01, 9);
    }
    expect(out.bands.map((b) => b.sentFrom)).toEqual([...out.bands.map((b) => b.sentFrom)].sort((a, b) => a - b));
  });

  it('keeps losses, retransmissions and packets in flight as lines', () => {
    const lines = train(829, 0.16 / 829);
    lines[100] = { ...lines[100]!, dropped: true };
    lines[300] = { ...lines[300]!, retx: true };
    lines[828] = { ...lines[828]!, inFlight: true };
    const out = bandLines(lines, 2500, 400);
    expect(out.lines.map((l) => l.seq)).toEqual([100, 300, 828]);
    expect(out.bands.reduce((s, b) => s + b.count, 0)).toBe(826);
  });

  it('bands only the dense direction, and each MPTCP path on its own', () => {
    const data = train(600, 0.0002).map((l, i) => ({ ...l, path: i % 2 === 0 ? 0 : 2 }));
    const acks = Array.from({ length: 20 }, (_, i) => line(i * 0.006, { kind: 'ack', x0: 1, x1: 0 }));
    const out = bandLines([...data, ...acks], 400 / 0.12, 400);
    expect(out.lines.filter((l) => l.kind === 'ack').length).toBe(20);
    expect(out.lines.filter((l) => l.kind === 'data').length).toBe(0);
    expect(new Set(out.bands.map((b) => b.path))).toEqual(new Set([0, 2]));
    expect(out.bands.filter((b) => b.path === 2).reduce((s, b) => s + b.count, 0)).toBe(300);
  });

  it('keeps a band where it is when the window pans (bands are aligned to the time axis)', () => {
    const lines = train(829, 0.16 / 829);
    const a = bandLines(lines, 2500, 400).bands;
    const b = bandLines(lines.slice(200), 2500, 400).bands;
    const starts = new Set(a.map((x) => Math.floor(x.sentFrom * 2500 / BAND_PX)));
    for (const x of b) expect(starts.has(Math.floor(x.sentFrom * 2500 / BAND_PX))).toBe(true);
  });
});
