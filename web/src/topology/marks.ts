// Where each packet is drawn at a given simulated time, and the simulated clock between
// snapshots, for the network picture. Pure, unit-tested (marks.test.ts).
//
// The engine gives every packet on a link with its real times there (simulation.rs
// `PacketMark`): it waits in the link's buffer until `tx_s`, is serialised until `wire_s` and
// propagates until `arrive_s`. So the picture can place it at any time t, not only at the
// snapshot's: between two snapshots (about 30 a second) the page draws at 60 Hz at the
// simulated time the clock projects, and every packet moves smoothly along its link — which is
// what makes one packet's trip followable in slow motion. At time t a packet is
//   - queued (t < tx_s): in its link's buffer stack, beside the lane at the link's head, as far
//     from the head as there are bytes to send before it, (tx_s − t) · rate / 8 — so the stack
//     drains at the link's rate, packet by packet;
//   - serialising (tx_s ≤ t < wire_s): at the head of the stack, where the wire starts;
//   - on the wire (wire_s ≤ t < arrive_s): (t − wire_s) / (arrive_s − wire_s) of the way along;
//   - gone (t ≥ arrive_s): it is on its next link, which the next snapshot says.
// Each duplex link is one drawn line with two lanes: a packet travels on the right-hand side of
// its direction of travel (data one way, ACKs back on the other side).
import { i18n } from '../i18n/i18n';
import type { PacketMark, TopologyLink } from '../types';
import type { EdgeGeom, Layout } from './layout';

/** At most this many packet marks are drawn per frame (the engine already samples to 400). */
export const MAX_DRAWN = 400;
/** Distance of a lane from the drawn line's centre, px. */
export const LANE = 3.5;
/** Radius of a data packet's mark (animator.ts); ACKs are smaller. */
export const MARK_RADIUS = 3.2;
/** Distance of the buffer stack's centre from the line's centre (beyond the lane), px. */
export const STACK_OFFSET = 11;
/** The stack's width across the link, px. */
export const STACK_WIDTH = 8;
/** Where the stack starts (px from the sending node) and its longest length, px. */
const STACK_START = 14;
const STACK_MAX = 80;
/** Where a curved link's stack starts, as a fraction of its length. */
const FAN_START = 0.1;
/** A full frame, for the scale of a buffer without a byte limit (bytes). */
export const FRAME_BYTES = 1500;
/** An unlimited buffer's stack is scaled to this many full frames (longer queues pile at the tail). */
export const UNLIMITED_FRAMES = 64;

export type MarkState = 'queued' | 'tx' | 'wire';

export interface DrawnMark {
  x: number;
  y: number;
  flow: number;
  link: string;
  data: boolean;
  ce: boolean;
  /** A QUIC data packet's stream: its mark takes the stream's colour (as in the stream charts). */
  stream: number | null;
  /** The packet's number (segment / QUIC packet number, or an ACK's cumulative ACK). */
  seq: number;
  /** An MPTCP packet's subflow (its path number, as `drops` names it); null for other packets. */
  subflow?: number | null;
  /**
   * When it leaves this link's transmitter (simulated s): no two packets leave one transmitter
   * at once, so with the link it names the packet even among identical duplicate ACKs.
   */
  wire_s?: number;
  state: MarkState;
  /** Unit vector across the lane (to the right of travel): a queued packet is a bar across its stack. */
  nx: number;
  ny: number;
}

/** A link direction as drawn: its edge, whether it runs the edge's way, its buffer stack's span. */
export interface LaneGeom {
  edge: EdgeGeom;
  link: TopologyLink;
  /** The link runs from the edge's start to its end (the forward link), else backwards. */
  forward: boolean;
  /** The stack's tail and head as fractions along the link's own direction (tail < head). */
  tail: number;
  head: number;
  /** The wire starts here (the stack's head for a link with a drawn buffer, else at the node). */
  wire0: number;
  /** Bytes the full stack stands for. */
  capacityBytes: number;
}

/** Length of an edge in px (a polyline of 16 pieces; enough for these gentle curves). */
export function edgeLength(e: EdgeGeom): number {
  let len = 0;
  let prev = { x: e.x0, y: e.y0 };
  for (let i = 1; i <= 16; i++) {
    const pt = bezier(e, i / 16);
    len += Math.hypot(pt.x - prev.x, pt.y - prev.y);
    prev = pt;
  }
  return len;
}

