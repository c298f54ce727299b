import { describe, expect, it } from 'vitest';
import type { Topology } from '../types';
import { type Annotations, type Fonts, NORMAL_FONTS, PROJECTOR_FONTS, labelText, laneBoxes, overlaps, placeAnnotations } from './labels';
import { layoutTopology, linkLabel, viewHeight } from './layout';
import { dumbbell, parallel } from './testTopologies';

function place(topo: Topology, width: number, fonts: Fonts = NORMAL_FONTS) {
  const scale = fonts.label / NORMAL_FONTS.label;
  const layout = layoutTopology(topo, width, viewHeight(topo, undefined, undefined, undefined, scale));
  const texts = new Map(layout.edges.map((e) => [e.id, labelText(e, linkLabel(e.link))]));
  return { ...placeAnnotations(layout, texts, undefined, fonts), n: layout.edges.length, layout };
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

  it('keeps labels off the access links\' packet lanes, at the page\'s and the projector\'s size (issue 30, item 13)', () => {
    for (const fonts of [NORMAL_FONTS, PROJECTOR_FONTS]) {
      for (const topo of [dumbbell, parallel(10)]) {
        const a = place(topo, 608, fonts);
        expect(a.labels.size, `${fonts.label} px`).toBe(a.n);
        expectNoOverlap(a);
        const lanes = laneBoxes(a.layout, a.layout.edges.filter((e) => !e.link.reported));
        const labelBoxes = a.boxes.slice(a.queues.size);
        for (const l of labelBoxes) for (const lane of lanes) expect(overlaps(l, lane), JSON.stringify([l, lane])).toBe(false);
      }
    }
  });
});
