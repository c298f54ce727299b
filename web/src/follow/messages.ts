// Every string "follow one packet" (issue 32 §2) shows, as Lingui descriptors (web/src/locales).
// Functions, so each call reads the language in use.
import { i18n } from '../i18n/i18n';
import type { DropCause } from '../generated';
import type { EventWhat, LegKind, PhaseKind } from './journey';

/** The button beside "Drop this packet" on the picture and on a line of the sequence diagram. */
export const followThis = () => i18n._({ id: 'follow.button', message: 'Follow this packet' });

/** The step control while a packet is followed. */
export const nextEvent = () => i18n._({ id: 'follow.next', message: 'Next event of this packet →' });

export const stopFollowing = () => i18n._({ id: 'follow.stop', message: 'Stop following' });

/** The panel's title: "Following short-rtt: packet 20 (transmission 2 of 2)". */
export const following = (flow: string, seq: number, transmission: number, transmissions: number) =>
  i18n._({
    id: 'follow.title',
    message: 'Following {flow}: packet {seq} (transmission {transmission} of {transmissions})',
    values: { flow, seq, transmission, transmissions },
  });

export const waitingForSend = () => i18n._({ id: 'follow.waiting', message: 'The packet has not been sent yet at this time.' });

export const noAckYet = () => i18n._({ id: 'follow.no-ack', message: 'No ACK covers it yet.' });

export const complete = () => i18n._({ id: 'follow.complete', message: 'Its journey is complete: nothing more happens to it.' });

export const refused = (why: string) => i18n._({ id: 'follow.refused', message: 'Cannot follow this packet: {why}', values: { why } });

/** The button on an ACK (picture or sequence diagram): its own journey back to the sender. */
export const followAck = () => i18n._({ id: 'follow.button-ack', message: 'Follow this ACK' });

/** The panel's title for a followed ACK: "Following short-rtt: ACK 20, transmission 3 of 5 (…)", counted as `drops` counts it. */
export const followingAck = (flow: string, ack: number, transmission: number, transmissions: number) =>
  i18n._({
    id: 'follow.title-ack',
    message: 'Following {flow}: ACK {ack}, transmission {transmission} of {transmissions} (the first ACK with that number, then each duplicate)',
    values: { flow, ack, transmission, transmissions },
  });

/** A followed ACK's last event. */
export const ackReachesSender = () => i18n._({ id: 'follow.event.ack-alone-delivered', message: 'reaches the sender' });

/** Why a picked packet cannot be followed: the handshake has no number to follow it by. */
export const cannotFollow = () => i18n._({ id: 'follow.not-handshake', message: 'The handshake cannot be followed: follow a data packet or an ACK.' });

/** The two legs of the journey. */
export const legName = (leg: LegKind, n: number) =>
  leg === 'data' ? i18n._({ id: 'follow.leg.data', message: 'packet {n}', values: { n } }) : i18n._({ id: 'follow.leg.ack', message: 'ACK {n}', values: { n } });

/** One event of the list, e.g. "starts serialising on bottleneck". */
export function eventText(what: EventWhat, leg: LegKind, link: string, cause: DropCause | null): string {
  switch (what) {
    case 'queued':
      return i18n._({ id: 'follow.event.queued', message: 'joins the queue of {link}', values: { link } });
    case 'transmit':
      return i18n._({ id: 'follow.event.transmit', message: 'starts serialising on {link}', values: { link } });
    case 'on_wire':
      return i18n._({ id: 'follow.event.wire', message: 'is on the wire of {link}', values: { link } });
    case 'arrive':
      return i18n._({ id: 'follow.event.arrive', message: 'reaches the far end of {link}', values: { link } });
    case 'lost':
      return i18n._({ id: 'follow.event.lost', message: 'is lost on {link} ({cause})', values: { link, cause: causeText(cause) } });
    case 'delivered':
      return leg === 'data'
        ? i18n._({ id: 'follow.event.delivered', message: 'is delivered to the receiver' })
        : i18n._({ id: 'follow.event.ack-delivered', message: 'reaches the sender: the packet is acknowledged' });
  }
}

function causeText(cause: DropCause | null): string {
  switch (cause) {
    case 'aqm':
      return i18n._({ id: 'follow.cause.aqm', message: 'the queue discipline dropped it' });
    case 'wire':
      return i18n._({ id: 'follow.cause.wire', message: 'lost on the wire' });
    default:
      return i18n._({ id: 'follow.cause.queue', message: 'the buffer was full' });
  }
}

/** The drawing's colours, named in its legend. */
export const phaseName = (kind: PhaseKind) =>
  kind === 'queue'
    ? i18n._({ id: 'follow.phase.queue', message: 'wait in the queue' })
    : kind === 'serialise'
      ? i18n._({ id: 'follow.phase.serialise', message: 'serialisation' })
      : i18n._({ id: 'follow.phase.propagate', message: 'propagation' });

/** A hop's row: "bottleneck: waited 2.1 ms, serialised 0.12 ms, propagated 5 ms". */
export const hopSummary = (link: string, wait: string, serialise: string, propagate: string) =>
  i18n._({ id: 'follow.hop', message: '{link}: waited {wait}, serialised {serialise}, propagated {propagate}', values: { link, wait, serialise, propagate } });

/** From the send to the ACK's arrival. */
export const roundTrip = (t: string) => i18n._({ id: 'follow.round-trip', message: 'Sent to acknowledged: {t}', values: { t } });

/** The drawing's accessible name. */
export const drawingLabel = () => i18n._({ id: 'follow.drawing', message: "The followed packet's journey over time, hop by hop" });

/** The "now" mark on the drawing. */
export const now = () => i18n._({ id: 'follow.now', message: 'now' });
