// What "Follow this packet" asks the engine for (core sim/follow.rs FollowRequest): a dot of the
// network picture is the transmission of its flow's packet that is on that link at the time on
// screen; a line of the sequence diagram is the one sent at the line's start. Pure (pick.test.ts).
import type { SeqLine } from '../charts/sequence';
import type { FollowRequest } from '../generated';
import type { DrawnMark } from '../topology/marks';

/** The request for a packet picked on the picture at simulated time `t`. */
export function followRequestFor(mark: Pick<DrawnMark, 'flow' | 'seq' | 'link'> & { path?: number | null }, t: number): FollowRequest {
  return { flow: mark.flow, seq: mark.seq, path: mark.path ?? null, link: mark.link, at_s: t };
}

/** The request for a data line of the sequence diagram of flow `flow`: the packet sent when the line starts. */
export function followRequestForLine(line: SeqLine, flow: number): FollowRequest {
  return { flow, seq: line.seq, path: line.path, link: null, at_s: line.t0 };
}