/** The drawn geometry of link `id` (forward or reverse), or null when the layout has no such link. */
export function laneOf(layout: Layout, id: string): LaneGeom | null {
  const edge = layout.edgeOf.get(id);
  if (!edge) return null;
  const forward = edge.link.id === id;
  const link = forward ? edge.link : edge.reverse;
  if (!link) return null;
  const len = Math.max(1, edgeLength(edge));
  // A curved link (one of a fan of parallel paths) leaves its node next to its neighbours:
  // its stack starts where the fan has spread (a tenth of the way, ~20 px between paths) and
  // is shorter, clear of the queue read-outs at the paths' apexes.
  const bent = Math.hypot(edge.cx - (edge.x0 + edge.x1) / 2, edge.cy - (edge.y0 + edge.y1) / 2) > 1;
  const stack = Math.min(STACK_MAX, (bent ? 0.1 : 0.3) * len);
  const tail = Math.min(0.45, bent ? Math.max(FAN_START, STACK_START / len) : STACK_START / len);
  const head = Math.min(0.9, tail + stack / len);
  return {
    edge,
    link,
    forward,
    tail,
    head,
    // Links with a queue the scenario reports get a drawn buffer; their packets leave it at its head.
    wire0: link.reported ? head : 0,
    capacityBytes: link.buffer_bytes ?? UNLIMITED_FRAMES * FRAME_BYTES,
  };
}

/**
 * The point `d` (0‥1, in the link's own direction) along a lane, `offset` px to the right of
 * the direction of travel.
 */
export function lanePoint(g: LaneGeom, d: number, offset: number): { x: number; y: number; nx: number; ny: number } {
  const t = Math.min(1, Math.max(0, g.forward ? d : 1 - d));
  const pt = bezier(g.edge, t);
  // Tangent of the edge at t; the right-hand side of travel is the edge's normal for the
  // forward link and its opposite for the reverse one (screen y points down).
  const u = 1 - t;
  let tx = 2 * u * (g.edge.cx - g.edge.x0) + 2 * t * (g.edge.x1 - g.edge.cx);
  let ty = 2 * u * (g.edge.cy - g.edge.y0) + 2 * t * (g.edge.y1 - g.edge.cy);
  const n = Math.hypot(tx, ty) || 1;
  tx /= n;
  ty /= n;
  const side = g.forward ? 1 : -1;
  return { x: pt.x - ty * offset * side, y: pt.y + tx * offset * side, nx: -ty * side, ny: tx * side };
}

/** A data mark's colour: its QUIC stream's (the stream charts' colour), else its flow's. */
export function markColor(m: Pick<DrawnMark, 'flow' | 'stream'>, color: (index: number) => string): string {
  return color(m.stream ?? m.flow);
}

/** Where packet `m` is at simulated time `tS` on its link (see the file comment); null once it has arrived. */
export function placePacket(m: PacketMark, g: LaneGeom, tS: number): DrawnMark | null {
  if (!(tS < m.arrive_s)) return null;
  const base = { flow: m.flow, link: m.link, data: m.data, ce: m.ce, stream: m.stream ?? null, seq: m.seq, subflow: m.subflow ?? null, wire_s: m.wire_s };
  if (tS < m.tx_s) {
    const bytesAhead = ((m.tx_s - tS) * g.link.rate_mbps * 1e6) / 8;
    const fill = Math.min(1, bytesAhead / Math.max(1, g.capacityBytes));
    return { ...base, ...lanePoint(g, g.head - fill * (g.head - g.tail), STACK_OFFSET), state: 'queued' };
  }
  if (tS < m.wire_s) return { ...base, ...lanePoint(g, g.wire0, LANE), state: 'tx' };
  const span = m.arrive_s - m.wire_s;
  const p = span > 0 ? (tS - m.wire_s) / span : 1;
  return { ...base, ...lanePoint(g, g.wire0 + p * (1 - g.wire0), LANE), state: 'wire' };
}

/**
 * Screen positions of the packets at simulated time `tS` (≥ the snapshot's), evenly sampled
 * down to `max`; packets on links the layout does not draw are skipped.
 */
