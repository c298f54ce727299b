// Editing a graph topology as a picture (issue 15 item 5): the pure operations behind the
// editor's buttons and drags, on the scenario JSON. The format is docs/model/topology.md
// (`topology.kind = "graph"`: named host/router nodes with optional x/y, links between them
// by node name, flows with `from`/`to`/`route`, MPTCP `mptcp.routes`, `traffic.from`/`to`).
// Nothing here validates: the engine's validator judges the result, and an operation never
// refuses an edit the user made (a duplicate name stays, for the validator to name).
// Names are what links, flows and routes refer to, so a rename rewrites every reference.
import { type Json, getAt, setAt } from './jsonPath';
import { layoutTopology } from '../topology/layout';
import type { Topology } from '../types';

export type NodeKind = 'host' | 'router';
type Obj = Record<string, Json>;

function asObj(v: Json | undefined): Obj | null {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? v : null;
}
function list(v: Json | undefined): Json[] {
  return Array.isArray(v) ? v : [];
}

/** The graph's nodes as {name, kind, x, y} (non-objects skipped; missing fields as given). */
export function graphNodes(scenario: Json | undefined): { name: string; kind: string; x?: number; y?: number; index: number }[] {
  return list(getAt(scenario, 'topology.nodes')).flatMap((n, index) => {
    const o = asObj(n);
    if (!o) return [];
    return [
      {
        name: typeof o.name === 'string' ? o.name : '',
        kind: typeof o.kind === 'string' ? o.kind : '',
        x: typeof o.x === 'number' ? o.x : undefined,
        y: typeof o.y === 'number' ? o.y : undefined,
        index,
      },
    ];
  });
}

/** The graph's links as {from, to, name} with their index in `topology.links`. */
export function graphLinks(scenario: Json | undefined): { from: string; to: string; name: string; index: number }[] {
  return list(getAt(scenario, 'topology.links')).flatMap((l, index) => {
    const o = asObj(l);
    if (!o) return [];
    const from = typeof o.from === 'string' ? o.from : '';
    const to = typeof o.to === 'string' ? o.to : '';
    // The engine's default name (topology.md §Graph format).
    return [{ from, to, name: typeof o.name === 'string' && o.name !== '' ? o.name : `${from}-${to}`, index }];
  });
}

/** The first free name `prefix<n>` (n from 1), e.g. "h3" after h1, h2. */
export function freshName(scenario: Json | undefined, prefix: string): string {
  const used = new Set(graphNodes(scenario).map((n) => n.name));
  let k = 1;
  while (used.has(`${prefix}${k}`)) k++;
  return `${prefix}${k}`;
}

/** An empty graph to start drawing on. */
export const EMPTY_GRAPH: Json = { kind: 'graph', nodes: [], links: [] };

/** A new link's properties: 10 Mbit/s, 10 ms, the engine's default buffer (1 BDP) and queue. */
export const NEW_LINK: Readonly<Obj> = { rate_mbps: 10, delay_ms: 10 };

/**
 * The scenario with a node added; its name is fresh for its kind (h1, r1, …). Without (x, y)
 * the node is unplaced: the picture (here and in the lab) lays it out with the others
 * ([`defaultPositions`]); a position is written only where the user puts a node.
 */
export function addNode(scenario: Json | undefined, kind: NodeKind, x?: number, y?: number, name?: string): { scenario: Json; name: string } {
  const n = name ?? freshName(scenario, kind === 'host' ? 'h' : 'r');
  const at: Obj = x !== undefined && y !== undefined ? { x: round(x), y: round(y) } : {};
  const nodes = [...list(getAt(scenario, 'topology.nodes')), { name: n, kind, ...at }];
  return { scenario: setAt(scenario, 'topology.nodes', nodes), name: n };
}

/** Positions are kept to a tenth of a unit: the JSON stays readable. */
function round(v: number): number {
  return Math.round(v * 10) / 10;
}

/** The scenario with node `index` at (x, y) (the picture's coordinates, written as x/y). */
export function moveNode(scenario: Json | undefined, index: number, x: number, y: number): Json {
  const node = asObj(getAt(scenario, ['topology', 'nodes', index]));
  if (!node) return scenario ?? null;
  return setAt(scenario, ['topology', 'nodes', index], { ...node, x: round(x), y: round(y) });
}

