import { describe, expect, it } from 'vitest';
import type { FlowSnapshot, Snapshot } from '../types';
import { PAGE_MAX_FLOWS, PAGE_MAX_SERIES, boundSnapshot, pageBudgetError, seriesGrowthError } from './budget';

const flow = (id: string, state = 'congestion_avoidance'): FlowSnapshot => ({
  id,
  index: 0,
  cwnd: 10,
  inflight: 5,
  srtt_ms: 20,
  pacing_rate_mbps: null,
  pacing_gain: null,
  state,
});

describe('pageBudgetError', () => {
  it('lets the presets through and refuses a 2000-flow link, saying why', () => {
    expect(pageBudgetError(50, 454)).toBeNull();
    expect(pageBudgetError(PAGE_MAX_FLOWS, PAGE_MAX_SERIES)).toBeNull();
    const e = pageBudgetError(2000, 12004);
    expect(e).toMatch(/2000 flows; the page runs at most 100/);
    expect(e).toMatch(/freeze the tab/);
    expect(e).toMatch(/command-line netlab/);
    expect(pageBudgetError(10, PAGE_MAX_SERIES + 1)).toMatch(/series/);
  });

  it('stops a run whose series outgrow the budget', () => {
    expect(seriesGrowthError(PAGE_MAX_SERIES, 1)).toBeNull();
    expect(seriesGrowthError(PAGE_MAX_SERIES + 1, 2.5)).toMatch(/^stopped at t = 2\.500 s/);
  });
});

describe('boundSnapshot', () => {
  it('keeps small snapshots as they are', () => {
    const snap: Snapshot = { t_s: 1, flows: [flow('a'), flow('b')], links: [], events: [], packets_in_network: 0, packets: [] };
    expect(boundSnapshot(snap, new Set(), 4)).toBe(snap);
  });

  it('keeps the first flows, the charted ones and some sending ones, in order, and the total', () => {
    const flows = [flow('a'), flow('b'), flow('c', 'done'), flow('d', 'waiting'), flow('e'), flow('f'), flow('g', 'done'), flow('h')];
    const out = boundSnapshot({ t_s: 1, flows, links: [], events: [], packets_in_network: 0, packets: [] }, new Set(['g']), 2);
    // a, b: the first two; g: charted; e, f: the first two sending beyond them (h is one too many).
    expect(out.flows.map((f) => f.id)).toEqual(['a', 'b', 'e', 'f', 'g']);
    expect(out.flows_total).toBe(8);
  });

  it('bounds a snapshot of thousands of generated flows', () => {
    const flows = Array.from({ length: 5000 }, (_, i) => flow(`g${i}`, i % 2 ? 'done' : 'slow_start'));
    const out = boundSnapshot({ t_s: 1, flows, links: [], events: [], packets_in_network: 0, packets: [] }, new Set(), 64);
    expect(out.flows.length).toBe(128);
    expect(out.flows_total).toBe(5000);
  });
});
