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

// The engine's dumbbell with two senders (names and order as scenario/build/topology.rs builds them).
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

/** A dumbbell with `n` senders (the many-flow presets), named as the engine names them. */
export const dumbbellN = (n: number): Topology => ({
  nodes: [
    { id: 'r1', kind: 'router' },
    { id: 'r2', kind: 'router' },
    ...Array.from({ length: n }, (_, i) => [
      { id: `s${i + 1}`, kind: 'host' },
      { id: `d${i + 1}`, kind: 'host' },
    ]).flat(),
  ],
  links: [
    link('bottleneck', 'r1', 'r2', { rate_mbps: 100, delay_ms: 2, buffer_bytes: 62500, reported: true }),
    link('bottleneck-rev', 'r2', 'r1', { rate_mbps: 100, delay_ms: 2 }),
    ...Array.from({ length: n }, (_, i) => [
      link(`access${i + 1}`, `s${i + 1}`, 'r1', { delay_ms: 3 + 5 * i }),
      link(`access${i + 1}-rev`, 'r1', `s${i + 1}`, { delay_ms: 3 + 5 * i }),
      link(`egress${i + 1}`, 'r2', `d${i + 1}`, { delay_ms: 0 }),
      link(`egress${i + 1}-rev`, `d${i + 1}`, 'r2', { delay_ms: 0 }),
    ]).flat(),
  ],
  flows: Array.from({ length: n }, (_, i) => ({ id: `f${i + 1}`, cc: 'cubic', path: [`access${i + 1}`, 'bottleneck', `egress${i + 1}`], base_rtt_ms: 10 + 10 * i })),
  generated_flows: 0,
});

/**
 * A parking lot (issue 15): routers r1‥r4 in a row joined by three bottlenecks, one long flow
 * from h0 across all three to h9, and one short flow per hop (a_i → b_i over r_i → r_i+1).
 */
export const parkingLot: Topology = (() => {
  const nodes = [
    { id: 'h0', kind: 'host' },
    { id: 'h9', kind: 'host' },
    ...[1, 2, 3, 4].map((i) => ({ id: `r${i}`, kind: 'router' })),
    ...[1, 2, 3].flatMap((i) => [
      { id: `a${i}`, kind: 'host' },
      { id: `b${i}`, kind: 'host' },
    ]),
  ];
  const duplex = (id: string, from: string, to: string, extra: Partial<TopologyLink> = {}) => [link(id, from, to, extra), link(`${id}-rev`, to, from, { ...extra, reported: false })];
  const links = [
    ...duplex('h0-r1', 'h0', 'r1'),
    ...duplex('r4-h9', 'r4', 'h9'),
    ...[1, 2, 3].flatMap((i) => [
      ...duplex(`hop${i}`, `r${i}`, `r${i + 1}`, { rate_mbps: 10, delay_ms: 5, buffer_bytes: 30000, reported: true }),
      ...duplex(`a${i}-r${i}`, `a${i}`, `r${i}`),
      ...duplex(`r${i + 1}-b${i}`, `r${i + 1}`, `b${i}`),
    ]),
  ];
  return {
    nodes,
    links,
    flows: [
      { id: 'long', cc: 'reno', path: ['h0-r1', 'hop1', 'hop2', 'hop3', 'r4-h9'], base_rtt_ms: 40 },
      ...[1, 2, 3].map((i) => ({ id: `short${i}`, cc: 'reno', path: [`a${i}-r${i}`, `hop${i}`, `r${i + 1}-b${i}`], base_rtt_ms: 20 })),
    ],
    generated_flows: 0,
  };
})();

/** Two routes between r1 and r4 (via r2 or r3), a ring closing r2–r3, hosts at both ends. */
export const diamond: Topology = (() => {
  // As the engine reports them: the forward direction has the queue series, not the reverse.
  const duplex = (id: string, from: string, to: string, extra: Partial<TopologyLink> = {}) => [link(id, from, to, extra), link(`${id}-rev`, to, from, { ...extra, reported: false })];
  return {
    nodes: [
      { id: 's', kind: 'host' },
      { id: 'd', kind: 'host' },
      ...['r1', 'r2', 'r3', 'r4'].map((id) => ({ id, kind: 'router' })),
    ],
    links: [
      ...duplex('s-r1', 's', 'r1'),
      ...duplex('r1-r2', 'r1', 'r2', { reported: true, buffer_bytes: 30000, rate_mbps: 10 }),
      ...duplex('r1-r3', 'r1', 'r3', { reported: true, buffer_bytes: 30000, rate_mbps: 10 }),
      ...duplex('r2-r4', 'r2', 'r4'),
      ...duplex('r3-r4', 'r3', 'r4'),
      ...duplex('r2-r3', 'r2', 'r3'),
      ...duplex('r4-d', 'r4', 'd'),
    ],
    flows: [
      { id: 'up', cc: 'cubic', path: ['s-r1', 'r1-r2', 'r2-r4', 'r4-d'], base_rtt_ms: 20 },
      { id: 'down', cc: 'cubic', path: ['s-r1', 'r1-r3', 'r3-r4', 'r4-d'], base_rtt_ms: 20 },
    ],
    generated_flows: 0,
  };
})();