/** The scenario with a link from → to added (at the end of `topology.links`), and its index. */
export function addLink(scenario: Json | undefined, from: string, to: string, props: Readonly<Obj> = NEW_LINK): { scenario: Json; index: number } {
  const links = list(getAt(scenario, 'topology.links'));
  return { scenario: setAt(scenario, 'topology.links', [...links, { from, to, ...props }]), index: links.length };
}

/** The scenario without link `index`. */
export function removeLink(scenario: Json | undefined, index: number): Json {
  return setAt(scenario, ['topology', 'links', index], undefined);
}

/**
 * The scenario without node `index` and the links that touch it. Flows naming it keep their
 * `from`/`to` (the validator then names them): deleting a node must not silently delete a
 * flow the user configured.
 */
export function removeNode(scenario: Json | undefined, index: number): Json {
  const node = asObj(getAt(scenario, ['topology', 'nodes', index]));
  let out = setAt(scenario, ['topology', 'nodes', index], undefined);
  if (!node || typeof node.name !== 'string') return out;
  const name = node.name;
  const links = list(getAt(out, 'topology.links')).filter((l) => {
    const o = asObj(l);
    return !o || (o.from !== name && o.to !== name);
  });
  out = setAt(out, 'topology.links', links);
  return out;
}

/** A route (list of node names) with `from` renamed `to`; anything else as it is. */
function renameInRoute(route: Json | undefined, from: string, to: string): Json | undefined {
  return Array.isArray(route) ? route.map((x) => (x === from ? to : x)) : route;
}

/** `scenario` with each object of the list at `path` replaced by `f(it)` (other items kept). */
function mapObjects(scenario: Json, path: string, f: (o: Obj) => Json): Json {
  const list = getAt(scenario, path);
  if (!Array.isArray(list)) return scenario;
  return setAt(
    scenario,
    path,
    list.map((item) => {
      const o = asObj(item);
      return o ? f(o) : item;
    }),
  );
}

/**
 * The scenario with node `index` renamed `to`, and every reference to its old name with it:
 * links' `from`/`to`, flows' `from`/`to`/`route`, MPTCP `mptcp.routes`, `traffic.from`/`to`.
 * Link names are left alone (a link named after its ends, like "r1-r2", is still that link).
 */
export function renameNode(scenario: Json | undefined, index: number, to: string): Json {
  const node = asObj(getAt(scenario, ['topology', 'nodes', index]));
  if (!node) return scenario ?? null;
  const from = typeof node.name === 'string' ? node.name : null;
  let out = setAt(scenario, ['topology', 'nodes', index, 'name'], to);
  if (from === null || from === to) return out;
  const swap = (v: Json | undefined) => (v === from ? to : v);
  out = mapObjects(out, 'topology.links', (o) => ({ ...o, from: swap(o.from) ?? null, to: swap(o.to) ?? null }));
  out = mapObjects(out, 'flows', (o) => {
    const n: Obj = { ...o };
    if ('from' in n) n.from = swap(n.from) ?? null;
    if ('to' in n) n.to = swap(n.to) ?? null;
    if ('route' in n) n.route = renameInRoute(n.route, from, to) ?? null;
    const mp = asObj(n.mptcp);
    if (mp && Array.isArray(mp.routes)) n.mptcp = { ...mp, routes: mp.routes.map((r) => renameInRoute(r, from, to) ?? null) };
    return n;
  });
  const traffic = asObj(getAt(out, 'traffic'));
  if (traffic) {
    const t: Obj = { ...traffic };
    if ('from' in t) t.from = swap(t.from) ?? null;
    if ('to' in t) t.to = swap(t.to) ?? null;
    out = setAt(out, 'traffic', t);
  }
  return out;
}

/** The editor picture's size, in its coordinates (the lab's layout is computed at this size). */
export const PICTURE = { width: 680, height: 320 };

/**
 * Picture coordinates of every node: a placed node (x/y in the scenario: the user dragged it)
 * where it is; the others where the lab's layered layout puts them (topology/layout.ts: columns
 * along the links, hosts beside their router), so the editor shows the picture the lab will draw
 * and new nodes never pile up in a row with overlapping links and labels (issue 30, item 8).
 */
