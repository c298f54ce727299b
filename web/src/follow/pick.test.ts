import { describe, expect, it } from 'vitest';
import type { SeqLine } from '../charts/sequence';
import { followRequestFor, followRequestForLine } from './pick';

describe('what a click asks to follow', () => {
  it('a dot of the picture: its flow, number and link at the time on screen', () => {
    expect(followRequestFor({ flow: 1, seq: 20, link: 'bottleneck', data: true }, 0.03)).toEqual({ flow: 1, ack: false, seq: 20, path: null, link: 'bottleneck', wire_s: null, at_s: 0.03 });
  });
  it('a line of the sequence diagram: the packet sent at its start, on its path (an MPTCP subflow)', () => {
    const line = { x0: 0, t0: 0.0125, x1: 1, t1: 0.03, kind: 'data', retx: true, dropped: false, inFlight: false, path: 2, label: '', seq: 15 } satisfies SeqLine;
    expect(followRequestForLine(line, 0)).toEqual({ flow: 0, ack: false, seq: 15, path: 2, link: null, wire_s: null, at_s: 0.0125 });
  });
  it('an ACK: by its number, and on the picture by when it left the link (duplicates share a link at once)', () => {
    expect(followRequestFor({ flow: 0, seq: 20, link: 'bottleneck-rev', data: false, wire_s: 0.0421 }, 0.045)).toEqual({
      flow: 0,
      ack: true,
      seq: 20,
      path: null,
      link: 'bottleneck-rev',
      wire_s: 0.0421,
      at_s: 0.045,
    });
    const line = { x0: 0, t0: 0.05, x1: 1, t1: 0.07, kind: 'ack', retx: false, dropped: false, inFlight: false, path: 1, label: '', seq: 20 } satisfies SeqLine;
    expect(followRequestForLine(line, 0)).toMatchObject({ ack: true, seq: 20, path: 1, link: null, at_s: 0.05 });
  });
});
