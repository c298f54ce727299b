import { describe, expect, it } from 'vitest';
import type { TraceRecord, TraceWindow } from '../generated';
import { brushWindow, firstLoss, readableWindow } from './sequenceWindow';
import { rec } from './traceRecords.testkit';

const win = (records: TraceRecord[], since = 0): TraceWindow => ({ flow: 0, flow_id: 'f', tracing_since_s: since, oldest_s: records[0]?.sent_s ?? null, matched: records.length, stride: 1, records, events: [] });
const lost = { link: 'bottleneck', hop: 1, hops: 3, cause: 'queue' as const };

describe('the sequence diagram opens on a readable window', () => {
  const trace = win([
    rec({ seq: 0, sent_s: 0.001, end_s: 0.012 }),
    rec({ seq: 9, sent_s: 0.1, drop: lost, end_s: 0.103 }),
    rec({ seq: 10, sent_s: 0.101, end_s: 0.115 }),
    rec({ seq: 9, sent_s: 0.13, end_s: 0.145, retx: true }),
    rec({ seq: 30, sent_s: 0.3, drop: lost, end_s: 0.303 }),
  ]);
  it('on the first loss, from a round trip before it to a round trip after its retransmission arrived', () => {
    expect(firstLoss(trace)).toEqual({ sent: 0.1, repaired: 0.145, seq: 9 });
    const [t0, t1] = readableWindow(trace, 0.02, 1)!;
    expect(t0).toBeCloseTo(0.08, 12);
    expect(t1).toBeCloseTo(0.165, 12);
  });
  it('up to now while the loss is not repaired yet, and never past now', () => {
    const w = win(trace.records.slice(0, 3));
    expect(readableWindow(w, 0.02, 0.11)).toEqual([0.08, 0.11]);
  });
  it('on the first round trips without a loss, from the trace start; null before any packet', () => {
    const w = win([rec({ seq: 0, sent_s: 0.5, end_s: 0.52 }), rec({ seq: 1, sent_s: 0.51 })], 0.5);
    expect(readableWindow(w, 0.02, 2)).toEqual([0.5, 0.58]);
    expect(readableWindow(win([]), 0.02, 1)).toBeNull();
  });
  it('shows the brush window up to now', () => {
    expect(brushWindow([0.1, 0.4], 0.3)).toEqual([0.1, 0.3]);
    expect(brushWindow([0.5, 0.6], 0.3)).toBeNull();
  });
});
