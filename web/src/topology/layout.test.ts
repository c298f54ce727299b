import { describe, expect, it } from 'vitest';
import type { Topology } from '../types';
import { labelText, overlaps, placeAnnotations } from './labels';
import { diamond, dumbbell, dumbbellN, link, parallel, parkingLot } from './testTopologies';
import { FAN_STEP, MARGIN, NODE_CLEARANCE, columns, duplexPairs, layoutTopology, linkLabel, passesNode, pointAt, toFraction, viewHeight } from './layout';

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

/** Nodes apart, links clear of the nodes they do not join, labels on nothing. */
function expectReadable(topo: Topology, width: number) {
  const l = layoutTopology(topo, width, viewHeight(topo));
  expect(l.nodes).toHaveLength(topo.nodes.length);
  l.nodes.forEach((a, i) =>
    l.nodes.slice(i + 1).forEach((b) => expect(Math.hypot(a.x - b.x, a.y - b.y), `${a.id} on ${b.id}`).toBeGreaterThan(2 * NODE_CLEARANCE)),
  );
  for (const n of l.nodes) {
    expect(n.x).toBeGreaterThan(0);
    expect(n.x).toBeLessThan(width);
    expect(n.y).toBeGreaterThan(0);
    expect(n.y).toBeLessThan(l.height);
  }
  for (const e of l.edges) {
    const others = l.nodes.filter((n) => n.id !== e.link.from && n.id !== e.link.to);
    expect(passesNode(e, others), `${e.id} runs through a node`).toBe(false);
  }
  const texts = new Map(l.edges.map((e) => [e.id, labelText(e, linkLabel(e.link))]));
  const a = placeAnnotations(l, texts);
  a.boxes.forEach((p, i) => [...a.boxes.slice(i + 1), ...a.nodeBoxes].forEach((q) => expect(overlaps(p, q), `${topo.nodes.length} nodes at ${width}: ${JSON.stringify([p, q])}`).toBe(false)));
  return l;
}

describe('layout of any graph', () => {
  it('is readable on the presets\' shapes (dumbbells of 2 and 6 senders, 2 and 10 parallel paths), a parking lot and a diamond with a ring', () => {
    for (const width of [608, 1200]) {
      for (const t of [dumbbell, dumbbellN(6), parallel(2), parallel(10), parkingLot, diamond]) expectReadable(t, width);
    }
  });

  it('puts the parking lot\'s routers in a row, its hosts outside: ends left and right, short flows above and below', () => {
    const l = layoutTopology(parkingLot, 800, viewHeight(parkingLot));
    const at = (id: string) => l.nodes.find((n) => n.id === id)!;
    const rx = [1, 2, 3, 4].map((i) => at(`r${i}`).x);
    expect([...rx].sort((a, b) => a - b)).toEqual(rx);
    for (const i of [2, 3, 4]) expect(at(`r${i}`).y).toBeCloseTo(at('r1').y);
    expect(at('h0').x).toBeLessThan(rx[0]!);
    expect(at('h9').x).toBeGreaterThan(rx[3]!);
    // a2 sends into r2: above it; b1 receives from r2: below it.
    expect(at('a2')).toMatchObject({ x: at('r2').x, side: 'above' });
    expect(at('a2').y).toBeLessThan(at('r2').y);
    expect(at('b1')).toMatchObject({ x: at('r2').x, side: 'below' });
    expect(at('b1').y).toBeGreaterThan(at('r2').y);
  });

  it('is deterministic', () => {
    expect(layoutTopology(parkingLot, 700, 300)).toEqual(layoutTopology(parkingLot, 700, 300));
  });

  it('places nodes where the scenario or a drag says, the drag winning', () => {
    const withXY: Topology = { ...dumbbell, nodes: dumbbell.nodes.map((n) => (n.id === 'r1' ? { ...n, x: 0.5, y: 0 } : n)) };
    const l = layoutTopology(withXY, 800, 300);
    const r1 = l.nodes.find((n) => n.id === 'r1')!;
    expect(r1.x).toBeCloseTo(MARGIN.x + 0.5 * (800 - 2 * MARGIN.x));
    expect(r1.y).toBeCloseTo(MARGIN.y);
    const dragged = layoutTopology(withXY, 800, 300, new Map([['r1', { fx: 0.25, fy: 1 }]]));
    const moved = dragged.nodes.find((n) => n.id === 'r1')!;
    expect(toFraction(dragged, moved.x, moved.y)).toEqual({ fx: 0.25, fy: 1 });
    // The links follow their node.
    expect(dragged.edgeOf.get('bottleneck')!.x0).toBe(moved.x);
  });

  it('bends a link around a node it would cross', () => {
    // a → b → c in a row, plus a direct a → c link: drawn around b.
    const t: Topology = {
      nodes: ['a', 'b', 'c'].map((id) => ({ id, kind: 'router' })),
      links: [link('ab', 'a', 'b'), link('bc', 'b', 'c'), link('ac', 'a', 'c')],
      flows: [],
      generated_flows: 0,
    };
    const l = layoutTopology(t, 600, 200, new Map([['a', { fx: 0, fy: 0.5 }], ['b', { fx: 0.5, fy: 0.5 }], ['c', { fx: 1, fy: 0.5 }]]));
    const ac = l.edgeOf.get('ac')!;
    expect(passesNode(ac, [l.nodes.find((n) => n.id === 'b')!])).toBe(false);
  });
});
