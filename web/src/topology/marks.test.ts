import { describe, expect, it } from 'vitest';
import type { PacketMark, Topology } from '../types';
import { layoutTopology } from './layout';
import { LANE, STACK_OFFSET, SimClock, laneOf, lanePoint, markAt, markColor, placeMarks, placePacket, sampleNote, stackCounts } from './marks';
import { colorFor } from '../lib/palette';

// One duplex path of 100 Mbit/s, 10 ms each way, a 15 000-byte (10-frame) buffer on the data side.
const topo: Topology = {
  nodes: [
    { id: 'src', kind: 'host' },
    { id: 'dst', kind: 'host' },
  ],
  links: [
    { id: 'path1', from: 'src', to: 'dst', rate_mbps: 100, delay_ms: 10, buffer_bytes: 15000, loss: 0, reported: true },
    { id: 'path1-rev', from: 'dst', to: 'src', rate_mbps: 100, delay_ms: 10, buffer_bytes: null, loss: 0, reported: false },
  ],
  flows: [{ id: 'f', cc: 'cubic', path: ['path1'], base_rtt_ms: 20 }],
  generated_flows: 0,
};
const layout = layoutTopology(topo, 600, 200);
const fwd = laneOf(layout, 'path1')!;
const rev = laneOf(layout, 'path1-rev')!;
/** A 1500-byte packet (120 µs to send at 100 Mbit/s) that starts sending at `tx`. */
const mark = (tx: number, link = 'path1', data = true, ce = false): PacketMark => ({
  link,
  flow: 0,
  data,
  ce,
  stream: null,
  progress: 0,
  tx_s: tx,
  wire_s: tx + 0.00012,
  arrive_s: tx + 0.01012,
  seq: 0,
  subflow: null,
});
const near = (a: { x: number; y: number }, b: { x: number; y: number }) => {
  expect(a.x).toBeCloseTo(b.x, 6);
  expect(a.y).toBeCloseTo(b.y, 6);
};

describe('placePacket: where a packet is from its times on the link', () => {
  it('queued packets stand in the buffer stack as far from its head as the bytes ahead of them', () => {
    // At t = 0 a packet that starts sending at 0.6 ms has 0.6 ms × 100 Mbit/s = 7 500 bytes
    // ahead of it: half the 15 000-byte buffer.
    const m = placePacket(mark(0.0006), fwd, 0)!;
    expect(m.state).toBe('queued');
    near(m, lanePoint(fwd, fwd.head - 0.5 * (fwd.head - fwd.tail), STACK_OFFSET));
    // 0.3 ms later it has moved up to a quarter of the buffer from the head: the stack drains.
    near(placePacket(mark(0.0006), fwd, 0.0003)!, lanePoint(fwd, fwd.head - 0.25 * (fwd.head - fwd.tail), STACK_OFFSET));
    // More bytes ahead than the buffer holds (it cannot happen with DropTail) stays at the tail.
    near(placePacket(mark(1), fwd, 0)!, lanePoint(fwd, fwd.tail, STACK_OFFSET));
  });

  it('a packet being sent is at the head of the stack, then crosses the wire by its times', () => {
    const sending = placePacket(mark(0), fwd, 0.00006)!;
    expect(sending.state).toBe('tx');
    near(sending, lanePoint(fwd, fwd.head, LANE));
    // Half of the 10 ms propagation: half of the wire, which starts at the stack's head.
    const wire = placePacket(mark(0), fwd, 0.00012 + 0.005)!;
    expect(wire.state).toBe('wire');
    near(wire, lanePoint(fwd, fwd.head + 0.5 * (1 - fwd.head), LANE));
    // Arrived: on its next link now, not drawn here.
    expect(placePacket(mark(0), fwd, 0.0102)).toBeNull();
  });

  it('moves smoothly: positions at close times are close, and monotone along the wire', () => {
    const xs = [0.001, 0.002, 0.003, 0.004, 0.005].map((t) => placePacket(mark(0), fwd, t)!.x);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
    const a = placePacket(mark(0), fwd, 0.003)!;
    const b = placePacket(mark(0), fwd, 0.003 + 1e-6)!;
    expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeLessThan(0.1);
  });

  it('an ACK on the reverse link travels the same line backwards, in the other lane', () => {
    const ack = placePacket(mark(0, 'path1-rev', false), rev, 0.00012 + 0.0025)!;
    // A link without a drawn buffer uses the whole line for its wire: a quarter of the way
    // from dst is three quarters of the drawn edge.
    const data = placePacket(mark(0), fwd, 0.00012 + 0.0025)!;
    expect(ack.x).toBeGreaterThan(data.x);
    // The two lanes are on opposite sides of the line, 2 × LANE apart.
    const mid = lanePoint(fwd, 0.5, 0);
    const ackAtMid = placePacket(mark(0, 'path1-rev', false), rev, 0.00012 + 0.005)!;
    const dataAtMid = lanePoint(fwd, 0.5, LANE);
    expect(Math.hypot(ackAtMid.x - dataAtMid.x, ackAtMid.y - dataAtMid.y)).toBeCloseTo(2 * LANE, 3);
    expect(Math.hypot(ackAtMid.x - mid.x, ackAtMid.y - mid.y)).toBeCloseTo(LANE, 3);
  });
});

