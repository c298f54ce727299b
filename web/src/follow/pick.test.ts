import { describe, expect, it } from 'vitest';
import type { SeqLine } from '../charts/sequence';
import { followRequestFor, followRequestForLine } from './pick';

describe('what a click asks to follow', () => {
  it('a dot of the picture: its flow, number and link at the time on screen', () => {
    expect(followRequestFor({ flow: 1, seq: 20, link: 'bottleneck' }, 0.03)).toEqual({ flow: 1, seq: 20, path: null, link: 'bottleneck', at_s: 0.03 });
  });
  it('a line of the sequence diagram: the packet sent at its start, on its path (an MPTCP subflow)', () => {
    const line = { x0: 0, t0: 0.0125, x1: 1, t1: 0.03, kind: 'data', retx: true, dropped: false, inFlight: false, path: 2, label: '', seq: 15 } satisfies SeqLine;
    expect(followRequestForLine(line, 0)).toEqual({ flow: 0, seq: 15, path: 2, link: null, at_s: 0.0125 });
  });
});
