import { describe, expect, it } from 'vitest';
import type { Summary, Topology } from '../types';
import { HEADLINE_MAX_ROWS, headlineItems } from './headline';

const flow = (id: string, goodput: number, sent: number, retx: number, extra: object = {}) => ({
  id,
  kind: 'tcp' as const,
  cc: 'bbr',
  start_s: 0,
  goodput_mbps: goodput,
  sent_packets: sent,
  retransmitted_packets: retx,
  received_packets: sent,
  duplicate_packets: 0,
  dropped_packets: retx,
  bytes_delivered: 0,
  ...extra,
});

const base: Summary = {
  engine_version: '0.1.0',
  scenario: 'x',
  seed: 1,
  duration_s: 10,
  warmup_s: 0,
  events: 1,
  wall_s: 0,
  digest: '0',
  flows: [flow('a', 60, 1000, 100), flow('b', 30, 3000, 100)],
  links: [{ id: 'bottleneck', rate_mbps: 100, utilization: 0.9, drops: 0, queue_drops: 0, wire_losses: 0, mean_queue_bytes: 0, max_queue_bytes: 0, mean_sojourn_ms: 8.25, max_sojourn_ms: 40, aqm: 'codel', ecn_marks: 7 }],
  jain: 0.9,
};

describe('headlineItems', () => {
  it("shows Jain's index when the preset names no headline", () => {
    const items = headlineItems(undefined, base, null);
    expect(items.map((i) => i.name)).toEqual(['jain']);
    expect(items[0]!.rows[0]).toMatchObject({ value: 0.9, display: '0.900' });
    expect(headlineItems([], base, null).map((i) => i.name)).toEqual(['jain']);
  });

  it('shows each link’s mean queueing delay with its discipline, the maximum and the ECN marks', () => {
    const [h] = headlineItems(['queueing_delay'], base, null);
    expect(h!.rows).toHaveLength(1);
    expect(h!.rows[0]).toMatchObject({ key: 'bottleneck', label: 'bottleneck (codel)', value: 8.25, display: '8.3 ms' });
    expect(h!.rows[0]!.detail).toBe('max 40 ms · 7 ECN marks');
  });

  it('computes the retransmission ratio over all flows, not a mean of ratios', () => {
    const [r] = headlineItems(['retransmission_ratio'], base, null);
    expect(r!.rows[0]!.value).toBeCloseTo(200 / 4000, 12);
    expect(r!.rows[0]!.display).toBe('5.0 %');
    expect(r!.rows[0]!.data).toEqual({ retransmitted: 200, sent: 4000 });
  });

  it('lists FCT classes in size order with finished and unfinished counts and the flow scheduler', () => {
    const s: Summary = {
      ...base,
      fct_by_class: {
        all: { count: 12, unfinished: 2, mean_s: 0.2 },
        G1: { count: 2, unfinished: 0, mean_s: 0.5 },
        G0: { count: 10, unfinished: 2, mean_s: 0.1, p99_s: 0.4 },
      },
    };
    const topo: Topology = { nodes: [], links: [], flows: [], generated_flows: 100, flow_sched: 'fsfs' };
    const [f] = headlineItems(['fct_by_class'], s, topo);
    expect(f!.context).toBe('flow scheduler fsfs');
    expect(f!.rows.map((r) => r.key)).toEqual(['G0', 'G1', 'all']);
    expect(f!.rows[0]).toMatchObject({ value: 0.1, data: { finished: 10, unfinished: 2 } });
    expect(f!.rows[0]!.detail).toContain('2 unfinished');
  });

  it('gives stream latency p50 / p95 for streams with messages only, naming the scheduler', () => {
    const stream = (name: string, messages: number, lat?: { p50: number; p95: number }) => ({
      flow: 'quic',
      stream: 0,
      name,
      weight: 1,
      priority: 0,
      urgency: 3,
      messages,
      delivered: messages,
      incomplete: 0,
      latency_ms: lat ? { mean: lat.p50, max: lat.p95, ...lat } : undefined,
      latencies_ms: [],
      bytes_delivered: 0,
    });
    const s: Summary = { ...base, streams: [stream('control', 5, { p50: 82.6, p95: 109.1 }), stream('bulk.1', 0)] };
    const topo: Topology = { nodes: [], links: [], flows: [{ id: 'quic', cc: 'reno', path: [], base_rtt_ms: 40, scheduler: 'abs' }], generated_flows: 0 };
    const [l] = headlineItems(['stream_latency'], s, topo);
    expect(l!.context).toBe('scheduler abs');
    expect(l!.rows).toHaveLength(1);
    expect(l!.rows[0]).toMatchObject({ key: 'control', display: '83 ms · 109 ms', data: { p50: 82.6, p95: 109.1 } });
  });

  it('caps long per-flow lists and counts the rest', () => {
    const many: Summary = { ...base, flows: Array.from({ length: 50 }, (_, i) => flow(`f${i}`, 2, 10, 1)) };
    const [g] = headlineItems(['goodput'], many, null);
    expect(g!.rows).toHaveLength(HEADLINE_MAX_ROWS + 1);
    expect(g!.rows.at(-1)!.label).toBe(`+${50 - HEADLINE_MAX_ROWS} more flows`);
  });

  it('leaves out a headline the summary has nothing for', () => {
    expect(headlineItems(['stream_latency', 'jain'], base, null).map((i) => i.name)).toEqual(['jain']);
  });
});
