import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../types';
import { type EventContext, eventWords } from './messages';

// Loose fixtures: only the fields each sentence reads.
const ev = (type: string, extra: Record<string, unknown> = {}): EngineEvent => ({ t_ns: 1, flow: 0, type, ...extra }) as EngineEvent;
const ctx: EventContext = {
  flowId: (i) => ['short-rtt', 'long-rtt'][i],
  link: (i) => [{ id: 'bottleneck' }, { id: 'r1-r2', aqm: 'codel' }][i],
};
const THIN = '\u2009';

describe('inspector events in words (issue 30, item 15)', () => {
  it('says which packet of which flow was dropped where, and why', () => {
    expect(eventWords(ev('drop', { link: 0, wire: false, cause: 'queue', packet: 1234 }), ctx)).toBe(`packet 1${THIN}234 of short-rtt dropped at the bottleneck (buffer full)`);
    expect(eventWords(ev('drop', { link: 1, wire: false, cause: 'aqm', packet: 7 }), ctx)).toBe('packet 7 of short-rtt dropped at link r1-r2 (dropped by CoDel, its queue discipline)');
    expect(eventWords(ev('drop', { link: 0, wire: true, cause: 'wire', packet: 3 }), ctx)).toBe('packet 3 of short-rtt lost at the bottleneck (lost on the wire)');
    expect(eventWords(ev('drop', { link: 0, wire: false, cause: 'queue', packet: null }), ctx)).toBe('a handshake or ACK packet of short-rtt dropped at the bottleneck (buffer full)');
    expect(eventWords({ ...ev('drop', { link: 0, wire: false, cause: 'queue', packet: 5 }), flow: 1 } as EngineEvent, ctx)).toContain('of long-rtt');
  });

  it('shows a window change as before → after and why', () => {
    expect(eventWords(ev('cwnd_change', { before: 40, after: 28, why: 'loss' }), ctx)).toBe('cwnd 40 → 28 packets: a loss was detected and recovery began');
    expect(eventWords(ev('cwnd_change', { before: 28, after: 1, why: 'rto' }), ctx)).toBe('cwnd 28 → 1 packets: the retransmission timer fired');
    expect(eventWords(ev('cwnd_change', { before: 60, after: 30, why: 'recovery_done' }), ctx)).toBe('cwnd 60 → 30 packets: recovery ended');
    expect(eventWords(ev('cwnd_change', { before: 60, after: 30, why: 'ecn' }), ctx)).toBe('cwnd 60 → 30 packets: an echoed ECN mark');
  });

  it('names state changes, losses and timeouts without raw field names', () => {
    expect(eventWords(ev('cc_state', { from: 'slow_start', to: 'recovery' }), ctx)).toBe('controller state: slow start → recovery');
    expect(eventWords(ev('fast_retransmit', { lost: 3 }), ctx)).toBe('fast retransmit: 3 packets marked lost');
    expect(eventWords(ev('rto', { backoff: 2 }), ctx)).toBe('retransmission timeout (2nd in a row: the timer is now 4× as long)');
    expect(eventWords(ev('flow_completed'), ctx)).toBe('short-rtt complete: the receiver holds every byte');
    expect(eventWords(ev('hystart_exit', { reason: 'delay', cwnd: 80 }), ctx)).toBe('HyStart ended slow start at cwnd 80 packets (delay)');
    for (const [type, extra] of [
      ['cc_gain', { phase: 2, pacing_gain: 0.75 }],
      ['tail_loss_probe', { retransmission: true }],
      ['ecn_echo', { reduced: true }],
      ['packets_lost', { lost: 2, persistent_congestion: false }],
      ['pto', { count: 1 }],
      ['stream_pick', { stream: 3, reason: 'urgency 0', retransmission: false }],
      ['mptcp_paths', { size_class: 'G0', paths: [1] }],
    ] as const) {
      const words = eventWords(ev(type, extra), ctx);
      expect(words, type).not.toMatch(/=|_/);
    }
  });

  it('falls back to the raw fields for a type it does not know', () => {
    expect(eventWords(ev('new_thing', { a: 1 }), ctx)).toBe('new_thing a=1');
  });
});
