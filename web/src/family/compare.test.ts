import { describe, expect, it } from 'vitest';
import type { StreamSummary, Summary } from '../types';
import { streamBoxes, withStreamScheduler } from './compare';

describe('scheduler comparison', () => {
  it('sets the scheduler of every QUIC flow and leaves other flows alone', () => {
    const text = JSON.stringify({
      flows: [
        { kind: 'quic', quic: { scheduler: 'abs', streams: [] } },
        { kind: 'tcp', cc: 'reno' },
        { kind: 'quic' },
      ],
    });
    const out = JSON.parse(withStreamScheduler(text, 'rr'));
    expect(out.flows[0].quic).toEqual({ scheduler: 'rr', streams: [] });
    expect(out.flows[1]).toEqual({ kind: 'tcp', cc: 'reno' });
    expect(out.flows[2].quic).toEqual({ scheduler: 'rr' });
  });

  it('draws one box per scheduler for streams with messages only', () => {
    const stream = (name: string, lat: number[]): StreamSummary => ({
      flow: 'q',
      stream: 0,
      name,
      weight: 1,
      priority: 0,
      urgency: 3,
      messages: lat.length,
      delivered: lat.length,
      incomplete: 0,
      latency_ms: lat.length ? { mean: 0, p50: 0, p95: 0, max: 0 } : undefined,
      latencies_ms: lat,
      bytes_delivered: 0,
    });
    const summary = (lat: number[]) => ({ streams: [stream('control', lat), stream('bulk', [])] }) as unknown as Summary;
    const boxes = streamBoxes([
      { scheduler: 'rr', summary: summary([10, 20, 30]) },
      { scheduler: 'abs', summary: summary([1, 2, 3]) },
    ]);
    expect(boxes.map((b) => b.key)).toEqual(['q:control']);
    expect(boxes[0]!.boxes.map((b) => [b.scheduler, b.box.p50])).toEqual([
      ['rr', 20],
      ['abs', 2],
    ]);
  });
});
