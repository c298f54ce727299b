import { describe, expect, it } from 'vitest';
import type { FlowView } from '../generated';
import type { DrawnMark } from '../topology/marks';
import { dropFor, editDrops, undroppable } from './drop';

const mark = (over: Partial<DrawnMark>): DrawnMark => ({ x: 0, y: 0, flow: 0, link: 'bottleneck', data: true, ce: false, seq: 20, state: 'wire', nx: 0, ny: 1, ...over });
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
