import { describe, expect, it } from 'vitest';
import type { Topology } from '../types';
import { type Annotations, labelText, overlaps, placeAnnotations } from './labels';
import { layoutTopology, linkLabel, viewHeight } from './layout';
import { dumbbell, parallel } from './testTopologies';

function place(topo: Topology, width: number): Annotations & { n: number } {
  const layout = layoutTopology(topo, width, viewHeight(topo));
  const texts = new Map(layout.edges.map((e) => [e.id, labelText(e, linkLabel(e.link))]));
  return { ...placeAnnotations(layout, texts), n: layout.edges.length };
}

/** No queue or label box overlaps another, a node or a node's name. */
function expectNoOverlap(a: Annotations) {
  a.boxes.forEach((p, i) => [...a.boxes.slice(i + 1), ...a.nodeBoxes].forEach((q) => expect(overlaps(p, q), JSON.stringify([p, q])).toBe(false)));
}

describe('link labels and queue bars', () => {
  it('labels every link of the dumbbell without touching a node or another label', () => {
    // 608 px: the picture beside the inspector at 1280 × 720.
    const a = place(dumbbell, 608);
    expect(a.labels.size).toBe(a.n);
    expect([...a.queues.keys()]).toEqual(['bottleneck']);
    expectNoOverlap(a);
  });

  it('gives each of ten paths its queue and label, apart from its neighbours', () => {
    for (const width of [608, 1200]) {
      const a = place(parallel(10), width);
      expect(a.queues.size).toBe(10);
      expect(a.labels.size).toBe(10);
      expectNoOverlap(a);
    }
  });

  it('leaves out labels that find no room rather than overlap (forty paths)', () => {
    const a = place(parallel(40), 608);
    expect(a.queues.size).toBe(40);
    expect(a.labels.size).toBeLessThan(40);
    // The labels placed overlap nothing (queue bars, the data, are all drawn whatever the room).
    const labelBoxes = a.boxes.slice(a.queues.size);
    expect(labelBoxes).toHaveLength(a.labels.size);
    for (const l of labelBoxes) for (const b of [...a.boxes, ...a.nodeBoxes]) if (b !== l) expect(overlaps(l, b)).toBe(false);
  });
});
