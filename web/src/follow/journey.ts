// Follow one packet (issue 32 §2): the engine's journey of the followed packet (core
// sim/follow.rs: every hop's queued / serialising / on-the-wire / arrival times, its loss, and
// the ACK that covers it) turned into what the page shows — the list of its events, the phases
// the journey drawing colours (wait in the queue, serialisation, propagation), and where the
// packet is on the network picture at a time. Only the engine's times are used: nothing is
// estimated here. Pure; unit-tested (journey.test.ts).
import type { Journey, JourneyHop, JourneyLeg, PacketMark } from '../generated';

export type LegKind = 'data' | 'ack';
export type EventWhat = 'queued' | 'transmit' | 'on_wire' | 'arrive' | 'lost' | 'delivered';

/** One event of the followed packet. */
export interface JourneyEvent {
  t: number;
  leg: LegKind;
  /** The hop's link ('' for a delivery). */
  link: string;
  what: EventWhat;
}

export type PhaseKind = 'queue' | 'serialise' | 'propagate';

/** A stretch of the journey between two of its events, as the drawing colours it. */
export interface Phase {
  leg: LegKind;
  link: string;
  kind: PhaseKind;
  from: number;
  to: number;
}

/** The journey's legs, in order: the data packet and its covering ACK; a followed ACK is one ACK leg. */
export const legsOf = (j: Journey): [LegKind, JourneyLeg][] => (j.is_ack ? [['ack', j.data]] : j.ack ? [['data', j.data], ['ack', j.ack]] : [['data', j.data]]);

/** The number of the journey's leg of kind `leg` (a segment / packet number, or an ACK's), 0 if none. */
export const legNumber = (j: Journey, leg: LegKind): number => legsOf(j).find(([k]) => k === leg)?.[1].number ?? 0;

/** Every known event, in time order (a hop's arrival before the next hop's queueing at the same instant). */
export function journeyEvents(j: Journey): JourneyEvent[] {
  const out: JourneyEvent[] = [];
  for (const [leg, l] of legsOf(j)) {
    for (const h of l.hops) {
      out.push({ t: h.queued_s, leg, link: h.link, what: 'queued' });
      if (h.tx_s !== null) out.push({ t: h.tx_s, leg, link: h.link, what: 'transmit' });
      if (h.wire_s !== null) out.push({ t: h.wire_s, leg, link: h.link, what: 'on_wire' });
      if (h.lost_s !== null) out.push({ t: h.lost_s, leg, link: h.link, what: 'lost' });
      else if (h.arrive_s !== null) out.push({ t: h.arrive_s, leg, link: h.link, what: 'arrive' });
    }
    if (l.delivered_s !== null) out.push({ t: l.delivered_s, leg, link: '', what: 'delivered' });
  }
  // Stable: equal times keep the journey's order.
  return out.map((e, i) => [e, i] as const).sort((a, b) => a[0].t - b[0].t || a[1] - b[1]).map(([e]) => e);
}

/** The queue, serialisation and propagation stretches of every hop, as far as they are known. */
export function phasesOf(j: Journey): Phase[] {
  const out: Phase[] = [];
  for (const [leg, l] of legsOf(j)) {
    for (const h of l.hops) {
      const add = (kind: PhaseKind, from: number | null, to: number | null) => {
        if (from !== null && to !== null && to > from) out.push({ leg, link: h.link, kind, from, to });
      };
      add('queue', h.queued_s, h.tx_s ?? h.lost_s);
      add('serialise', h.tx_s, h.wire_s);
      add('propagate', h.wire_s, h.arrive_s);
    }
  }
  return out;
}

/** The hop the packet is on at `t` (queued, serialising or on the wire), with its leg. */
export function hopAt(j: Journey, t: number): { leg: LegKind; hop: JourneyHop } | null {
  for (const [leg, l] of legsOf(j)) {
    for (const hop of l.hops) {
      const end = hop.lost_s ?? hop.arrive_s ?? Infinity;
      if (hop.queued_s <= t && t < end) return { leg, hop };
    }
  }
  return null;
}

/**
 * The followed packet as a packet of the snapshot, at `t`: placed by the picture like any other
 * (topology/marks.ts placePacket) from the engine's times on its current hop. A packet still
 * waiting on an AQM link (its start not decided yet) is at the tail of the queue. Null when it
 * is on no link at `t` (not sent yet, at a host, or gone).
 */
export function followedMark(j: Journey, t: number): PacketMark | null {
  const at = hopAt(j, t);
  if (!at) return null;
  const { leg, hop } = at;
  const far = Number.MAX_VALUE;
  return {
    link: hop.link,
    flow: j.flow,
    data: leg === 'data',
    ce: false,
    stream: null,
    progress: 0,
    tx_s: hop.tx_s ?? far,
    wire_s: hop.wire_s ?? far,
    arrive_s: hop.lost_s ?? hop.arrive_s ?? far,
    seq: legNumber(j, leg),
    subflow: null,
  };
}

/** The last event at or before `t` (what the packet did last), or null before it was sent. */
export function lastEventBy(events: readonly JourneyEvent[], t: number): JourneyEvent | null {
  let last: JourneyEvent | null = null;
  for (const e of events) if (e.t <= t + 1e-12) last = e;
  return last;
}
