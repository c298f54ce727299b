import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { initSync, validate_scenario } from '../../../sim-wasm/pkg/netlab_wasm.js';
import { EMPTY_GRAPH, addLink, addNode, dumbbellToGraph, graphLinks, moveNode, removeLink, removeNode, renameNode, switchTopology } from './graph';
import type { Json } from './jsonPath';

// The pure edits behind the graph editor's picture (issue 15 item 5).
const start = (): Json => ({ name: 'x', topology: EMPTY_GRAPH, flows: [] });

function lot(): Json {
  let s = start();
  for (const k of ['router', 'router', 'host', 'host'] as const) s = addNode(s, k, 0, 0).scenario;
  s = addLink(s, 'r1', 'r2').scenario;
  s = addLink(s, 'h1', 'r1').scenario;
  s = addLink(s, 'r2', 'h2').scenario;
  return { ...(s as object), flows: [{ from: 'h1', to: 'h2', route: ['h1', 'r1', 'r2', 'h2'], mptcp: { routes: [['h1', 'r1', 'r2', 'h2']] } }], traffic: { from: 'h1', to: 'h2' } };
}

describe('graph editing', () => {
  it('adds nodes with fresh names per kind, at the given position', () => {
    let s = start();
    const a = addNode(s, 'host', 10, 20.04);
    s = a.scenario;
    const b = addNode(s, 'host', 0, 0);
    s = b.scenario;
    s = addNode(s, 'router', 5, 5).scenario;
    expect([a.name, b.name]).toEqual(['h1', 'h2']);
    expect((s as any).topology.nodes).toEqual([
      { name: 'h1', kind: 'host', x: 10, y: 20 },
      { name: 'h2', kind: 'host', x: 0, y: 0 },
      { name: 'r1', kind: 'router', x: 5, y: 5 },
    ]);
    // A freed name is reused, not a gap left.
    expect(addNode(removeNode(s, 0), 'host', 0, 0).name).toBe('h1');
  });

  it('moving a node writes its x/y and nothing else', () => {
    const s = moveNode(lot(), 1, 123.456, -7);
    expect((s as any).topology.nodes[1]).toEqual({ name: 'r2', kind: 'router', x: 123.5, y: -7 });
    expect((s as any).topology.nodes[0]).toEqual((lot() as any).topology.nodes[0]);
  });

  it('adds and removes links; removing a node removes its links but keeps flows naming it', () => {
    const s = lot();
    expect(graphLinks(s).map((l) => l.name)).toEqual(['r1-r2', 'h1-r1', 'r2-h2']);
    const r = addLink(s, 'r1', 'r2', { rate_mbps: 5 });
    expect(r.index).toBe(3);
    expect((r.scenario as any).topology.links[3]).toEqual({ from: 'r1', to: 'r2', rate_mbps: 5 });
    expect(graphLinks(removeLink(s, 0)).map((l) => l.name)).toEqual(['h1-r1', 'r2-h2']);
    const gone = removeNode(s, 0) as any;
    expect(gone.topology.nodes.map((n: any) => n.name)).toEqual(['r2', 'h1', 'h2']);
    expect(graphLinks(gone).map((l) => l.name)).toEqual(['r2-h2']);
    expect(gone.flows[0].from).toBe('h1');
  });

  it('a rename follows every reference: links, flows, routes, MPTCP routes, traffic', () => {
    const s = renameNode(lot(), 0, 'core') as any;
    expect(s.topology.nodes[0].name).toBe('core');
    expect(s.topology.links.map((l: any) => [l.from, l.to])).toEqual([
      ['core', 'r2'],
      ['h1', 'core'],
      ['r2', 'h2'],
    ]);
    expect(s.flows[0].route).toEqual(['h1', 'core', 'r2', 'h2']);
    expect(s.flows[0].mptcp.routes).toEqual([['h1', 'core', 'r2', 'h2']]);
    const h = renameNode(lot(), 2, 'src') as any;
    expect([h.flows[0].from, h.flows[0].to, h.traffic.from]).toEqual(['src', 'h2', 'src']);
    // The input is not touched.
    expect((lot() as any).topology.links[0].from).toBe('r1');
  });

  it('switching kinds keeps flows but swaps path for hosts, and drops bindings into the old topology', () => {
    const d: Json = {
      topology: { kind: 'dumbbell', bottleneck: { rate_mbps: 10 }, senders: [{ rtt_ms: 10 }] },
      flows: [{ id: 'a', cc: 'reno', path: 0 }],
      knobs: [
        { name: 'b', bind: ['topology.bottleneck.buffer.bdp'] },
        { name: 'cc', bind: ['flows.*.cc'] },
      ],
      expect: [{ left: { metric: 'links.bottleneck.utilization' } }, { left: { metric: 'jain' } }],
    };
    const g = switchTopology(d, EMPTY_GRAPH) as any;
    expect(g.flows).toEqual([{ id: 'a', cc: 'reno' }]);
    expect(g.knobs.map((k: any) => k.name)).toEqual(['cc']);
    expect(g.expect).toEqual([{ left: { metric: 'jain' } }]);
    const back = switchTopology(lot(), { kind: 'parallel', paths: [] }) as any;
    expect(back.flows[0]).toEqual({ mptcp: {} });
    expect(back.traffic).toEqual({});
  });

  it('a dumbbell becomes the graph it expands into, flows on their senders', () => {
    const d: Json = {
      topology: { kind: 'dumbbell', bottleneck: { rate_mbps: 10, delay_ms: 2, buffer: { bdp: 1 } }, senders: [{ rtt_ms: 10 }, { rtt_ms: 50 }] },
      flows: [{ id: 'a', path: 0 }, { id: 'b', path: 1 }],
      knobs: [{ name: 'b', bind: ['topology.bottleneck.buffer.bdp'] }, { name: 'r', bind: ['topology.senders.1.rtt_ms'] }],
    };
    const g = dumbbellToGraph(d) as any;
    expect(g.topology.nodes.map((n: any) => n.name)).toEqual(['r1', 'r2', 's1', 'd1', 's2', 'd2']);
    expect(g.topology.links[0]).toEqual({ name: 'bottleneck', from: 'r1', to: 'r2', rate_mbps: 10, delay_ms: 2, buffer: { bdp: 1 }, reverse: { buffer: { unlimited: true } } });
    // Access delay = RTT/2 − bottleneck delay, at ten times the bottleneck's rate by default.
    expect(g.topology.links[3]).toEqual({ name: 'access2', from: 's2', to: 'r1', rate_mbps: 100, delay_ms: 23, buffer: { unlimited: true } });
    expect(g.flows).toEqual([
      { id: 'a', from: 's1', to: 'd1' },
      { id: 'b', from: 's2', to: 'd2' },
    ]);
    expect(g.knobs).toEqual([{ name: 'b', bind: ['topology.links.0.buffer.bdp'] }]);
    expect(dumbbellToGraph(lot())).toBeNull();
  });
});

describe('"Edit as graph" against the engine', () => {
  // The engine's own validator (the wasm build; scripts/test.mjs builds it before vitest).
  it('every dumbbell preset converts to a graph the engine accepts, knobs and claims included', () => {
    initSync({ module: readFileSync('sim-wasm/pkg/netlab_wasm_bg.wasm') });
    const dumbbells = readdirSync('public/scenarios')
      .map((f) => JSON.parse(readFileSync(`public/scenarios/${f}`, 'utf8')) as Json & { name: string; topology: { kind: string } })
      .filter((s) => s.topology?.kind === 'dumbbell');
    expect(dumbbells.length).toBeGreaterThan(3);
    for (const s of dumbbells) {
      const g = dumbbellToGraph(s);
      expect(g, s.name).not.toBeNull();
      expect(validate_scenario(JSON.stringify(g)), s.name).toBe('');
    }
  });
});
