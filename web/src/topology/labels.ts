// Where the topology view writes its words: each link's label and each reported link's queue
// bar (with its read-out above it). Pure geometry, unit-tested (labels.test.ts).
//
// Labels used to sit at a fixed offset from their link's midpoint: on a short access link of
// the dumbbell that is on the router, and in a fan of ten paths each label sat on the next
// path's queue read-out. Here every box is estimated from its text (the page measures it in its
// font), node shapes and names are obstacles, queue bars go first at their link's apex, and
// each label takes the first candidate spot along its link that collides with nothing placed
// so far; a label with no free spot is left out (its link's tooltip and the inspector say it).
import { type EdgeGeom, type Layout, pointAt } from './layout';
import { LANE, MARK_RADIUS, laneOf, stackOutline } from './marks';

/** Width of a queue bar (narrower on a short link, down to the minimum) and its height, in pixels. */
export const QUEUE_BAR_MAX_W = 96;
const QUEUE_BAR_MIN_W = 40;
export const QUEUE_BAR_H = 9;
/** Font sizes of link labels and queue read-outs (`label`), and of node names (`node`), px. */
export interface Fonts {
  label: number;
  node: number;
}
/** The page's sizes; projector mode (`?projector=1`, an 18 px page) scales them with it. */
export const NORMAL_FONTS: Fonts = { label: 11, node: 12 };
export const PROJECTOR_FONTS: Fonts = { label: 16, node: 17 };
export const fontsFor = (projector: boolean): Fonts => (projector ? PROJECTOR_FONTS : NORMAL_FONTS);
/** How far from a link's line its packets reach (lane offset plus a mark's radius), plus a pixel. */
const LANE_CLEAR = LANE + MARK_RADIUS + 1;
/** Samples along a link where its packet lane is an obstacle for labels, at most this far apart. */
const LANE_STEP = 6;
/** The queue read-out's baseline above the bar's top. */
export const QUEUE_TEXT_DY = -4;
/** The widest queue read-out a box is kept for (the animator writes this format). */
const QUEUE_TEXT_SAMPLE = 'queue 999.9 kB / 999.9 kB · 9999 pkts';
/** Bar top above the link (raised by a lift when that is taken). Label baselines sit just clear
 * of the packet lanes either side of the link (below: the text's ascent, above: its descent). */
const BAR_ABOVE = 15;
const below = (size: number) => LANE_CLEAR + 0.8 * size + PAD + 1;
const above = (size: number) => LANE_CLEAR + 0.25 * size + PAD + 1;
/** Further from the link, a step at a time, when the nearest spot is taken (e.g. by a router). */
const STEPS = [0, 8, 16];
const LIFTS = [0, 8, 16, 24];
/** Negative lifts: the bar below its link, its read-out above the bar (clear of the line). */
const DROPS = [-42, -54];
/** Room kept around every box. */
const PAD = 2;
/** Where along a link a label may go, best first. */
const ALONG = [0.5, 0.4, 0.6, 0.3, 0.7, 0.22, 0.78];

/** Width in pixels of `text` at `size` px. */
export type Measure = (text: string, size: number) => number;

/** Without a browser: 0.62 em per character (wider than the page's fonts, so boxes are safe). */
export const estimateWidth: Measure = (text, size) => text.length * size * 0.62;

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Annotations {
  /** Link id → the label's anchor (text-anchor middle, baseline y); absent = no room. */
  labels: Map<string, { x: number; y: number }>;
  /** Reported link id → the queue bar's top-left corner and width. */
  queues: Map<string, { x: number; y: number; w: number; text: boolean }>;
  /** The boxes kept for nodes and their names, then those of the queues and labels placed. */
  nodeBoxes: Box[];
  boxes: Box[];
}

export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** The box of a text of `size` px, `width` wide, anchored at x (middle, start or end) and baseline y. */
export function textBox(x: number, y: number, width: number, size: number, anchor: 'middle' | 'start' | 'end' = 'middle'): Box {
  const left = anchor === 'middle' ? x - width / 2 : anchor === 'end' ? x - width : x;
  // Ascent about 0.8 em above the baseline, descent 0.25 em below.
  return { x: left - PAD, y: y - 0.8 * size - PAD, w: width + 2 * PAD, h: 1.05 * size + 2 * PAD };
}

