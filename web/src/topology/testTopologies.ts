// Topologies shaped as the engine describes them, shared by the layout and label tests.
import type { Topology, TopologyLink } from '../types';

export const link = (id: string, from: string, to: string, extra: Partial<TopologyLink> = {}): TopologyLink => ({
  id,
  from,
  to,
  rate_mbps: 1000,
  delay_ms: 4,
  buffer_bytes: null,
  loss: 0,
  reported: false,
  ...extra,
});

// The engine's dumbbell with two senders (names and order as net/topology.rs builds them).
export const dumbbell: Topology = {
  nodes: [
    { id: 'r1', kind: 'router' },
    { id: 'r2', kind: 'router' },
    { id: 's1', kind: 'host' },
    { id: 'd1', kind: 'host' },
    { id: 's2', kind: 'host' },
    { id: 'd2', kind: 'host' },
  ],
  links: [
    link('bottleneck', 'r1', 'r2', { rate_mbps: 100, delay_ms: 2, buffer_bytes: 62500, reported: true }),
    link('bottleneck-rev', 'r2', 'r1', { rate_mbps: 100, delay_ms: 2 }),
    link('access1', 's1', 'r1', { delay_ms: 3 }),
    link('egress1', 'r2', 'd1', { delay_ms: 0 }),
    link('egress1-rev', 'd1', 'r2', { delay_ms: 0 }),
    link('access1-rev', 'r1', 's1', { delay_ms: 3 }),
    link('access2', 's2', 'r1', { delay_ms: 23 }),
    link('egress2', 'r2', 'd2', { delay_ms: 0 }),
    link('egress2-rev', 'd2', 'r2', { delay_ms: 0 }),
    link('access2-rev', 'r1', 's2', { delay_ms: 23 }),
  ],
  flows: [
    { id: 'a', cc: 'cubic', path: ['access1', 'bottleneck', 'egress1'], base_rtt_ms: 10 },
    { id: 'b', cc: 'cubic', path: ['access2', 'bottleneck', 'egress2'], base_rtt_ms: 50 },
  ],
  generated_flows: 0,
};

export const parallel = (n: number): Topology => ({
  nodes: [
    { id: 'src', kind: 'host' },
    { id: 'dst', kind: 'host' },
  ],
  links: Array.from({ length: n }, (_, i) => [
    link(`path${i + 1}`, 'src', 'dst', { rate_mbps: 10 * (i + 1), delay_ms: 10, reported: true }),
    link(`path${i + 1}-rev`, 'dst', 'src', { rate_mbps: 10 * (i + 1), delay_ms: 10 }),
  ]).flat(),
  flows: [{ id: 'm', cc: 'cubic', path: ['path1'], base_rtt_ms: 20 }],
  generated_flows: 0,
});
