// Where the topology view draws nodes and links. Pure geometry, unit-tested.
//
// The engine describes any network as nodes and one-way links (every forward link has a
// reverse twin for ACKs). The view draws each duplex pair once, as the forward link (the one
// data flows cross), with two lanes: data on one side of the line, ACKs on the other
// (topology/marks.ts). The automatic layout is layered and deterministic (no physics, no
// randomness): routers take columns by their longest distance (in forward links) from the
// routers the senders feed, hosts sit outside them — a sender feeding the first router column
// on the far left, a receiver fed by the last one on the far right, and a host attached to a
// router in between just above (senders) or below (receivers) its router — so a dumbbell reads
// senders, r1, r2, receivers left to right, a parking lot is a row of routers with its short
// flows' hosts above and below, and a parallel multipath topology is two hosts joined by a fan
// of curved paths. Links between the same two nodes are bent apart as quadratic Bézier curves,
// and a straight link that would cross another node bends around it. Positions the scenario
// gives (node `x`, `y`) or the user dragged (the `layout=` URL parameter, topology/positions.ts)
// win over the automatic ones.
import type { Topology, TopologyLink } from '../types';

/**
 * Where a node's name goes: left/right of an outer host, above a router or a host above one,
 * below a host below one, at the upper left of a router with a host above it.
 */
export type NodeSide = 'left' | 'right' | 'above' | 'below' | 'upper-left';

export interface NodePos {
  id: string;
  kind: string;
  x: number;
  y: number;
  column: number;
  side: NodeSide;
}