/** Where the view writes a node's name: above a router, on the outer side of a host (see TopologyView). */
export function nodeLabelSpot(n: Layout['nodes'][number], fonts: Fonts = NORMAL_FONTS): { x: number; y: number; anchor: 'middle' | 'start' | 'end' } {
  const size = fonts.node;
  if (n.side === 'upper-left') return { x: n.x - 11, y: n.y - 12, anchor: 'end' };
  // Above: the descent (0.25 em) clear of the node's shape (9 px).
  if (n.kind === 'router' || n.side === 'above') return { x: n.x, y: n.y - Math.max(14, 11 + 0.25 * size), anchor: 'middle' };
  if (n.side === 'below') return { x: n.x, y: n.y + 14 + 0.8 * size, anchor: 'middle' };
  // Outer hosts: vertically centred on the node (dy 0.35 em), left of the senders, right of the receivers.
  return { x: n.x + (n.side === 'left' ? -14 : 14), y: n.y + 0.35 * size, anchor: n.side === 'left' ? 'end' : 'start' };
}

/**
 * Boxes along every link's packet lanes (both directions, LANE either side of its line): a label
 * there would be covered by the packets the animator paints (topology/animator.ts).
 */
export function laneBoxes(layout: Layout, edges: readonly EdgeGeom[] = layout.edges): Box[] {
  const out: Box[] = [];
  for (const e of edges) {
    const a = pointAt(e, 0);
    const b = pointAt(e, 1);
    // A curve is longer than its chord: sample it more densely than the chord needs.
    const n = Math.max(2, Math.ceil((1.5 * Math.hypot(b.x - a.x, b.y - a.y)) / LANE_STEP));
    for (let i = 0; i <= n; i++) {
      const p = pointAt(e, i / n);
      out.push({ x: p.x - LANE_CLEAR, y: p.y - LANE_CLEAR, w: 2 * LANE_CLEAR, h: 2 * LANE_CLEAR });
    }
  }
  return out;
}

/** The text a link's label shows (a reported link names itself: it has a queue). */
export function labelText(e: EdgeGeom, rateDelay: string): string {
  return e.link.reported ? `${e.id} · ${rateDelay}` : rateDelay;
}

const STACK_PIECES = 6;

/** The boxes of the buffer stacks drawn beside reported links (animator.ts, TopologyView). */
export function stackBoxes(layout: Layout): Box[] {
  const out: Box[] = [];
  for (const e of layout.edges) {
    for (const l of [e.link, e.reverse]) {
      const g = l?.reported ? laneOf(layout, l.id) : null;
      if (!g) continue;
      // A box per piece of the outline (outer edge i‥i+1 and the inner edge facing it), so a
      // stack on a curve keeps no more room than it takes.
      const pts = stackOutline(g, STACK_PIECES);
      const n = STACK_PIECES + 1;
      for (let i = 0; i < STACK_PIECES; i++) {
        const quad = [pts[i]!, pts[i + 1]!, pts[2 * n - 2 - i]!, pts[2 * n - 1 - i]!];
        const xs = quad.map((p) => p.x);
        const ys = quad.map((p) => p.y);
        const x = Math.min(...xs);
        const y = Math.min(...ys);
        out.push({ x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y });
      }
    }
  }
  return out;
}

