import { describe, expect, it } from 'vitest';
import type { FlowGroup, SeriesMeta } from '../types';
import { AGGREGATE_ABOVE_FLOWS, TICK_MAX_BYTES, TickEncoder, frameBytes, frameTriples } from './aggregate';

const METRICS: SeriesMeta['metric'][] = ['cwnd', 'srtt', 'goodput'];
/** `n` flows, half "bulk", half "G1", each with cwnd, srtt and goodput series, plus one link series. */
function run(n: number) {
  const meta: SeriesMeta[] = [{ key: 'link/b/queue', scope: 'link', owner: 'b', metric: 'queue', label: 'queue', unit: 'bytes' }];
  const groups: FlowGroup[] = [];
  for (let f = 0; f < n; f++) {
    for (const m of METRICS) meta.push({ key: `flow/f${f}/${m}`, scope: 'flow', owner: `f${f}`, metric: m, label: m, unit: '' });
    groups.push({ owner: `f${f}`, flow: `f${f}`, kind: 'tcp', cc: f % 3 ? 'cubic' : 'reno', class: f % 2 ? 'G1' : 'bulk', subflow_path: null });
  }
  /** One tick of `instants` samples every 5 ms from t0: every series sampled at each. */
  const tick = (t0: number, instants: number) => {
    const out: number[] = [];
    for (let k = 0; k < instants; k++) meta.forEach((_, i) => out.push(i, t0 + k * 0.005, i + k));
    return Float64Array.from(out);
  };
  return { meta, groups, tick };
}

describe('tick encoder (bounded frames, aggregate views)', () => {
  it('draws every series of a run with few flows, values unchanged', () => {
    const r = run(3);
    const enc = new TickEncoder(10);
    enc.setSource(r.meta, r.groups, null);
    expect(enc.aggregate).toBe(false);
    const f = enc.encode(r.tick(0, 2))[0]!;
    expect(f.width).toBe(r.meta.length);
    expect(Array.from(frameTriples(f))).toEqual(Array.from(r.tick(0, 2)));
  });

  it('draws a run with many flows as per-class aggregates whose goodput adds up to the total', () => {
    const r = run(AGGREGATE_ABOVE_FLOWS * 4);
    const enc = new TickEncoder(10);
    enc.setSource(r.meta, r.groups, null);
    expect(enc.aggregate).toBe(true);
    const drawn = enc.drawnMeta;
    const goodput = drawn.map((m, j) => [m, j] as const).filter(([m]) => m.metric === 'goodput');
    expect(goodput.map(([m]) => m.owner)).toEqual(['bulk (24)', 'G1 (24)']);
    const f = enc.encode(r.tick(0, 1))[0]!;
    const total = r.meta.reduce((s, m, i) => (m.metric === 'goodput' ? s + i : s), 0);
    expect(goodput.reduce((s, [, j]) => s + f.values[j]!, 0)).toBeCloseTo(total, 3);
    // The link's series still comes through.
    expect(drawn.some((m) => m.key === 'link/b/queue')).toBe(true);
  });

  it('adds a picked flow as its own lines, and top-N draws the rest as "others"', () => {
    const r = run(40);
    const enc = new TickEncoder(10);
    enc.setSource(r.meta, r.groups, null);
    enc.setView({ mode: 'class', picked: ['f7'] });
    expect(enc.drawnMeta.filter((m) => m.owner === 'f7').map((m) => m.metric)).toEqual(METRICS);
    enc.setView({ mode: 'top', picked: [] });
    const owners = new Set(enc.drawnMeta.filter((m) => m.scope === 'flow').map((m) => m.owner));
    expect(owners.size).toBe(9);
    expect([...owners].some((o) => o.startsWith('others (32)'))).toBe(true);
  });

  it("sends the MPTCP panel's connection with its subflows, every metric, besides the aggregates", () => {
    const r = run(20);
    // One MPTCP connection "m" with a receive buffer and two subflows.
    r.meta.push({ key: 'flow/m/recv_buffer', scope: 'flow', owner: 'm', metric: 'recv_buffer', label: 'recv', unit: 'bytes' });
    for (const p of [1, 2]) {
      r.meta.push({ key: `flow/m@p${p}/cwnd`, scope: 'flow', owner: `m@p${p}`, metric: 'cwnd', label: 'cwnd', unit: '' });
      r.groups.push({ owner: `m@p${p}`, flow: 'm', kind: 'mptcp', cc: 'lia', class: 'G0', subflow_path: p });
    }
    r.groups.push({ owner: 'm', flow: 'm', kind: 'mptcp', cc: 'lia', class: 'G0', subflow_path: null });
    const enc = new TickEncoder(10);
    enc.setSource(r.meta, r.groups, null);
    expect(enc.connections).toEqual(['m']);
    expect(enc.drawnMeta.some((m) => m.metric === 'recv_buffer')).toBe(false);
    enc.setView({ mode: 'class', picked: [], focus: 'm' });
    expect(enc.drawnMeta.filter((m) => m.owner.startsWith('m')).map((m) => m.key)).toEqual(['flow/m/recv_buffer', 'flow/m@p1/cwnd', 'flow/m@p2/cwnd']);
  });

  it('keeps a tick within the byte bound whatever its length and flow count', () => {
    const r = run(90);
    const enc = new TickEncoder(1);
    enc.setSource(r.meta, r.groups, null);
    const [f, ...more] = enc.encode(r.tick(0, 190));
    expect(more).toEqual([]);
    expect(frameBytes(f!)).toBeLessThanOrEqual(TICK_MAX_BYTES);
    expect(f!.times.length).toBeGreaterThan(100);
  });

  it('splits a long tick (a seek) into frames within the bound, the same points as short ticks', () => {
    const r = run(12);
    const pts = r.tick(0, 1000);
    const all = (frames: { times: Float64Array; values: Float32Array; width: number }[]) => frames.flatMap((f) => Array.from(frameTriples(f)));
    const long = new TickEncoder(10);
    long.setSource(r.meta, r.groups, null);
    const frames = long.encode(pts);
    expect(frames.length).toBeGreaterThan(1);
    for (const f of frames) expect(frameBytes(f)).toBeLessThanOrEqual(TICK_MAX_BYTES);
    const short = new TickEncoder(10);
    short.setSource(r.meta, r.groups, null);
    const per = r.meta.length * 3;
    const cut = Array.from({ length: 10 }, (_, k) => short.encode(pts.subarray(k * 100 * per, (k + 1) * 100 * per))).flat();
    expect(all(frames)).toEqual(all(cut));
    expect(all(frames).length / 3).toBe(1000 * r.meta.length);
  });
});
