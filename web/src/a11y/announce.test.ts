import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../types';
import { lossCounts, mergeLoss, noteText, runNote } from './announce';

const ev = (t: number, flow: number | null, type: string, fields: Record<string, unknown> = {}) => ({ t_ns: t, flow, type, ...fields }) as unknown as EngineEvent;

describe('run announcements', () => {
  it('say started, paused, resumed and finished, with the time', () => {
    expect(noteText(runNote('loading', 'running', 0, 'Two TCP flows')!)).toBe('Run started: Two TCP flows.');
    expect(noteText(runNote('running', 'paused', 1.2506, 'x')!)).toBe('Paused at 1.251 s.');
    expect(noteText(runNote('paused', 'running', 1.2506, 'x')!)).toBe('Playing from 1.251 s.');
    expect(noteText(runNote('running', 'finished', 10, 'x')!)).toBe('Run finished at 10 s.');
    expect(noteText(runNote('finished', 'running', 0, 'Two TCP flows')!)).toBe('Run started: Two TCP flows.');
  });

  it('say nothing for loading or an unchanged state', () => {
    expect(runNote('running', 'running', 1, 'x')).toBeNull();
    expect(runNote('starting', 'loading', 0, 'x')).toBeNull();
    expect(runNote('loading', 'paused', 0, 'x')).toBeNull();
  });
});

describe('loss announcements', () => {
  it('count only the focused flow’s loss detections, packets and timeouts', () => {
    const events = [
      ev(1, 0, 'fast_retransmit', { lost: 1 }),
      ev(2, 1, 'fast_retransmit', { lost: 4 }),
      ev(3, 0, 'cc_state', { from: 'open', to: 'recovery' }),
      ev(4, 0, 'packets_lost', { lost: 2, persistent_congestion: false }),
      ev(5, 0, 'rto', { backoff: 1 }),
      ev(6, null, 'drop', { link: 0, wire: false }),
    ];
    expect(lossCounts(events, 0)).toEqual({ detections: 2, packets: 3, timeouts: 1 });
    expect(lossCounts(events, 1)).toEqual({ detections: 1, packets: 4, timeouts: 0 });
    expect(lossCounts(events, 2)).toEqual({ detections: 0, packets: 0, timeouts: 0 });
  });

  it('word one loss as the issue does', () => {
    const n = mergeLoss(undefined, 'short-rtt', { detections: 1, packets: 1, timeouts: 0 }, 80, 56);
    expect(noteText(n)).toBe('short-rtt lost a packet; cwnd 80 → 56.');
  });

  it('merge losses held back: counts add up, the first window and the newest are kept', () => {
    let n = mergeLoss(undefined, 'short-rtt', { detections: 1, packets: 2, timeouts: 0 }, 80, 56);
    n = mergeLoss(n, 'short-rtt', { detections: 1, packets: 1, timeouts: 0 }, 60, 42);
    expect(noteText(n)).toBe('short-rtt lost 3 packets in 2 loss events; cwnd 80 → 42.');
    n = mergeLoss(n, 'short-rtt', { detections: 0, packets: 0, timeouts: 1 }, 42, 1);
    expect(noteText(n)).toBe('short-rtt lost 3 packets in 2 loss events and timed out; cwnd 80 → 1.');
    expect(noteText(mergeLoss(undefined, 'q', { detections: 0, packets: 0, timeouts: 2 }, 10.4, 2))).toBe('q timed out 2 times; cwnd 10 → 2.');
  });

  it('start afresh when the focus moved to another flow', () => {
    const a = mergeLoss(undefined, 'a', { detections: 1, packets: 1, timeouts: 0 }, 10, 7);
    expect(noteText(mergeLoss(a, 'b', { detections: 1, packets: 1, timeouts: 0 }, 20, 14))).toBe('b lost a packet; cwnd 20 → 14.');
  });
});