/** Places every link label and queue bar of `layout` (see the file comment); nodes, their names and the buffer stacks are obstacles. */
export function placeAnnotations(layout: Layout, texts: ReadonlyMap<string, string>, measure: Measure = estimateWidth, fonts: Fonts = NORMAL_FONTS): Annotations {
  const LABEL_FONT = fonts.label;
  const nodeBoxes = layout.nodes.flatMap((n) => {
    const r = n.kind === 'router' ? 9 : 8;
    const s = nodeLabelSpot(n, fonts);
    return [{ x: n.x - r - PAD, y: n.y - r - PAD, w: 2 * (r + PAD), h: 2 * (r + PAD) }, textBox(s.x, s.y, measure(n.id, fonts.node), fonts.node, s.anchor)];
  });
  // The packet lanes of the access links (unreported): straight and short, their packets would
  // sit on a label beside them. A reported link's label goes by its queue read-out instead.
  const lanes = laneBoxes(layout, layout.edges.filter((e) => !e.link.reported));
  nodeBoxes.push(...stackBoxes(layout));
  const placed: Box[] = [];
  const inside = (b: Box) => b.x >= 0 && b.y >= 0 && b.x + b.w <= layout.width && b.y + b.h <= layout.height;
  const free = (b: Box) => inside(b) && !nodeBoxes.some((p) => overlaps(p, b)) && !placed.some((p) => overlaps(p, b));

  const queues = new Map<string, { x: number; y: number; w: number; text: boolean }>();
  const queueText = measure(QUEUE_TEXT_SAMPLE, LABEL_FONT);
  for (const e of layout.edges) {
    if (!e.link.reported) continue;
    const mid = pointAt(e, 0.5);
    // A short link (a parking lot's hop in a narrow window) gets a narrower bar: it stays between its routers.
    const ends = [pointAt(e, 0), pointAt(e, 1)];
    const barW = Math.min(QUEUE_BAR_MAX_W, Math.max(QUEUE_BAR_MIN_W, Math.hypot(ends[1]!.x - ends[0]!.x, ends[1]!.y - ends[0]!.y) - 40));
    // The bar and its read-out (centred above it), as low as is free; where reported links
    // crowd (a parking lot in a narrow window) the bar alone, its read-out in its tooltip;
    // placed whatever the room, lowest, when nothing is: they are the data.
    const boxAt = (lift: number, text: boolean) => {
      const top = mid.y - BAR_ABOVE - lift;
      if (!text) return { top, text, box: { x: mid.x - barW / 2 - PAD, y: top - PAD, w: barW + 2 * PAD, h: QUEUE_BAR_H + 2 * PAD } };
      const t = textBox(mid.x, top + QUEUE_TEXT_DY, queueText, LABEL_FONT);
      const w = Math.max(barW, t.w);
      return { top, text, box: { x: mid.x - w / 2, y: t.y, w, h: top + QUEUE_BAR_H - t.y } };
    };
    // Last resorts before overlapping: below the link (a steep link in a graph can leave no room above).
    const at =
      [...LIFTS.map((l) => boxAt(l, true)), ...LIFTS.map((l) => boxAt(l, false)), ...DROPS.map((l) => boxAt(l, true)), ...DROPS.map((l) => boxAt(l, false))].find((c) =>
        free(c.box),
      ) ?? boxAt(0, true);
    queues.set(e.id, { x: mid.x - barW / 2, y: at.top, w: barW, text: at.text });
    placed.push(at.box);
  }

  const labels = new Map<string, { x: number; y: number }>();
  // Reported links first: their labels name the queues.
  const order = [...layout.edges].sort((a, b) => Number(b.link.reported) - Number(a.link.reported));
  for (const e of order) {
    const text = texts.get(e.id);
    if (text === undefined) continue;
    const width = measure(text, LABEL_FONT);
    for (const spot of candidates(e, queues.get(e.id)?.y, LABEL_FONT)) {
      const box = textBox(spot.x, spot.y, width, LABEL_FONT);
      if (!free(box) || lanes.some((l) => overlaps(l, box))) continue;
      labels.set(e.id, spot);
      placed.push(box);
      break;
    }
  }
  return { labels, queues, nodeBoxes, boxes: placed };
}

/**
 * Label spots (baseline, centred) along a link, best first: below it, then above it (above a
 * reported link's queue read-out), each a step further out when nearer is taken.
 */
function candidates(e: EdgeGeom, queueTop: number | undefined, size: number): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  for (const t of e.link.reported ? [0.5] : ALONG) {
    const p = pointAt(e, t);
    const up = queueTop !== undefined ? queueTop + QUEUE_TEXT_DY - size - 2 * PAD : p.y - above(size);
    for (const d of STEPS) out.push({ x: p.x, y: p.y + below(size) + d }, { x: p.x, y: up - d });
  }
  return out;
}
