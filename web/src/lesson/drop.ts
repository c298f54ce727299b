// "Drop this packet" (issue 32): a packet picked on the network picture, named the way the
// scenario's `drops` field names it (core scenario/drops.rs) — its flow's id, its number (a data
// packet's segment or QUIC packet number, an ACK's cumulative ACK) and the link it is on. The
// first transmission is meant (`transmission` left at its default): the picture does not tell a
// retransmission apart, and a re-simulated run reaches the same packet first.
import type { DropSpec, FlowView, TraceWindow } from '../generated';
import type { SeqLine } from '../charts/sequence';
import type { DrawnMark } from '../topology/marks';

/** Why a picked packet cannot be dropped from the picture, or null when it can. */
export function undroppable(mark: DrawnMark, flow: FlowView | undefined): 'handshake' | 'mptcp' | 'unknown' | null {
  if (!flow) return 'unknown';
  if (flow.subflow_paths && flow.subflow_paths.length > 0) return 'mptcp';
  if (!mark.data && mark.seq === 0) return 'handshake';
  return null;
}

/** The `drops` entry that loses `mark` on its link. */
export function dropFor(mark: DrawnMark, flow: FlowView): DropSpec {
  return mark.data ? { flow: flow.id, seq: mark.seq, at: mark.link } : { flow: flow.id, ack: mark.seq, at: mark.link };
}

/** The scenario's JSON text with `drop` appended to its `drops` (or, null, the last one removed). */
export function editDrops(text: string, drop: DropSpec | null): string {
  const sc = JSON.parse(text) as { drops?: DropSpec[] };
  const drops = Array.isArray(sc.drops) ? sc.drops : [];
  const next = drop ? [...drops, drop] : drops.slice(0, -1);
  if (next.length > 0) sc.drops = next;
  else delete sc.drops;
  return JSON.stringify(sc);
}

/**
 * The `drops` entry for a line of the sequence diagram: its flow, number and which of the
 * packets with that number it is among the window's records (the sender's n-th transmission,
 * the n-th ACK with that cumulative ACK), lost on the first link of its path (the default `at`).
 */
export function dropForLine(line: SeqLine, w: TraceWindow): DropSpec {
  const kind = line.kind === 'data' ? 'data' : 'ack';
  const nth = w.records.filter((r) => r.kind === kind && r.seq === line.seq && r.sent_s <= line.t0).length;
  const name = kind === 'data' ? { seq: line.seq } : { ack: line.seq };
  return { flow: w.flow_id, ...name, ...(nth > 1 ? { transmission: nth } : {}) };
}