describe('placeMarks', () => {
  it('draws every packet of every drawn link, counts the stacks, skips unknown links', () => {
    const marks = [mark(0), mark(0.00012), mark(0.0003), mark(0.0006), mark(0, 'path1-rev', false), mark(0, 'nope')];
    const out = placeMarks(marks, layout, 0.00005);
    expect(out.map((m) => m.state)).toEqual(['tx', 'queued', 'queued', 'queued', 'tx']);
    expect(stackCounts(out)).toEqual(new Map([['path1', 3]]));
    expect(out.filter((m) => !m.data).map((m) => m.link)).toEqual(['path1-rev']);
    expect(markAt(out, out[4]!.x + 1, out[4]!.y)?.link).toBe('path1-rev');
  });

  it('keeps an ECN mark (CE) on the packet wherever it is drawn', () => {
    const out = placeMarks([mark(0.0003, 'path1', true, true), mark(0, 'path1', true, true), mark(0)], layout, 0.005);
    expect(out.map((m) => [m.state, m.ce])).toEqual([
      ['wire', true],
      ['wire', true],
      ['wire', false],
    ]);
    expect(placeMarks([mark(0.0006, 'path1', true, true)], layout, 0)[0]).toMatchObject({ state: 'queued', ce: true });
  });

  it('samples evenly down to the cap', () => {
    const many = Array.from({ length: 1000 }, (_, i) => mark(i * 1e-6));
    expect(placeMarks(many, layout, 0, 100).length).toBe(100);
  });

  it('states the sample', () => {
    expect(sampleNote(400, 2131)).toBe('showing 400 of 2\u2009131 packets');
    expect(sampleNote(12, 12)).toBe('12 packets');
  });
});

describe('SimClock', () => {
  it('projects simulated time at the measured rate, bounded', () => {
    const c = new SimClock(100);
    c.observe(0, 1000, true);
    expect(c.ahead(1010)).toBe(0);
    c.observe(0.001, 1033, true); // 1 ms simulated per 33 ms wall
    expect(c.ahead(1033 + 33)).toBeCloseTo(0.001);
    // Never more than 100 ms of wall time ahead.
    expect(c.ahead(1033 + 1000)).toBeCloseTo((0.001 / 33) * 100);
    expect(c.maxAhead()).toBeCloseTo((0.001 / 33) * 100);
  });

  it('stands still when paused or seeking back', () => {
    const c = new SimClock(100);
    c.observe(0, 1000, true);
    c.observe(0.001, 1033, true);
    c.observe(0.002, 1066, false);
    expect(c.ahead(1100)).toBe(0);
    c.observe(0.003, 1100, true);
    c.observe(0.001, 1133, true);
    expect(c.ahead(1150)).toBe(0);
  });
});

describe('packet colours (issue 30, item 13)', () => {
  it("a QUIC stream's data packets take the stream's colour, other packets their flow's", () => {
    const q = placePacket({ ...mark(0), stream: 7 }, fwd, 0.005)!;
    expect(q.stream).toBe(7);
    expect(markColor(q, colorFor)).toBe(colorFor(7));
    const control = placePacket({ ...mark(0), stream: 0 }, fwd, 0.005)!;
    expect(markColor(control, colorFor)).not.toBe(markColor(q, colorFor));
    const tcp = placePacket(mark(0), fwd, 0.005)!;
    expect(markColor(tcp, colorFor)).toBe(colorFor(0));
  });
});
