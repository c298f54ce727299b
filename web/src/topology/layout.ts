// Where the topology view draws nodes and links. Pure geometry, unit-tested.
//
// The engine describes any network as nodes and one-way links (every forward link has a
// reverse twin for ACKs). The view draws each duplex pair once, as the forward link (the one
// data flows cross), and places nodes in columns by their distance from the data sources, so a
// dumbbell reads left to right (senders, r1, r2, receivers) and a parallel multipath topology
// becomes two hosts joined by a fan of curved paths. Links between the same two nodes are
// bent apart as quadratic Bézier curves so each stays visible and clickable.
import type { Topology, TopologyLink } from '../types';

export interface NodePos {
  id: string;
  kind: string;
  x: number;
  y: number;
  column: number;
}

export interface EdgeGeom {
  /** The forward link's id (the one drawn and labelled). */
  id: string;
  link: TopologyLink;
  /** Its reverse twin (carries the ACKs), when there is one. */
  reverse: TopologyLink | null;
  x0: number;
  y0: number;
  /** Quadratic Bézier control point (equal to the midpoint for a straight link). */
  cx: number;
  cy: number;
  x1: number;
  y1: number;
}

export interface Layout {
  width: number;
  height: number;
  nodes: NodePos[];
  edges: EdgeGeom[];
  /** Any link id (forward or reverse) → the edge that draws it. */
  edgeOf: Map<string, EdgeGeom>;
}

export const MARGIN = { x: 70, y: 34 };

/** Pairs each link with its reverse twin; returns the forward ones with their twin. */
export function duplexPairs(topo: Topology): { link: TopologyLink; reverse: TopologyLink | null }[] {
  const onPath = new Set(topo.flows.flatMap((f) => f.path));
  const used = new Set<string>();
  const out: { link: TopologyLink; reverse: TopologyLink | null }[] = [];
  const byId = new Map(topo.links.map((l) => [l.id, l]));
  for (const l of topo.links) {
    if (used.has(l.id)) continue;
    // Prefer the engine's naming ("x" / "x-rev"), else any unused link the other way round.
    const named = byId.get(`${l.id}-rev`) ?? (l.id.endsWith('-rev') ? byId.get(l.id.slice(0, -4)) : undefined);
    const twin =
      named && !used.has(named.id) && named.from === l.to && named.to === l.from
        ? named
        : topo.links.find((r) => r !== l && !used.has(r.id) && r.from === l.to && r.to === l.from && !onPath.has(r.id) && !r.reported);
    used.add(l.id);
    if (!twin) {
      out.push({ link: l, reverse: null });
      continue;
    }
    used.add(twin.id);
    // The forward one is the one data crosses (on a flow's path or reported).
    const lFwd = onPath.has(l.id) || l.reported;
    const tFwd = onPath.has(twin.id) || twin.reported;
    out.push(tFwd && !lFwd ? { link: twin, reverse: l } : { link: l, reverse: twin });
  }
  return out;
}

/** Column of every node: its longest distance (in forward links) from a node nothing feeds. */
export function columns(nodeIds: readonly string[], forward: readonly { from: string; to: string }[]): Map<string, number> {
  const col = new Map(nodeIds.map((n) => [n, 0]));
  // Longest-path relaxation; at most |nodes| rounds, so a cycle cannot loop forever.
  for (let round = 0; round < nodeIds.length; round++) {
    let changed = false;
    for (const e of forward) {
      const c = (col.get(e.from) ?? 0) + 1;
      if (c > (col.get(e.to) ?? 0) && c < nodeIds.length) {
        col.set(e.to, c);
        changed = true;
      }
    }
    if (!changed) break;
  }
  return col;
}

