import { describe, expect, it } from 'vitest';
import type { TraceWindow } from '../generated';
import { lineOf, linesOf, markersOf, pathsOf, usualTrip, zoomSpan } from './sequence';
import { rec } from './traceRecords.testkit';


describe('the sequence diagram geometry', () => {
  const trip = { forward: 0.02, back: 0.02 };
  it('draws a delivered segment from the sender at its send time to the receiver at its arrival', () => {
    const l = lineOf(rec({ sent_s: 1, end_s: 1.02 }), 2, trip);
    expect([l.x0, l.t0, l.x1, l.t1, l.inFlight, l.dropped]).toEqual([0, 1, 1, 1.02, false, false]);
  });
  it('draws an ACK back from the receiver, and cuts a packet in flight at the window end', () => {
    const a = lineOf(rec({ kind: 'ack', forward: false, sent_s: 1, end_s: 1.02 }), 2, trip);
    expect([a.x0, a.x1, a.kind]).toEqual([1, 0, 'ack']);
    const f = lineOf(rec({ sent_s: 1.99 }), 2, trip);
    expect(f.inFlight).toBe(true);
    expect(f.t1).toBe(2);
    expect(f.x1).toBeCloseTo(0.5, 9);
  });
  it('ends a lost packet where it was lost, at the usual slope', () => {
    const d = lineOf(rec({ sent_s: 1, end_s: 1.001, drop: { link: 'bottleneck', hop: 1, hops: 3, cause: 'wire' } }), 2, trip);
    expect(d.dropped).toBe(true);
    expect(d.x1).toBeCloseTo(0.5, 9);
    expect(d.t1).toBeCloseTo(1.01, 9);
    expect(d.label).toContain('lost on bottleneck');
  });
  it('takes the usual trip from delivered packets only, and falls back without any', () => {
    const rs = [rec({ sent_s: 0, end_s: 0.03 }), rec({ sent_s: 0, end_s: 0.01 }), rec({ sent_s: 0, end_s: 0.02 }), rec({ sent_s: 0 })];
    expect(usualTrip(rs, 0.5)).toEqual({ forward: 0.02, back: 0.5 });
  });
  it('filters by path, lists the paths and reads the recovery markers', () => {
    const w: TraceWindow = {
      flow: 0,
      flow_id: 'f',
      tracing_since_s: 0,
      oldest_s: 0,
      matched: 3,
      stride: 1,
      records: [rec({ path: 2 }), rec({ path: 5 }), rec({ kind: 'ack', forward: false, path: 3 })],
      events: [
        { t_ns: 1.5e9, flow: 0, type: 'rto', backoff: 1 },
        { t_ns: 2e9, flow: 0, type: 'fast_retransmit', lost: 1 },
        { t_ns: 3e9, flow: 0, type: 'flow_completed' },
      ],
    };
    expect(pathsOf(w)).toEqual([2, 5]);
    expect(linesOf(w, 1, 5, 0.01)).toHaveLength(1);
    expect(markersOf(w.events).map((m) => [m.t, m.what])).toEqual([
      [1.5, 'RTO'],
      [2, 'FR'],
    ]);
  });
  it('keeps the zoomed span within bounds', () => {
    expect(zoomSpan(1, 0.5)).toBe(0.5);
    expect(zoomSpan(1e-4, 0.5)).toBe(1e-4);
    expect(zoomSpan(500, 2)).toBe(600);
  });
});
