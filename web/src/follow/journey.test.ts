import { describe, expect, it } from 'vitest';
import type { Journey, JourneyHop } from '../generated';
import { followedMark, hopAt, journeyEvents, lastEventBy, legNumber, legsOf, phasesOf } from './journey';

const hop = (link: string, queued: number, tx: number | null, wire: number | null, arrive: number | null, lost: number | null = null): JourneyHop => ({
  link,
  queued_s: queued,
  tx_s: tx,
  wire_s: wire,
  arrive_s: arrive,
  lost_s: lost,
  lost: lost === null ? null : 'queue',
});

// Segment 7 over two links (it waits 2 ms in the bottleneck's queue), then ACK 8 back over one.
const journey: Journey = {
  flow: 0,
  flow_id: 'f',
  is_ack: false,
  transmission: 1,
  transmissions: 1,
  data: { number: 7, path: 0, hops: [hop('access', 0, 0, 0.001, 0.002), hop('bottleneck', 0.002, 0.004, 0.005, 0.015)], delivered_s: 0.015 },
  ack: { number: 8, path: 1, hops: [hop('bottleneck-rev', 0.015, 0.015, 0.0151, 0.0251)], delivered_s: 0.0251 },
  complete: true,
};

describe('a followed packet', () => {
  it('lists its events in time order, the ACK last', () => {
    const ev = journeyEvents(journey);
    expect(ev.map((e) => `${e.leg}:${e.what}@${e.link}`)).toEqual([
      'data:queued@access',
      'data:transmit@access',
      'data:on_wire@access',
      'data:arrive@access',
      'data:queued@bottleneck',
      'data:transmit@bottleneck',
      'data:on_wire@bottleneck',
      'data:arrive@bottleneck',
      'data:delivered@',
      'ack:queued@bottleneck-rev',
      'ack:transmit@bottleneck-rev',
      'ack:on_wire@bottleneck-rev',
      'ack:arrive@bottleneck-rev',
      'ack:delivered@',
    ]);
    expect(ev.every((e, i) => i === 0 || e.t >= ev[i - 1]!.t)).toBe(true);
    expect(lastEventBy(ev, 0.003)).toMatchObject({ what: 'queued', link: 'bottleneck' });
    expect(lastEventBy(ev, -1)).toBeNull();
  });

  it('splits each hop into the wait in the queue, serialisation and propagation', () => {
    const b = phasesOf(journey).filter((p) => p.link === 'bottleneck');
    expect(b.map((p) => [p.kind, p.from, p.to])).toEqual([
      ['queue', 0.002, 0.004],
      ['serialise', 0.004, 0.005],
      ['propagate', 0.005, 0.015],
    ]);
    // No wait on the access link: no queue stretch drawn for it.
    expect(phasesOf(journey).filter((p) => p.link === 'access').map((p) => p.kind)).toEqual(['serialise', 'propagate']);
  });

  it('is placed on the link it is on, from the engine times of that hop', () => {
    expect(followedMark(journey, 0.003)).toMatchObject({ link: 'bottleneck', data: true, seq: 7, tx_s: 0.004, wire_s: 0.005, arrive_s: 0.015 });
    expect(followedMark(journey, 0.02)).toMatchObject({ link: 'bottleneck-rev', data: false, seq: 8 });
    expect(followedMark(journey, 0.03)).toBeNull();
    expect(hopAt(journey, 0.015)?.leg).toBe('ack');
  });

  it('ends where it was lost, and waits at the tail while an AQM has not yet started it', () => {
    const lost: Journey = { ...journey, ack: null, data: { ...journey.data, hops: [hop('bottleneck', 0.002, null, null, null, 0.004)], delivered_s: null } };
    expect(journeyEvents(lost).map((e) => e.what)).toEqual(['queued', 'lost']);
    expect(phasesOf(lost)).toEqual([{ leg: 'data', link: 'bottleneck', kind: 'queue', from: 0.002, to: 0.004 }]);
    expect(followedMark(lost, 0.005)).toBeNull();
    const waiting: Journey = { ...lost, data: { ...lost.data, hops: [hop('bottleneck', 0.002, null, null, null)] } };
    expect(followedMark(waiting, 0.5)).toMatchObject({ link: 'bottleneck', tx_s: Number.MAX_VALUE });
  });
});

// A followed ACK (issue 32: which duplicate a picked ACK is): its journey is one ACK leg, named
// by its own number, placed on the picture as an ACK.
describe('a followed ACK', () => {
  const dup: Journey = {
    ...journey,
    is_ack: true,
    transmission: 3,
    transmissions: 5,
    data: { number: 20, path: 1, hops: [hop('bottleneck-rev', 0.02, 0.02, 0.0201, 0.0301), hop('access-rev', 0.0301, 0.0301, 0.03011, 0.03111)], delivered_s: 0.03111 },
    ack: null,
  };

  it("is one ACK leg: its events and phases are the ACK's, ending at the sender", () => {
    expect(legsOf(dup).map(([k, l]) => [k, l.number])).toEqual([['ack', 20]]);
    expect(legNumber(dup, 'ack')).toBe(20);
    expect(legNumber(dup, 'data')).toBe(0);
    const ev = journeyEvents(dup);
    expect(new Set(ev.map((e) => e.leg))).toEqual(new Set(['ack']));
    expect(ev[ev.length - 1]).toMatchObject({ what: 'delivered', t: 0.03111 });
    expect(phasesOf(dup).every((p) => p.leg === 'ack')).toBe(true);
  });

  it('is drawn on the picture as that ACK', () => {
    expect(followedMark(dup, 0.025)).toMatchObject({ link: 'bottleneck-rev', data: false, seq: 20, wire_s: 0.0201 });
    // The data packet's journey still names its ACK by the ACK's number.
    expect(followedMark(journey, 0.02)).toMatchObject({ link: 'bottleneck-rev', data: false, seq: 8 });
  });
});
