import { describe, expect, it } from 'vitest';
import type { FlowView } from '../generated';
import type { DrawnMark } from '../topology/marks';
import { dropFor, dropForLine, editDrops, undroppable } from './drop';

const mark = (over: Partial<DrawnMark>): DrawnMark => ({ x: 0, y: 0, flow: 0, link: 'bottleneck', data: true, ce: false, seq: 20, stream: null, state: 'wire', nx: 0, ny: 1, ...over });
const flow: FlowView = { id: 'short-rtt', cc: 'cubic', path: ['access1', 'bottleneck', 'egress1'], base_rtt_ms: 20 };

describe('dropping a picked packet', () => {
  it('names a data packet by flow, segment and link, and an ACK by its cumulative ACK', () => {
    expect(dropFor(mark({}), flow)).toEqual({ flow: 'short-rtt', seq: 20, at: 'bottleneck' });
    expect(dropFor(mark({ data: false, seq: 31, link: 'bottleneck-rev' }), flow)).toEqual({ flow: 'short-rtt', ack: 31, at: 'bottleneck-rev' });
  });
  it('refuses the handshake and MPTCP packets (whose subflow the picture does not name)', () => {
    expect(undroppable(mark({}), flow)).toBeNull();
    expect(undroppable(mark({ data: false, seq: 0 }), flow)).toBe('handshake');
    expect(undroppable(mark({}), { ...flow, subflow_paths: [['path1'], ['path2']] })).toBe('mptcp');
  });
  it('names an MPTCP packet by the subflow the engine gives it, so it can be dropped from the picture', () => {
    const mp = { ...flow, subflow_paths: [['path1'], ['path2']] };
    expect(undroppable(mark({ subflow: 2, link: 'path2' }), mp)).toBeNull();
    expect(dropFor(mark({ subflow: 2, link: 'path2', seq: 15 }), mp)).toEqual({ flow: 'short-rtt', subflow: 2, seq: 15, at: 'path2' });
    expect(undroppable(mark({}), undefined)).toBe('unknown');
  });
  it('adds a drop to the scenario text and undo removes the last one, leaving no empty list', () => {
    const text = JSON.stringify({ name: 'x', duration_s: 1 });
    const one = editDrops(text, { flow: 'f', seq: 3, at: 'bottleneck' });
    expect(JSON.parse(one).drops).toEqual([{ flow: 'f', seq: 3, at: 'bottleneck' }]);
    const two = editDrops(one, { flow: 'f', ack: 9 });
    expect(JSON.parse(two).drops).toHaveLength(2);
    expect(JSON.parse(editDrops(two, null)).drops).toEqual([{ flow: 'f', seq: 3, at: 'bottleneck' }]);
    expect('drops' in JSON.parse(editDrops(one, null))).toBe(false);
    expect(JSON.parse(editDrops(one, null)).name).toBe('x');
  });
});

describe('dropping a line of the sequence diagram', () => {
  const rec = (seq: number, sent_s: number, kind: 'data' | 'ack' = 'data') => ({
    sent_s, end_s: sent_s + 0.01, kind, forward: kind === 'data', seq, len: 0, retx: false, path: 0, dsn: null, sack_blocks: 0, ece: false, ce: false, drop: null,
  });
  const w = { flow: 0, flow_id: 'f', tracing_since_s: 0, oldest_s: 0, matched: 4, stride: 1, events: [], records: [rec(7, 0.1), rec(8, 0.11), rec(9, 0.2, 'ack'), rec(7, 0.3), rec(9, 0.31, 'ack')] } as unknown as import('../generated').TraceWindow;
  const line = (seq: number, t0: number, kind: 'data' | 'ack') => ({ x0: 0, t0, x1: 1, t1: t0 + 0.01, kind, retx: false, dropped: false, inFlight: false, path: 0, label: '', seq });
  it('names the transmission the line is (a retransmission is the second) and an ACK by its copy', () => {
    expect(dropForLine(line(7, 0.1, 'data'), w)).toEqual({ flow: 'f', seq: 7 });
    expect(dropForLine(line(7, 0.3, 'data'), w)).toEqual({ flow: 'f', seq: 7, transmission: 2 });
    expect(dropForLine(line(9, 0.31, 'ack'), w)).toEqual({ flow: 'f', ack: 9, transmission: 2 });
  });
});
