// A gallery card's preview picture, drawn from the preset's scenario text alone (no run, no
// engine call): its network, shaped as the engine describes networks (topology/testTopologies.ts
// shows the engine's own naming) so the lab's layout code (topology/layout.ts) places it, plus a
// caption with the flows and their algorithms. Pure and deterministic; unit-tested.
import { i18n } from '../i18n/i18n';
import type { Topology, TopologyLink } from '../types';

/** Paths of a parallel topology drawn at most (the FSFS presets have up to 20). */
export const MAX_PATHS = 8;

export interface Preview {
  /** The network, for layoutTopology (only ids, kinds, directions and `reported` matter). */
  topology: Topology;
  /** Parallel paths beyond MAX_PATHS, not drawn ("+12 paths"). */
  hiddenPaths: number;
  /** One line: flow count and algorithms, e.g. "2 flows · cubic" or "MPTCP · ecf3 · lia". */
  caption: string;
}

type Json = Record<string, unknown>;

const obj = (v: unknown): Json => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const num = (v: unknown, d: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

function link(id: string, from: string, to: string, reported: boolean, rate = 0): TopologyLink {
  return { id, from, to, rate_mbps: rate, delay_ms: 0, buffer_bytes: null, loss: 0, reported };
}

/** The network of a dumbbell, parallel or graph topology (empty for anything else). */
function network(topo: Json): { topology: Topology; hiddenPaths: number } {
  const nodes: Topology['nodes'] = [];
  const links: TopologyLink[] = [];
  let hiddenPaths = 0;
  if (topo.kind === 'dumbbell') {
    nodes.push({ id: 'r1', kind: 'router' }, { id: 'r2', kind: 'router' });
    links.push(link('bottleneck', 'r1', 'r2', true, num(obj(topo.bottleneck).rate_mbps, 0)));
    arr(topo.senders).forEach((_, i) => {
      nodes.push({ id: `s${i + 1}`, kind: 'host' }, { id: `d${i + 1}`, kind: 'host' });
      links.push(link(`access${i + 1}`, `s${i + 1}`, 'r1', false), link(`egress${i + 1}`, 'r2', `d${i + 1}`, false));
    });
  } else if (topo.kind === 'parallel') {
    nodes.push({ id: 'src', kind: 'host' }, { id: 'dst', kind: 'host' });
    const total = arr(topo.paths).reduce<number>((n, p) => n + Math.max(1, Math.floor(num(obj(p).count, 1))), 0);
    const drawn = Math.min(total, MAX_PATHS);
    hiddenPaths = total - drawn;
    for (let i = 1; i <= drawn; i++) links.push(link(`path${i}`, 'src', 'dst', true));
  } else if (topo.kind === 'graph') {
    for (const n of arr(topo.nodes)) {
      const o = obj(n);
      const id = str(o.name);
      if (id === null) continue;
      nodes.push({ id, kind: o.kind === 'router' ? 'router' : 'host', ...(typeof o.x === 'number' && typeof o.y === 'number' ? { x: o.x, y: o.y } : {}) });
    }
    arr(topo.links).forEach((l, i) => {
      const o = obj(l);
      const from = str(o.from);
      const to = str(o.to);
      // A named link is one the lab reports (queue chart, summary row): the bottlenecks.
      if (from !== null && to !== null) links.push(link(str(o.name) ?? `link${i + 1}`, from, to, str(o.name) !== null));
    });
  }
  return { topology: { nodes, links, flows: [], generated_flows: 0 }, hiddenPaths };
}

/** "2 flows · cubic", "MPTCP · ecf3 · lia", "QUIC · 10 streams · abs", "Poisson arrivals · fsfs · lia". */
function caption(s: Json): string {
  const flows = arr(s.flows).map(obj);
  const count = flows.reduce((n, f) => n + Math.max(1, Math.floor(num(f.count, 1))), 0);
  const parts: string[] = [];
  const algos = new Set<string>();
  const traffic = obj(s.traffic);
  if (Object.keys(traffic).length > 0) {
    parts.push(i18n._({ id: 'preview.poisson', message: 'Poisson arrivals' }));
    const sched = str(obj(traffic.mptcp).flow_sched);
    if (sched) algos.add(sched);
    const cc = str(traffic.cc);
    if (cc) algos.add(cc);
  }
  const kinds = new Set(flows.map((f) => str(f.kind) ?? 'tcp'));
  if (count > 0) {
    const label = kinds.has('mptcp') ? 'MPTCP' : kinds.has('quic') ? 'QUIC' : 'TCP';
    parts.push(
      count === 1
        ? i18n._({ id: 'preview.flow', message: '1 {label} flow', values: { label } })
        : i18n._({ id: 'preview.flows', message: '{count} {label} flows', values: { count, label } }),
    );
  }
  for (const f of flows) {
    const sched = str(obj(f.mptcp).scheduler) ?? str(obj(f.quic).scheduler);
    if (sched) algos.add(sched);
    const cc = str(f.cc);
    if (cc) algos.add(cc);
  }
  return [...parts, ...algos].join(' · ');
}

/** The preview of a preset's scenario text; null when the text is not a scenario object. */
export function presetPreview(text: string | undefined): Preview | null {
  if (text === undefined) return null;
  let s: Json;
  try {
    s = obj(JSON.parse(text));
  } catch {
    return null;
  }
  if (Object.keys(s).length === 0) return null;
  return { ...network(obj(s.topology)), caption: caption(s) };
}
