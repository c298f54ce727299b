// The inspector's engine events in words (issue 30, item 15): "drop link=0 wire=false" said
// nothing to a student; "packet 1 234 of short-rtt dropped at the bottleneck (buffer full)"
// does. One sentence per event type of the engine's log (core metrics/mod.rs `EventKind`),
// plain English returned by functions so the lead can move them into the message catalogs in
// one place. A type the page does not know yet falls back to its raw fields.
import { formatInt, formatMbps } from '../lib/format';
import type { EngineEvent } from '../types';

/** What an event's numbers refer to: flow ids and links by the engine's indices. */
export interface EventContext {
  /** The flow's id ("short-rtt"), by engine flow index. */
  flowId(index: number): string | undefined;
  /** The link by engine link index: its id and its queue discipline, if not DropTail. */
  link(index: number): { id: string; aqm?: string } | undefined;
}

/** A controller state name in words ("congestion_avoidance" → "congestion avoidance"). */
export function stateWords(state: string): string {
  return state.replace(/_/g, ' ');
}

/** "the bottleneck", or "link r1-r2". */
function linkWords(link: { id: string } | undefined, index: number): string {
  if (!link) return `link ${index}`;
  return link.id === 'bottleneck' ? 'the bottleneck' : `link ${link.id}`;
}

/** Queue disciplines as their papers spell them (the engine's names: core net/aqm). */
const AQM_NAMES: Record<string, string> = { codel: 'CoDel', fq_codel: 'FQ-CoDel', red: 'RED', pie: 'PIE' };

/** Why the packet was lost, in the words of the link's queue. */
function causeWords(cause: string | undefined, wire: boolean | undefined, aqm: string | undefined): string {
  if (cause === 'wire' || (cause === undefined && wire === true)) return 'lost on the wire';
  if (cause === 'aqm') return aqm ? `dropped by ${AQM_NAMES[aqm] ?? aqm}, its queue discipline` : 'dropped by its queue discipline';
  return 'buffer full';
}

/** Why a window moved (the engine's `cwnd_change.why`). */
const WINDOW_REASONS: Record<string, string> = {
  loss: 'a loss was detected and recovery began',
  recovery_done: 'recovery ended',
  rto: 'the retransmission timer fired',
  ecn: 'an echoed ECN mark',
};

/** Ordinal for small counts: 1st, 2nd, 3rd, 4th … */
function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** The raw form, for types without words yet: "type key=value …". */
export function rawEvent(e: EngineEvent): string {
  const fields = Object.entries(e)
    .filter(([k]) => k !== 't_ns' && k !== 'flow' && k !== 'type')
    .map(([k, v]) => `${k}=${typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toPrecision(4)) : typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' ');
  return fields ? `${e.type} ${fields}` : e.type;
}

/** One engine event as a sentence a student can read. */
export function eventWords(e: EngineEvent, ctx: EventContext): string {
  const flow = (typeof e.flow === 'number' ? ctx.flowId(e.flow) : undefined) ?? 'the flow';
  switch (e.type) {
    case 'drop': {
      const link = ctx.link(e.link);
      const what = typeof e.packet === 'number' ? `packet ${formatInt(e.packet)} of ${flow}` : `a handshake or ACK packet of ${flow}`;
      const verb = e.cause === 'wire' || (e.cause === undefined && e.wire) ? 'lost' : 'dropped';
      return `${what} ${verb} at ${linkWords(link, e.link)} (${causeWords(e.cause, e.wire, link?.aqm)})`;
    }
    case 'cwnd_change':
      return `cwnd ${formatInt(e.before)} → ${formatInt(e.after)} packets: ${WINDOW_REASONS[e.why] ?? e.why}`;
    case 'cc_state':
      return `controller state: ${stateWords(e.from)} → ${stateWords(e.to)}`;
    case 'cc_gain':
      return `pacing gain ${Number(e.pacing_gain.toFixed(3))}× (gain cycle phase ${e.phase})`;
    case 'hystart_exit':
      return `HyStart ended slow start at cwnd ${formatInt(e.cwnd)} packets (${stateWords(e.reason)})`;
    case 'cc_long_term_rate':
      return e.engaged ? 'long-term bandwidth estimate engaged: pacing at gain 1 on it' : `long-term rate released (${formatMbps(e.rate_mbps)} Mbit/s): gain cycling resumes`;
    case 'fast_retransmit':
      return `fast retransmit: ${formatInt(e.lost)} packet${e.lost === 1 ? '' : 's'} marked lost`;
    case 'tail_loss_probe':
      return `tail-loss probe sent (${e.retransmission ? 'the last segment again' : 'new data'}): no ACK for two round trips`;
    case 'ecn_echo':
      return e.reduced ? 'ECN echo: the sender reduced its window' : 'ECN echo: the window was kept (this controller does not cut on marks)';
    case 'rto':
      return `retransmission timeout (${ordinal(e.backoff)} in a row: the timer is now ${2 ** e.backoff}× as long)`;
    case 'flow_completed':
      return `${flow} complete: the receiver holds every byte`;
    case 'stream_pick':
      return `stream ${e.stream} picked${e.retransmission ? ' for a retransmission' : ''} (${e.reason})`;
    case 'packets_lost':
      return `${formatInt(e.lost)} packet${e.lost === 1 ? '' : 's'} declared lost${e.persistent_congestion ? ': persistent congestion, the window collapses' : ''}`;
    case 'pto':
      return `probe timeout (${ordinal(e.count)} in a row)`;
    case 'mptcp_sched':
      return e.path === null ? `scheduler waits (${e.reason})` : `scheduler sends on path ${e.path} (${e.reason})`;
    case 'mptcp_paths':
      return `flow scheduler: size class ${e.size_class} → path${e.paths.length === 1 ? '' : 's'} ${e.paths.join(', ')}`;
    default:
      return rawEvent(e);
  }
}
