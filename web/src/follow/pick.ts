// What "Follow this packet" (or "Follow this ACK") asks the engine for (core sim/follow.rs
// FollowRequest): a dot of the network picture is the packet of its flow and number that is on
// that link at the time on screen and left its transmitter when the dot says (which tells apart
// duplicate ACKs on the link at once); a line of the sequence diagram is the one sent at the
// line's start. The same request names which transmission a dropped packet is
// (transmission.ts). Pure (pick.test.ts).
import type { SeqLine } from '../charts/sequence';
import type { FollowRequest } from '../generated';
import type { DrawnMark } from '../topology/marks';

/** The request for a packet picked on the picture at simulated time `t`. */
export function followRequestFor(mark: Pick<DrawnMark, 'flow' | 'seq' | 'link' | 'data' | 'wire_s'> & { path?: number | null }, t: number): FollowRequest {
  return { flow: mark.flow, ack: !mark.data, seq: mark.seq, path: mark.path ?? null, link: mark.link, wire_s: mark.wire_s ?? null, at_s: t };
}

/** The request for a line (data or ACK) of the sequence diagram of flow `flow`: the packet sent when the line starts. */
export function followRequestForLine(line: SeqLine, flow: number): FollowRequest {
  return { flow, ack: line.kind === 'ack', seq: line.seq, path: line.path, link: null, wire_s: null, at_s: line.t0 };
}