/** A node position as fractions (0‥1) of the picture's inner area (inside MARGIN). */
export interface Fraction {
  fx: number;
  fy: number;
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

/** Column and side of every node (see the file comment); deterministic. */
export function placeColumns(topo: Topology, pairs = duplexPairs(topo)): Map<string, { column: number; side: NodeSide }> {
  const kind = new Map(topo.nodes.map((n) => [n.id, n.kind]));
  const routers = topo.nodes.filter((n) => n.kind === 'router').map((n) => n.id);
  const out = new Map<string, { column: number; side: NodeSide }>();
  if (routers.length === 0) {
    // Hosts only (a single link, parallel paths): columns by distance from the sources.
    const col = columns(
      topo.nodes.map((n) => n.id),
      pairs.map((p) => p.link),
    );
    const last = Math.max(0, ...col.values());
    for (const n of topo.nodes) {
      const c = col.get(n.id) ?? 0;
      out.set(n.id, { column: c, side: c === 0 && last > 0 ? 'left' : 'right' });
    }
    return out;
  }
  // Columns follow the flows' routes when there are any (a link no flow crosses, e.g. one
  // closing a ring, must not push a router a column further), else every router-router link.
  const onPath = new Set(topo.flows.flatMap((f) => f.path));
  const between = pairs.map((p) => p.link).filter((l) => kind.get(l.from) === 'router' && kind.get(l.to) === 'router');
  const routed = between.filter((l) => onPath.has(l.id));
  const rc = columns(routers, routed.length > 0 ? routed : between);
  const first = 1;
  const last = Math.max(...rc.values()) + 1;
  for (const r of routers) out.set(r, { column: (rc.get(r) ?? 0) + 1, side: 'above' });
  for (const n of topo.nodes) {
    if (n.kind === 'router') continue;
    // The routers this host sends into and receives from (forward links).
    const into = pairs.filter((p) => p.link.from === n.id && kind.get(p.link.to) === 'router').map((p) => out.get(p.link.to)!.column);
    const from = pairs.filter((p) => p.link.to === n.id && kind.get(p.link.from) === 'router').map((p) => out.get(p.link.from)!.column);
    if (into.length > 0 && Math.min(...into) === first) out.set(n.id, { column: 0, side: 'left' });
    else if (from.length > 0 && Math.max(...from) === last) out.set(n.id, { column: last + 1, side: 'right' });
    else if (into.length > 0) out.set(n.id, { column: Math.min(...into), side: 'above' });
    else if (from.length > 0) out.set(n.id, { column: Math.max(...from), side: 'below' });
    // A host linked to no router (or only to hosts): with the senders.
    else out.set(n.id, { column: 0, side: 'left' });
  }
  return out;
}

/** Positions the scenario gives (node x/y): fractions when all lie in 0‥1, else their bounding box fitted to the picture. */
export function scenarioFractions(topo: Topology): Map<string, Fraction> {
  const given = topo.nodes.filter((n) => typeof n.x === 'number' && typeof n.y === 'number' && Number.isFinite(n.x) && Number.isFinite(n.y));
  const out = new Map<string, Fraction>();
  if (given.length === 0) return out;
  const xs = given.map((n) => n.x!);
  const ys = given.map((n) => n.y!);
  const unit = [...xs, ...ys].every((v) => v >= 0 && v <= 1);
  const [x0, x1, y0, y1] = unit ? [0, 1, 0, 1] : [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  for (const n of given) out.set(n.id, { fx: x1 > x0 ? (n.x! - x0) / (x1 - x0) : 0.5, fy: y1 > y0 ? (n.y! - y0) / (y1 - y0) : 0.5 });
  return out;
}

/**
 * Lays out `topo` in a `width` × `height` picture. `fixed` (fractions of the inner area, e.g.
 * dragged by the user) wins over the scenario's node x/y, which wins over the automatic layout.
 */
export function layoutTopology(topo: Topology, width: number, height: number, fixed: ReadonlyMap<string, Fraction> = new Map()): Layout {
  const pairs = duplexPairs(topo);
  const placed = placeColumns(topo, pairs);
  const nCols = Math.max(0, ...[...placed.values()].map((p) => p.column)) + 1;
  const innerW = Math.max(1, width - 2 * MARGIN.x);
  const innerH = Math.max(1, height - 2 * MARGIN.y);
  const byCol = new Map<number, typeof topo.nodes>();
  for (const n of topo.nodes) {
    const c = placed.get(n.id)?.column ?? 0;
    byCol.set(c, [...(byCol.get(c) ?? []), n]);
  }
  // Gaps crossed by a reported link (a bottleneck, with its queue bar and packets) get twice
  // the room of the others.
  const gap = Array.from({ length: nCols }, () => 1);
  for (const p of pairs) {
    const a = placed.get(p.link.from)?.column ?? 0;
    const b = placed.get(p.link.to)?.column ?? 0;
    if (p.link.reported && b === a + 1) gap[b] = 2;
  }
  gap[0] = 0;
  const cum: number[] = [];
  gap.forEach((g, i) => cum.push((cum[i - 1] ?? 0) + g));
  const total = cum[nCols - 1] ?? 0;
  const given = new Map([...scenarioFractions(topo), ...fixed]);
  const nodes: NodePos[] = [];
  for (const [c, list] of byCol) {
    // Hosts above their router, then the router(s), then hosts below; otherwise as listed.
    const row = (n: (typeof list)[number]) => (n.kind === 'router' ? 1 : ({ above: 0, left: 1, right: 1, below: 2, 'upper-left': 1 } as const)[placed.get(n.id)?.side ?? 'left']);
    const rowed = list
      .map((n, i) => ({ n, i }))
      .sort((a, b) => row(a.n) - row(b.n) || a.i - b.i)
      .map((r) => r.n);
    rowed.forEach((n, i) => {
      const g = given.get(n.id);
      const at = placed.get(n.id) ?? { column: c, side: 'left' as NodeSide };
      // A router with a host above it (its link runs up through "above") names itself at its upper left.
      const hostAbove = n.kind === 'router' && rowed.some((m) => m.kind !== 'router' && placed.get(m.id)?.side === 'above');
      nodes.push({
        id: n.id,
        kind: n.kind,
        column: c,
        side: n.kind === 'router' ? (hostAbove ? 'upper-left' : 'above') : at.side,
        x: MARGIN.x + (g ? clamp01(g.fx) * innerW : total === 0 ? innerW / 2 : (innerW * (cum[c] ?? 0)) / total),
        y: MARGIN.y + (g ? clamp01(g.fy) * innerH : (innerH * (i + 0.5)) / rowed.length),
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
    let apex = (j - (k - 1) / 2) * step;
    const make = (ap: number): EdgeGeom => ({ id: p.link.id, link: p.link, reverse: p.reverse, x0: a.x, y0: a.y, cx: mx + 2 * ap * nx, cy: my + 2 * ap * ny, x1: b.x, y1: b.y });
    // A single link that would run through another node bends around it (the first free of
    // a few bends, else the smallest).
    if (k === 1) {
      const others = nodes.filter((n) => n !== a && n !== b);
      apex = [0, 28, -28, 56, -56, 84, -84].find((ap) => !passesNode(make(ap), others)) ?? 0;
    }
    const e = make(apex);
    edges.push(e);
    edgeOf.set(p.link.id, e);
    if (p.reverse) edgeOf.set(p.reverse.id, e);
  }
  return { width, height, nodes, edges, edgeOf };
}

/** Closer than this (px) to a node's centre, a link is drawn as running through it. */
export const NODE_CLEARANCE = 16;

/**
 * Whether the edge passes within NODE_CLEARANCE of one of `nodes` (its own ends excluded by the
 * caller), tested at 39 points along it.
 *
 * Only nodes inside the box around the curve's three control points (grown by the clearance)
 * are tested: a quadratic Bézier never leaves the triangle of its control points, so a node
 * outside that box is never near it, and the answer is the same as testing them all. With 100
 * hosts in a column (a 100-flow dumbbell: 200 edges, each tried at up to 7 bends against 200
 * nodes) testing every node at every point took ~300 ms of the page's main thread at load,
 * more than a second on a busy 2-core box (robust.spec's stall limit).
 */
export function passesNode(e: EdgeGeom, nodes: readonly { x: number; y: number }[]): boolean {
  const x0 = Math.min(e.x0, e.cx, e.x1) - NODE_CLEARANCE;
  const x1 = Math.max(e.x0, e.cx, e.x1) + NODE_CLEARANCE;
  const y0 = Math.min(e.y0, e.cy, e.y1) - NODE_CLEARANCE;
  const y1 = Math.max(e.y0, e.cy, e.y1) + NODE_CLEARANCE;
  const near = nodes.filter((n) => n.x >= x0 && n.x <= x1 && n.y >= y0 && n.y <= y1);
  if (near.length === 0) return false;
  const r2 = NODE_CLEARANCE * NODE_CLEARANCE;
  for (let i = 1; i < 40; i++) {
    const pt = pointAt(e, i / 40);
    for (const n of near) {
      const dx = n.x - pt.x;
      const dy = n.y - pt.y;
      if (dx * dx + dy * dy < r2) return true;
    }
  }
  return false;
}

function clamp01(v: number): number {
  return Math.min(1, Math.max(0, v));
}

/** A node's position as fractions of the inner area, the inverse of the placement above (for dragging). */
export function toFraction(layout: Pick<Layout, 'width' | 'height'>, x: number, y: number): Fraction {
  const innerW = Math.max(1, layout.width - 2 * MARGIN.x);
  const innerH = Math.max(1, layout.height - 2 * MARGIN.y);
  return { fx: clamp01((x - MARGIN.x) / innerW), fy: clamp01((y - MARGIN.y) / innerH) };
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
 * its label below, clear of the packet lane (topology/labels.ts), with a few pixels between
 * neighbours.
 */
export const FAN_STEP = 60;

/**
 * A view height that gives every node of the fullest column room (and fans room to spread):
 * a fan of reported paths gets FAN_STEP per path, up to `fanMax` (then some labels give way).
 * `scale`: the labels' size over the page's (projector mode's larger type needs more room).
 */
export function viewHeight(topo: Topology, min = 200, max = 420, fanMax = 640, scale = 1): number {
  const pairs = duplexPairs(topo);
  const perCol = new Map<number, number>();
  const kind = new Map(topo.nodes.map((n) => [n.id, n.kind]));
  // A host above or below its router takes more room than a row: its link to the router needs
  // room for its label, and the router's reported links their queue read-outs.
  // So do routers sharing a column (their links' labels and queue read-outs lie between them).
  const placed = placeColumns(topo, pairs);
  const routersIn = new Map<number, number>();
  for (const [id, { column: c }] of placed) if (kind.get(id) === 'router') routersIn.set(c, (routersIn.get(c) ?? 0) + 1);
  for (const [id, { column: c, side }] of placed) {
    const satellite = kind.get(id) !== 'router' && (side === 'above' || side === 'below');
    const sharing = kind.get(id) === 'router' && (routersIn.get(c) ?? 0) > 1;
    perCol.set(c, (perCol.get(c) ?? 0) + (satellite || sharing ? 1.6 : 1));
  }
  const fan = new Map<string, number>();
  const reported = new Map<string, number>();
  for (const p of pairs) {
    const key = `${p.link.from}>${p.link.to}`;
    fan.set(key, (fan.get(key) ?? 0) + 1);
    if (p.link.reported) reported.set(key, (reported.get(key) ?? 0) + 1);
  }
  const rows = Math.max(1, ...perCol.values(), ...[...fan.values()].map((k) => k * 1.2));
  const fanRows = Math.max(1, ...reported.values());
  const byRows = Math.min(max * scale, Math.max(min, rows * 56 * scale + 2 * MARGIN.y));
  const byFan = Math.min(fanMax * scale, (fanRows - 1) * FAN_STEP * scale + 2 * MARGIN.y);
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
