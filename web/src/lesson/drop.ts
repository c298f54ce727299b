// "Drop this packet" (issue 32): a packet picked on the network picture, named the way the
// scenario's `drops` field names it (core scenario/drops.rs) — its flow's id, its number (a data
// packet's segment or QUIC packet number, an ACK's cumulative ACK), an MPTCP packet's subflow
// (the engine gives each packet's), and the link it is on. Which transmission it is (a data
// packet's retransmission, or which duplicate of an ACK), the worker asks the engine when the
// drop is added (follow/transmission.ts).
import type { DropSpec, FlowView, TraceWindow } from '../generated';
import type { SeqLine } from '../charts/sequence';
import type { DrawnMark } from '../topology/marks';

/** Why a picked packet cannot be dropped from the picture, or null when it can. */
export function undroppable(mark: DrawnMark, flow: FlowView | undefined): 'handshake' | 'mptcp' | 'unknown' | null {
  if (!flow) return 'unknown';
  // An MPTCP packet is named by its subflow, which the engine gives each packet of a listed flow.
  if (flow.subflow_paths && flow.subflow_paths.length > 0 && mark.subflow == null) return 'mptcp';
  if (!mark.data && mark.seq === 0) return 'handshake';
  return null;
}

/** The `drops` entry that loses `mark` on its link (an MPTCP packet: on its subflow). */
export function dropFor(mark: DrawnMark, flow: FlowView): DropSpec {
  const name = mark.data ? { seq: mark.seq } : { ack: mark.seq };
  return { flow: flow.id, ...(mark.subflow != null ? { subflow: mark.subflow } : {}), ...name, at: mark.link };
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