export function placeMarks(
  marks: readonly PacketMark[],
  layout: Layout,
  tS: number,
  max = MAX_DRAWN,
  /** Lane geometry by link id, kept between frames by the caller (filled here). */
  lanes = new Map<string, LaneGeom | null>(),
): DrawnMark[] {
  const out: DrawnMark[] = [];
  const stride = Math.max(1, Math.ceil(marks.length / max));
  for (let i = 0; i < marks.length; i += stride) {
    const m = marks[i]!;
    let g = lanes.get(m.link);
    if (g === undefined) lanes.set(m.link, (g = laneOf(layout, m.link)));
    if (!g) continue;
    const d = placePacket(m, g, tS);
    if (d) out.push(d);
  }
  return out;
}

/**
 * The outline of a link's buffer stack (a closed polygon beside its lane, tail to head): its
 * length is the buffer's capacity, what the queued packets fill.
 */
export function stackOutline(g: LaneGeom, steps = 8): { x: number; y: number }[] {
  const outer: { x: number; y: number }[] = [];
  const inner: { x: number; y: number }[] = [];
  for (let i = 0; i <= steps; i++) {
    const d = g.tail + ((g.head - g.tail) * i) / steps;
    outer.push(lanePoint(g, d, STACK_OFFSET + STACK_WIDTH / 2));
    inner.push(lanePoint(g, d, STACK_OFFSET - STACK_WIDTH / 2));
  }
  return [...outer, ...inner.reverse()];
}

/** Queued packets drawn per link (the buffer stacks' counts). */
export function stackCounts(marks: readonly DrawnMark[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of marks) if (m.state === 'queued') out.set(m.link, (out.get(m.link) ?? 0) + 1);
  return out;
}

/** The mark nearest (x, y) within `radius` px, for hovering a packet. */
export function markAt(marks: readonly DrawnMark[], x: number, y: number, radius = 6): DrawnMark | null {
  let best: DrawnMark | null = null;
  let bestD = radius;
  for (const m of marks) {
    const d = Math.hypot(m.x - x, m.y - y);
    if (d <= bestD) {
      best = m;
      bestD = d;
    }
  }
  return best;
}

/** "showing 400 of 2 131 packets" when the engine sampled, else "2 131 packets". */
export function sampleNote(shown: number, inNetwork: number): string {
  const fmt = (n: number) => n.toLocaleString('en-US').replace(/,/g, '\u2009');
  return shown < inNetwork
    ? i18n._({ id: 'topology.sample', message: 'showing {shown} of {total} packets', values: { shown: fmt(shown), total: fmt(inNetwork) } })
    : i18n._({ id: 'topology.packets', message: '{count, plural, one {{n} packet} other {{n} packets}}', values: { count: inNetwork, n: fmt(inNetwork) } });
}

function bezier(e: EdgeGeom, t: number): { x: number; y: number } {
  const u = 1 - t;
  return { x: u * u * e.x0 + 2 * u * t * e.cx + t * t * e.x1, y: u * u * e.y0 + 2 * u * t * e.cy + t * t * e.y1 };
}

/**
 * Estimates simulated time between snapshots from the last two (simulated time, wall time)
 * pairs: the measured simulated-per-wall rate, projected at most `maxAheadMs` past the newest.
 */
export class SimClock {
  private t = 0;
  private wall = 0;
  private rate = 0;

  constructor(private readonly maxAheadMs = 100) {}

  /** A snapshot for simulated time `tS` arrived at wall time `wallMs`; `running` = playing. */
  observe(tS: number, wallMs: number, running: boolean): void {
    if (running && tS > this.t && wallMs > this.wall && this.wall > 0) {
      const r = (tS - this.t) / (wallMs - this.wall);
      // Smooth: snapshots arrive with jitter.
      this.rate = this.rate > 0 ? 0.7 * this.rate + 0.3 * r : r;
    } else if (!running || tS < this.t) {
      this.rate = 0;
    }
    this.t = tS;
    this.wall = wallMs;
  }

  stop(): void {
    this.rate = 0;
  }

  /** The most simulated seconds the clock projects past a snapshot (0 when stopped). */
  maxAhead(): number {
    return this.rate * this.maxAheadMs;
  }

  /** Simulated seconds past the newest snapshot at wall time `wallMs`. */
  ahead(wallMs: number): number {
    if (this.rate <= 0) return 0;
    return this.rate * Math.min(Math.max(0, wallMs - this.wall), this.maxAheadMs);
  }
}
