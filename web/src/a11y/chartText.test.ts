import { describe, expect, it } from 'vitest';
import { countCuts, dataTable, formatValue, summarize, valueAt } from './chartText';

const pts = (vs: number[], dt = 0.1) => vs.map((v, i) => ({ t: i * dt, v }));

describe('countCuts', () => {
  it('counts a saw-tooth’s drops, CUBIC’s (×0.7) as well as Reno’s (×0.5)', () => {
    expect(countCuts([10, 20, 40, 20, 30, 40, 28, 35, 40, 20])).toBe(3);
  });
  it('counts a cut spread over several samples (PRR) once', () => {
    expect(countCuts([80, 80, 72, 64, 60, 56, 57, 60])).toBe(1);
  });
  it('ignores dips under 20 % and flat or rising series', () => {
    expect(countCuts([100, 85, 100, 82, 100])).toBe(0);
    expect(countCuts([433, 380, 315, 330])).toBe(1);
    expect(countCuts([1, 2, 3, 3, 3, 4])).toBe(0);
    expect(countCuts([])).toBe(0);
  });
  it('counts a final drop that the run ends on', () => {
    expect(countCuts([10, 369, 369, 1])).toBe(1);
  });
});

describe('summarize', () => {
  it('words a cwnd line as the issue does: first → last, its cuts', () => {
    const s = { key: 'flow/short-rtt/cwnd', label: 'short-rtt', points: pts([41, 100, 200, 100, 250, 300, 150, 369]) };
    expect(summarize(s, 'packets')).toBe('cwnd of short-rtt: 41 → 369 packets, 2 cuts of 20 % or more');
  });
  it('gives other metrics their range instead, with the chart’s factor applied', () => {
    const s = { key: 'link/bottleneck/queue', label: 'bottleneck', points: pts([0, 50_000, 20_000, 10_000]), factor: 1e-3 };
    expect(summarize(s, 'kB')).toBe('queue of bottleneck: 0 → 10 kB, lowest 0, highest 50');
    const j = { key: 'run/all/jain', label: "Jain's index", points: pts([0.5, 0.987, 0.9994]) };
    expect(summarize(j, '')).toBe("Jain's index: 0.5 → 0.999, lowest 0.5, highest 0.999");
  });
  it('says when a line has no points yet', () => {
    expect(summarize({ key: 'flow/a/srtt', label: 'a', points: [] }, 'ms')).toBe('sRTT of a: no data yet');
    expect(summarize({ key: 'flow/a/cwnd', label: 'a', points: pts([10]) }, 'packets')).toBe('cwnd of a: 10 → 10 packets, no cuts of 20 % or more');
  });
});

describe('dataTable', () => {
  it('samples every series at evenly spaced times, holding the last value', () => {
    const a = { key: 'flow/a/cwnd', label: 'a', points: pts([1, 2, 3, 4, 5], 1) };
    const b = { key: 'flow/b/cwnd', label: 'b', points: [{ t: 2, v: 10 }, { t: 3.5, v: 20 }] };
    const t = dataTable([a, b], 3);
    expect(t.times).toEqual([0, 2, 4]);
    expect(t.columns).toEqual([
      [1, 3, 5],
      [null, 10, 20],
    ]);
  });
  it('is empty without points', () => {
    expect(dataTable([{ key: 'x/y/z', label: 'y', points: [] }], 10)).toEqual({ times: [], columns: [[]] });
  });
  it('valueAt finds the point at or before t', () => {
    const p = pts([5, 6, 7], 1);
    expect(valueAt(p, -1)).toBeNull();
    expect(valueAt(p, 0)).toBe(5);
    expect(valueAt(p, 1.5)).toBe(6);
    expect(valueAt(p, 99)).toBe(7);
  });
  it('formats values plainly', () => {
    expect(formatValue(369.4)).toBe('369');
    expect(formatValue(0.98765)).toBe('0.988');
    expect(formatValue(12)).toBe('12');
  });
});