export function defaultPositions(scenario: Json | undefined): Map<number, { x: number; y: number }> {
  const nodes = graphNodes(scenario);
  const links = graphLinks(scenario);
  // A node with no link yet has no layer: it waits in a row under the picture until linked.
  const linked = new Set(links.flatMap((l) => [l.from, l.to]));
  let waiting = 0;
  const topo = {
    nodes: nodes.filter((n) => linked.has(n.name)).map((n) => ({ id: n.name, kind: n.kind })),
    links: links.map((l) => ({ id: l.name, from: l.from, to: l.to, rate_mbps: 0, delay_ms: 0, reported: false })),
    flows: [],
    generated_flows: 0,
  } as unknown as Topology;
  const laid = new Map(layoutTopology(topo, PICTURE.width, PICTURE.height).nodes.map((p) => [p.id, p]));
  const out = new Map<number, { x: number; y: number }>();
  for (const n of nodes) {
    const auto = laid.get(n.name);
    if (n.x !== undefined && n.y !== undefined) out.set(n.index, { x: n.x, y: n.y });
    else if (auto) out.set(n.index, { x: round(auto.x), y: round(auto.y) });
    else {
      const k = waiting++;
      out.set(n.index, { x: 60 + 110 * (k % 6), y: PICTURE.height + 40 + 90 * Math.floor(k / 6) });
    }
  }
  return out;
}

/**
 * The graph a dumbbell scenario expands into (topology.md §Shorthands): routers r1, r2; per
 * sender N (from 1) hosts sN, dN, access link sN → r1 (access rate, delay RTT/2 − bottleneck
 * delay, unlimited buffer), egress r2 → dN (no delay, unlimited); the bottleneck r1 → r2 with
 * the dumbbell's properties and an unlimited reverse buffer. A flow on sender N becomes
 * sN → dN. null when the scenario is not a dumbbell the conversion understands (then the
 * editor offers nothing rather than a different network).
 */
export function dumbbellToGraph(scenario: Json | undefined): Json | null {
  const t = asObj(getAt(scenario, 'topology'));
  if (!t || t.kind !== 'dumbbell') return null;
  const b = asObj(t.bottleneck) ?? {};
  const senders = list(t.senders);
  if (senders.length === 0 || senders.some((s) => typeof asObj(s)?.rtt_ms !== 'number')) return null;
  // Expanded senders (`count`) and per-sender RTT ranges have no one-to-one picture.
  if (senders.some((s) => Object.keys(asObj(s) ?? {}).some((k) => k !== 'rtt_ms'))) return null;
  const bdelay = typeof b.delay_ms === 'number' ? b.delay_ms : 1;
  // The engine's default access rate is ten times the bottleneck's (sim-wasm/core/src/scenario/build/topology.rs).
  const access = typeof t.access_rate_mbps === 'number' ? t.access_rate_mbps : typeof b.rate_mbps === 'number' ? 10 * b.rate_mbps : null;
  if (access === null) return null;
  const nodes: Json[] = [
    { name: 'r1', kind: 'router', x: 200, y: 150 },
    { name: 'r2', kind: 'router', x: 400, y: 150 },
  ];
  const links: Json[] = [{ name: 'bottleneck', from: 'r1', to: 'r2', ...b, reverse: { buffer: { unlimited: true } } }];
  const n = senders.length;
  senders.forEach((s, i) => {
    const rtt = asObj(s)!.rtt_ms as number;
    const y = n === 1 ? 150 : 40 + (220 * i) / (n - 1);
    nodes.push({ name: `s${i + 1}`, kind: 'host', x: 40, y }, { name: `d${i + 1}`, kind: 'host', x: 560, y });
    links.push(
      { name: `access${i + 1}`, from: `s${i + 1}`, to: 'r1', rate_mbps: access, delay_ms: Math.max(0, rtt / 2 - bdelay), buffer: { unlimited: true } },
      { name: `egress${i + 1}`, from: 'r2', to: `d${i + 1}`, rate_mbps: access, delay_ms: 0, buffer: { unlimited: true } },
    );
  });
  let out = setAt(scenario, 'topology', { kind: 'graph', nodes, links });
  const flows = getAt(out, 'flows');
  if (Array.isArray(flows)) {
    const moved: Json[] = [];
    for (const f of flows) {
      const o = asObj(f);
      if (!o) return null;
      const p = o.path === undefined ? 0 : o.path;
      if (typeof p !== 'number' || p < 0 || p >= n) return null;
      const { path: _path, ...rest } = o;
      moved.push({ ...rest, from: `s${p + 1}`, to: `d${p + 1}` });
    }
    out = setAt(out, 'flows', moved);
  }
  // Generated traffic on a dumbbell spreads over the senders; a graph needs one pair of hosts.
  if (getAt(out, 'traffic') !== undefined) return null;
  // The bottleneck keeps its name, so claims about it hold; knobs on it follow it to link 0.
  return forgetTopology(out, { keepLinkClaims: true, rebind: (b) => (b.startsWith('topology.bottleneck.') ? b.replace('topology.bottleneck.', 'topology.links.0.') : null) });
}

