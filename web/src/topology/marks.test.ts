import { describe, expect, it } from 'vitest';
import type { PacketMark, Topology } from '../types';
import { layoutTopology, pointAt } from './layout';
import { SimClock, placeMarks } from './marks';

const topo: Topology = {
  nodes: [
    { id: 'src', kind: 'host' },
    { id: 'dst', kind: 'host' },
  ],
  links: [
    { id: 'path1', from: 'src', to: 'dst', rate_mbps: 100, delay_ms: 10, buffer_bytes: 1e5, loss: 0, reported: true },
    { id: 'path1-rev', from: 'dst', to: 'src', rate_mbps: 100, delay_ms: 10, buffer_bytes: null, loss: 0, reported: true },
  ],
  flows: [{ id: 'f', cc: 'cubic', path: ['path1'], base_rtt_ms: 20 }],
  generated_flows: 0,
};
const layout = layoutTopology(topo, 400, 200);
const edge = layout.edges[0]!;
const mark = (progress: number, link = 'path1', data = true): PacketMark => ({ link, flow: 0, data, progress });

describe('placeMarks', () => {
  it('draws packets on the wire where the engine says, not queued ones', () => {
    const out = placeMarks([mark(0), mark(0.25), mark(0.5)], layout, 0);
    expect(out).toHaveLength(2);
    expect(out[0]).toMatchObject(pointAt(edge, 0.25));
    expect(out[1]).toMatchObject(pointAt(edge, 0.5));
  });

  it('moves packets on by the simulated time since the snapshot, and drops arrived ones', () => {
    // 2.5 ms on a 10 ms link is a quarter of the way.
    const out = placeMarks([mark(0.25), mark(0.9)], layout, 0.0025);
    expect(out).toHaveLength(1);
    expect(out[0]!.x).toBeCloseTo(pointAt(edge, 0.5).x);
  });

  it('draws ACKs on the reverse link backwards along the same edge', () => {
    const out = placeMarks([mark(0.25, 'path1-rev', false)], layout, 0);
    expect(out[0]).toMatchObject({ ...pointAt(edge, 0.75), data: false });
  });

  it('samples evenly down to the cap and skips unknown links', () => {
    const many = Array.from({ length: 1000 }, (_, i) => mark(((i % 99) + 1) / 100));
    expect(placeMarks(many, layout, 0, 100).length).toBeLessThanOrEqual(100);
    expect(placeMarks(many, layout, 0, 100).length).toBeGreaterThan(90);
    expect(placeMarks([mark(0.5, 'nope')], layout, 0)).toEqual([]);
  });
});

describe('SimClock', () => {
  it('projects simulated time at the measured rate, bounded', () => {
    const c = new SimClock(100);
    c.observe(0, 1000, true);
    expect(c.ahead(1010)).toBe(0);
    c.observe(0.001, 1033, true); // 1 ms simulated per 33 ms wall
    expect(c.ahead(1033 + 33)).toBeCloseTo(0.001);
    // Never more than 100 ms of wall time ahead.
    expect(c.ahead(1033 + 1000)).toBeCloseTo((0.001 / 33) * 100);
  });

  it('stands still when paused or rewound', () => {
    const c = new SimClock();
    c.observe(0, 1000, true);
    c.observe(0.01, 1033, true);
    c.observe(0.02, 1066, false);
    expect(c.ahead(1100)).toBe(0);
    c.observe(0.03, 1100, true);
    c.observe(0.04, 1133, true);
    c.observe(0.0, 1166, true); // a seek back
    expect(c.ahead(1200)).toBe(0);
  });
});
