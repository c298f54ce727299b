import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { layoutTopology } from '../topology/layout';
import { MAX_PATHS, presetPreview } from './preview';

const dir = new URL('../../../public/scenarios/', import.meta.url);
const preset = (name: string) => readFileSync(new URL(`${name}.json`, dir), 'utf8');

describe('presetPreview', () => {
  it('draws the dumbbell as the lab does: senders, two routers, receivers, the bottleneck reported', () => {
    const p = presetPreview(preset('tcp-dumbbell'))!;
    expect(p.topology.nodes.map((n) => n.id).sort()).toEqual(['d1', 'd2', 'r1', 'r2', 's1', 's2']);
    expect(p.topology.links.filter((l) => l.reported).map((l) => l.id)).toEqual(['bottleneck']);
    expect(p.caption).toBe('2 TCP flows · cubic');
    const layout = layoutTopology(p.topology, 640, 360);
    const x = (id: string) => layout.nodes.find((n) => n.id === id)!.x;
    expect(x('s1')).toBeLessThan(x('r1'));
    expect(x('r1')).toBeLessThan(x('r2'));
    expect(x('r2')).toBeLessThan(x('d1'));
  });
  it('caps a fan of parallel paths and says how many are left out', () => {
    const p = presetPreview(preset('mptcp-fsfs-paths'))!;
    expect(p.topology.links).toHaveLength(MAX_PATHS);
    expect(p.hiddenPaths).toBeGreaterThan(0);
    expect(p.caption).toMatch(/^Poisson arrivals · fsfs · lia/);
  });
  it('names the scheduler of MPTCP and QUIC flows', () => {
    expect(presetPreview(preset('ecf3-heterogeneous'))!.caption).toBe('1 MPTCP flow · ecf3 · lia');
    expect(presetPreview(preset('quic-priority-control'))!.caption).toMatch(/^1 QUIC flow · abs/);
  });
  it('draws every preset with nodes and links, the same way each time', () => {
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
      const text = readFileSync(new URL(f, dir), 'utf8');
      const p = presetPreview(text)!;
      expect(p.topology.nodes.length, f).toBeGreaterThan(1);
      expect(p.topology.links.length, f).toBeGreaterThan(0);
      expect(presetPreview(text), f).toEqual(p);
    }
  });
  it('is null for text that is not a scenario', () => {
    expect(presetPreview('not json')).toBeNull();
    expect(presetPreview('[1]')).toBeNull();
    expect(presetPreview(undefined)).toBeNull();
  });
});