/**
 * The scenario with topology `topology` (a fresh template of another kind), its flows' and
 * traffic's host fields made to fit: a graph names hosts (`from`/`to`/`route`, MPTCP
 * `mptcp.routes`) and refuses `path`; a dumbbell or parallel topology is the other way round.
 * Other flow settings (controller, size, start) are kept.
 */
export function switchTopology(scenario: Json | undefined, topology: Json): Json {
  const toGraph = asObj(topology)?.kind === 'graph';
  let out = setAt(scenario, 'topology', topology);
  out = mapObjects(out, 'flows', (o) => {
    const n: Obj = { ...o };
    if (toGraph) delete n.path;
    else {
      delete n.from;
      delete n.to;
      delete n.route;
      const mp = asObj(n.mptcp);
      if (mp && 'routes' in mp) {
        const { routes: _r, ...rest } = mp;
        n.mptcp = rest;
      }
    }
    return n;
  });
  const traffic = asObj(getAt(out, 'traffic'));
  if (traffic && !toGraph) {
    const { from: _f, to: _t, ...rest } = traffic;
    out = setAt(out, 'traffic', rest);
  }
  return forgetTopology(out);
}

/**
 * The scenario without what named the old network's fields: knob bindings into `topology.`
 * (a knob left with none goes), claims about its links (`links.<id>.…` metrics), and variants'
 * topology settings. The engine would refuse a knob bound to a field the new topology lacks.
 */
function forgetTopology(scenario: Json, opts: { keepLinkClaims?: boolean; rebind?: (path: string) => string | null } = {}): Json {
  let out = scenario;
  const dropped = new Set<Json | undefined>();
  const knobs = getAt(out, 'knobs');
  if (Array.isArray(knobs)) {
    const kept = knobs.flatMap((k) => {
      const o = asObj(k);
      if (!o || !Array.isArray(o.bind)) return [k];
      // A binding into the old topology moves where `rebind` says, else goes.
      const bind = o.bind.flatMap((b) => (typeof b === 'string' && b.startsWith('topology.') ? (opts.rebind?.(b) ?? []) : [b]));
      if (bind.length === 0) dropped.add(o.name);
      return bind.length === 0 ? [] : [{ ...o, bind }];
    });
    out = setAt(out, 'knobs', kept.length === 0 ? undefined : kept);
  }
  // A sweep over a knob that went, or claims that set one, went with it.
  const knobNames = new Set(list(getAt(out, 'knobs')).map((k) => asObj(k)?.name));
  const sweep = asObj(getAt(out, 'sweep'));
  if (sweep && !(knobNames.has(sweep.knob ?? null) && (sweep.algorithm_knob === undefined || knobNames.has(sweep.algorithm_knob)))) out = setAt(out, 'sweep', undefined);
  const expect = getAt(out, 'expect');
  const setsDropped = (side: Json | undefined) => Object.keys(asObj(asObj(side)?.set) ?? {}).some((k) => dropped.has(k));
  if (Array.isArray(expect)) {
    const kept = expect.filter((e) => {
      const o = asObj(e);
      if (o && (setsDropped(o.left) || setsDropped(o.right))) return false;
      return opts.keepLinkClaims || !/"metric":"links\./.test(JSON.stringify(e));
    });
    out = setAt(out, 'expect', kept.length === 0 ? undefined : kept);
  }
  // The worksheet's questions are written for the preset's own network and flows (the page
  // withholds them for an edited scenario anyway); they would name flows the new one lacks.
  out = setAt(out, 'worksheet', undefined);
  const variants = asObj(getAt(out, 'variants'));
  if (variants) {
    const next: Obj = {};
    for (const [name, v] of Object.entries(variants)) {
      const o = asObj(v);
      next[name] = o ? Object.fromEntries(Object.entries(o).filter(([k]) => k !== 'topology' && !k.startsWith('topology.'))) : v;
    }
    out = setAt(out, 'variants', next);
  }
  return out;
}