export function layoutTopology(topo: Topology, width: number, height: number): Layout {
  const pairs = duplexPairs(topo);
  const col = columns(
    topo.nodes.map((n) => n.id),
    pairs.map((p) => p.link),
  );
  const nCols = Math.max(...col.values(), 0) + 1;
  const innerW = Math.max(1, width - 2 * MARGIN.x);
  const innerH = Math.max(1, height - 2 * MARGIN.y);
  const byCol = new Map<number, typeof topo.nodes>();
  for (const n of topo.nodes) {
    const c = col.get(n.id) ?? 0;
    byCol.set(c, [...(byCol.get(c) ?? []), n]);
  }
  // Gaps crossed by a reported link (a bottleneck, with its queue bar and packets) get twice
  // the room of the others.
  const gap = Array.from({ length: nCols }, () => 1);
  for (const p of pairs) {
    const a = col.get(p.link.from) ?? 0;
    const b = col.get(p.link.to) ?? 0;
    if (p.link.reported && b === a + 1) gap[b] = 2;
  }
  gap[0] = 0;
  const cum: number[] = [];
  gap.forEach((g, i) => cum.push((cum[i - 1] ?? 0) + g));
  const total = cum[nCols - 1] ?? 0;
  const nodes: NodePos[] = [];
  for (const [c, list] of byCol) {
    list.forEach((n, i) => {
      nodes.push({
        id: n.id,
        kind: n.kind,
        column: c,
        x: MARGIN.x + (total === 0 ? innerW / 2 : (innerW * (cum[c] ?? 0)) / total),
        y: MARGIN.y + (innerH * (i + 0.5)) / list.length,
      });
    });
  }
  const pos = new Map(nodes.map((n) => [n.id, n]));
  // Links sharing both ends fan out symmetrically around the straight line.
  const groupKey = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);
  const groups = new Map<string, number>();
  for (const p of pairs) groups.set(groupKey(p.link.from, p.link.to), (groups.get(groupKey(p.link.from, p.link.to)) ?? 0) + 1);
  const seen = new Map<string, number>();
  const edges: EdgeGeom[] = [];
  const edgeOf = new Map<string, EdgeGeom>();
  for (const p of pairs) {
    const a = pos.get(p.link.from);
    const b = pos.get(p.link.to);
    if (!a || !b) continue;
    const key = groupKey(p.link.from, p.link.to);
    const k = groups.get(key) ?? 1;
    const j = seen.get(key) ?? 0;
    seen.set(key, j + 1);
    const mx = (a.x + b.x) / 2;
    const my = (a.y + b.y) / 2;
    const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    // Unit normal; the apex of a quadratic curve sits halfway to its control point, so the
    // control point is offset twice the wanted apex distance. The fan fills the height.
    const nx = -(b.y - a.y) / len;
    const ny = (b.x - a.x) / len;
    const step = k > 1 ? Math.min(innerH / (k - 1), 90) : 0;
    const apex = (j - (k - 1) / 2) * step;
    const e: EdgeGeom = {
      id: p.link.id,
      link: p.link,
      reverse: p.reverse,
      x0: a.x,
      y0: a.y,
      cx: mx + 2 * apex * nx,
      cy: my + 2 * apex * ny,
      x1: b.x,
      y1: b.y,
    };
    edges.push(e);
    edgeOf.set(p.link.id, e);
    if (p.reverse) edgeOf.set(p.reverse.id, e);
  }
  return { width, height, nodes, edges, edgeOf };
}

/** The point at fraction `p` (0‥1) along an edge. */
export function pointAt(e: EdgeGeom, p: number): { x: number; y: number } {
  const t = Math.min(1, Math.max(0, p));
  const u = 1 - t;
  return {
    x: u * u * e.x0 + 2 * u * t * e.cx + t * t * e.x1,
    y: u * u * e.y0 + 2 * u * t * e.cy + t * t * e.y1,
  };
}

/** SVG path data of an edge. */
export function edgePath(e: EdgeGeom): string {
  return `M${e.x0},${e.y0} Q${e.cx},${e.cy} ${e.x1},${e.y1}`;
}

/**
 * Height a fan of reported paths needs per path: its queue read-out and bar above the line and
 * its label below (topology/labels.ts), with a few pixels between neighbours.
 */
export const FAN_STEP = 52;

/**
 * A view height that gives every node of the fullest column room (and fans room to spread):
 * a fan of reported paths gets FAN_STEP per path, up to `fanMax` (then some labels give way).
 */
export function viewHeight(topo: Topology, min = 200, max = 420, fanMax = 640): number {
  const pairs = duplexPairs(topo);
  const col = columns(
    topo.nodes.map((n) => n.id),
    pairs.map((p) => p.link),
  );
  const perCol = new Map<number, number>();
  for (const c of col.values()) perCol.set(c, (perCol.get(c) ?? 0) + 1);
  const fan = new Map<string, number>();
  const reported = new Map<string, number>();
  for (const p of pairs) {
    const key = `${p.link.from}>${p.link.to}`;
    fan.set(key, (fan.get(key) ?? 0) + 1);
    if (p.link.reported) reported.set(key, (reported.get(key) ?? 0) + 1);
  }
  const rows = Math.max(1, ...perCol.values(), ...[...fan.values()].map((k) => k * 1.2));
  const fanRows = Math.max(1, ...reported.values());
  const byRows = Math.min(max, Math.max(min, rows * 56 + 2 * MARGIN.y));
  const byFan = Math.min(fanMax, (fanRows - 1) * FAN_STEP + 2 * MARGIN.y);
  return Math.round(Math.max(byRows, byFan));
}

/** "100 Mbit/s · 2 ms": a link's rate and one-way delay. */
export function linkLabel(l: Pick<TopologyLink, 'rate_mbps' | 'delay_ms'>): string {
  const rate = l.rate_mbps >= 1000 ? `${trim(l.rate_mbps / 1000)} Gbit/s` : l.rate_mbps >= 1 ? `${trim(l.rate_mbps)} Mbit/s` : `${trim(l.rate_mbps * 1000)} kbit/s`;
  return `${rate} · ${trim(l.delay_ms)} ms`;
}

function trim(x: number): string {
  // Up to 3 significant decimals, no trailing zeros: 100 → "100", 2.5 → "2.5", 0.125 → "0.125".
  return String(Number(x.toFixed(x >= 100 ? 0 : x >= 10 ? 1 : 3)));
}
