import { describe, expect, it } from 'vitest';
import type { Topology } from '../types';
import { dumbbell, link, parallel } from './testTopologies';
import { FAN_STEP, MARGIN, columns, duplexPairs, layoutTopology, linkLabel, pointAt, viewHeight } from './layout';

describe('duplexPairs', () => {
  it('draws each link and its -rev twin once, forward first', () => {
    const pairs = duplexPairs(dumbbell);
    expect(pairs.map((p) => p.link.id)).toEqual(['bottleneck', 'access1', 'egress1', 'access2', 'egress2']);
    expect(pairs.map((p) => p.reverse?.id)).toEqual(['bottleneck-rev', 'access1-rev', 'egress1-rev', 'access2-rev', 'egress2-rev']);
  });

  it('keeps the forward link even when the reverse comes first', () => {
    const t: Topology = { ...parallel(1), links: [...parallel(1).links].reverse() };
    expect(duplexPairs(t).map((p) => [p.link.id, p.reverse?.id])).toEqual([['path1', 'path1-rev']]);
  });

  it('pairs links without the naming convention by their ends', () => {
    const t: Topology = { nodes: [], links: [link('x', 'a', 'b', { reported: true }), link('y', 'b', 'a')], flows: [], generated_flows: 0 };
    expect(duplexPairs(t).map((p) => [p.link.id, p.reverse?.id])).toEqual([['x', 'y']]);
  });
});

describe('columns', () => {
  it('orders a chain by distance from its source and survives a cycle', () => {
    const c = columns(['a', 'b', 'c'], [
      { from: 'a', to: 'b' },
      { from: 'b', to: 'c' },
    ]);
    expect([...c.values()]).toEqual([0, 1, 2]);
    const cyc = columns(['a', 'b'], [
      { from: 'a', to: 'b' },
      { from: 'b', to: 'a' },
    ]);
    expect(Math.max(...cyc.values())).toBeLessThan(2);
  });
});

describe('layoutTopology', () => {
  it('lays a dumbbell out left to right: senders, r1, r2, receivers', () => {
    const l = layoutTopology(dumbbell, 800, 300);
    const x = (id: string) => l.nodes.find((n) => n.id === id)!.x;
    expect(x('s1')).toBe(x('s2'));
    expect(x('s1')).toBeLessThan(x('r1'));
    expect(x('r1')).toBeLessThan(x('r2'));
    expect(x('r2')).toBeLessThan(x('d1'));
    expect(x('d1')).toBe(x('d2'));
    // The bottleneck (reported) gets twice the room of an access link.
    expect(x('r2') - x('r1')).toBeCloseTo(2 * (x('r1') - x('s1')));
    // Everything inside the view.
    for (const n of l.nodes) {
      expect(n.x).toBeGreaterThan(0);
      expect(n.x).toBeLessThan(800);
      expect(n.y).toBeGreaterThan(0);
      expect(n.y).toBeLessThan(300);
    }
    // The bottleneck is straight (single link between r1 and r2), and reverse ids map to it.
    const b = l.edgeOf.get('bottleneck-rev')!;
    expect(b.id).toBe('bottleneck');
    expect(pointAt(b, 0.5).y).toBeCloseTo(b.y0);
    expect(l.edges).toHaveLength(5);
  });

  it('fans the paths of a parallel topology apart, symmetric about the hosts\' line', () => {
    const l = layoutTopology(parallel(3), 600, 300);
    expect(l.edges).toHaveLength(3);
    const apex = l.edges.map((e) => pointAt(e, 0.5).y);
    const mid = l.nodes[0]!.y;
    expect(apex[0]! - mid).toBeCloseTo(-(apex[2]! - mid));
    expect(apex[1]).toBeCloseTo(mid);
    expect(new Set(apex.map((y) => Math.round(y))).size).toBe(3);
    for (const y of apex) {
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(300);
    }
  });

  it('moves packets along the curve from the link\'s tail to its head', () => {
    const e = layoutTopology(parallel(2), 600, 300).edges[0]!;
    expect(pointAt(e, 0)).toEqual({ x: e.x0, y: e.y0 });
    expect(pointAt(e, 1)).toEqual({ x: e.x1, y: e.y1 });
    expect(pointAt(e, 2)).toEqual(pointAt(e, 1));
    const xs = [0.1, 0.3, 0.5, 0.7, 0.9].map((p) => pointAt(e, p).x);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
  });
});

describe('viewHeight and labels', () => {
  it('grows with the number of rows, within bounds', () => {
    expect(viewHeight(parallel(2))).toBeLessThan(viewHeight(parallel(5)));
    expect(viewHeight(parallel(40))).toBe(640);
    // Ten reported paths: a FAN_STEP of room each between the outermost apexes.
    expect(viewHeight(parallel(10))).toBe(9 * FAN_STEP + 2 * MARGIN.y);
    expect(viewHeight(dumbbell)).toBeGreaterThanOrEqual(200);
  });

  it('labels rate and delay', () => {
    expect(linkLabel({ rate_mbps: 100, delay_ms: 2 })).toBe('100 Mbit/s · 2 ms');
    expect(linkLabel({ rate_mbps: 2500, delay_ms: 0.5 })).toBe('2.5 Gbit/s · 0.5 ms');
    expect(linkLabel({ rate_mbps: 0.064, delay_ms: 120 })).toBe('64 kbit/s · 120 ms');
  });
});
