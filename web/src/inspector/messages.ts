// The inspector's engine events in words (issue 30, item 15): "drop link=0 wire=false" said
// nothing to a student; "packet 1 234 of short-rtt dropped at the bottleneck (buffer full)"
// does. One sentence per event type of the engine's log (core metrics/mod.rs `EventKind`), as
// Lingui messages (issue 31 §1, docs/i18n.md). A type the page does not know yet falls back to
// its raw fields.
import { i18n } from '../i18n/i18n';
import { formatInt, formatMbps } from '../lib/format';
import type { EngineEvent } from '../types';
import { stateWords } from './stateWords';

/** What an event's numbers refer to: flow ids and links by the engine's indices. */
export interface EventContext {
  /** The flow's id ("short-rtt"), by engine flow index. */
  flowId(index: number): string | undefined;
  /** The link by engine link index: its id and its queue discipline, if not DropTail. */
  link(index: number): { id: string; aqm?: string } | undefined;
}

export { stateWords };

/** "the bottleneck", or "link r1-r2". */
function linkWords(link: { id: string } | undefined, index: number): string {
  if (link?.id === 'bottleneck') return i18n._({ id: 'event.the-bottleneck', message: 'the bottleneck' });
  return i18n._({ id: 'event.link', message: 'link {id}', values: { id: link ? link.id : index } });
}

/** Queue disciplines as their papers spell them (the engine's names: core net/aqm). */
const AQM_NAMES: Record<string, string> = { codel: 'CoDel', fq_codel: 'FQ-CoDel', red: 'RED', pie: 'PIE' };

/** Why the packet was lost, in the words of the link's queue. */
function causeWords(cause: string | undefined, wire: boolean | undefined, aqm: string | undefined): string {
  if (cause === 'wire' || (cause === undefined && wire === true)) return i18n._({ id: 'event.cause-wire', message: 'lost on the wire' });
  if (cause === 'aqm') {
    return aqm
      ? i18n._({ id: 'event.cause-aqm-named', message: 'dropped by {aqm}, its queue discipline', values: { aqm: AQM_NAMES[aqm] ?? aqm } })
      : i18n._({ id: 'event.cause-aqm', message: 'dropped by its queue discipline' });
  }
  return i18n._({ id: 'event.cause-buffer', message: 'buffer full' });
}

/** Why a window moved (the engine's `cwnd_change.why`). */
function windowReason(why: string): string {
  switch (why) {
    case 'loss':
      return i18n._({ id: 'event.why-loss', message: 'a loss was detected and recovery began' });
    case 'recovery_done':
      return i18n._({ id: 'event.why-recovery-done', message: 'recovery ended' });
    case 'rto':
      return i18n._({ id: 'event.why-rto', message: 'the retransmission timer fired' });
    case 'ecn':
      return i18n._({ id: 'event.why-ecn', message: 'an echoed ECN mark' });
    default:
      return why;
  }
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
  const flow = (typeof e.flow === 'number' ? ctx.flowId(e.flow) : undefined) ?? i18n._({ id: 'event.the-flow', message: 'the flow' });
  switch (e.type) {
    case 'drop': {
      const link = ctx.link(e.link);
      const where = linkWords(link, e.link);
      const why = causeWords(e.cause, e.wire, link?.aqm);
      const lost = e.cause === 'wire' || (e.cause === undefined && e.wire);
      if (typeof e.packet !== 'number') {
        return lost
          ? i18n._({ id: 'event.drop-control-lost', message: 'a handshake or ACK packet of {flow} lost at {where} ({why})', values: { flow, where, why } })
          : i18n._({ id: 'event.drop-control', message: 'a handshake or ACK packet of {flow} dropped at {where} ({why})', values: { flow, where, why } });
      }
      const packet = formatInt(e.packet);
      return lost
        ? i18n._({ id: 'event.drop-lost', message: 'packet {packet} of {flow} lost at {where} ({why})', values: { packet, flow, where, why } })
        : i18n._({ id: 'event.drop', message: 'packet {packet} of {flow} dropped at {where} ({why})', values: { packet, flow, where, why } });
    }
    case 'cwnd_change':
      return i18n._({
        id: 'event.cwnd',
        message: 'cwnd {before} → {after} packets: {why}',
        values: { before: formatInt(e.before), after: formatInt(e.after), why: windowReason(e.why) },
      });
    case 'cc_state':
      return i18n._({ id: 'event.cc-state', message: 'controller state: {from} → {to}', values: { from: stateWords(e.from), to: stateWords(e.to) } });
    case 'cc_gain':
      return i18n._({
        id: 'event.cc-gain',
        message: 'pacing gain {gain}× (gain cycle phase {phase})',
        values: { gain: Number(e.pacing_gain.toFixed(3)), phase: e.phase },
      });
    case 'hystart_exit':
      return i18n._({
        id: 'event.hystart',
        message: 'HyStart ended slow start at cwnd {cwnd} packets ({reason})',
        values: { cwnd: formatInt(e.cwnd), reason: stateWords(e.reason) },
      });
    case 'cc_long_term_rate':
      return e.engaged
        ? i18n._({ id: 'event.lt-engaged', message: 'long-term bandwidth estimate engaged: pacing at gain 1 on it' })
        : i18n._({ id: 'event.lt-released', message: 'long-term rate released ({rate} Mbit/s): gain cycling resumes', values: { rate: formatMbps(e.rate_mbps) } });
    case 'fast_retransmit':
      return i18n._({
        id: 'event.fast-retransmit',
        message: 'fast retransmit: {lost, plural, one {# packet} other {# packets}} marked lost',
        values: { lost: e.lost },
      });
    case 'tail_loss_probe':
      return e.retransmission
        ? i18n._({ id: 'event.tlp-again', message: 'tail-loss probe sent (the last segment again): no ACK for two round trips' })
        : i18n._({ id: 'event.tlp-new', message: 'tail-loss probe sent (new data): no ACK for two round trips' });
    case 'ecn_echo':
      return e.reduced
        ? i18n._({ id: 'event.ecn-reduced', message: 'ECN echo: the sender reduced its window' })
        : i18n._({ id: 'event.ecn-kept', message: 'ECN echo: the window was kept (this controller does not cut on marks)' });
    case 'rto':
      return i18n._({
        id: 'event.rto',
        message: 'retransmission timeout ({backoff, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} in a row: the timer is now {factor}× as long)',
        values: { backoff: e.backoff, factor: 2 ** e.backoff },
      });
    case 'flow_completed':
      return i18n._({ id: 'event.completed', message: '{flow} complete: the receiver holds every byte', values: { flow } });
    case 'stream_pick':
      return e.retransmission
        ? i18n._({ id: 'event.stream-pick-retx', message: 'stream {stream} picked for a retransmission ({reason})', values: { stream: e.stream, reason: e.reason } })
        : i18n._({ id: 'event.stream-pick', message: 'stream {stream} picked ({reason})', values: { stream: e.stream, reason: e.reason } });
    case 'packets_lost':
      return e.persistent_congestion
        ? i18n._({
            id: 'event.lost-persistent',
            message: '{lost, plural, one {# packet} other {# packets}} declared lost: persistent congestion, the window collapses',
            values: { lost: e.lost },
          })
        : i18n._({ id: 'event.lost', message: '{lost, plural, one {# packet} other {# packets}} declared lost', values: { lost: e.lost } });
    case 'pto':
      return i18n._({
        id: 'event.pto',
        message: 'probe timeout ({count, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} in a row)',
        values: { count: e.count },
      });
    case 'mptcp_sched':
      return e.path === null
        ? i18n._({ id: 'event.mptcp-wait', message: 'scheduler waits ({reason})', values: { reason: e.reason } })
        : i18n._({ id: 'event.mptcp-send', message: 'scheduler sends on path {path} ({reason})', values: { path: e.path, reason: e.reason } });
    case 'mptcp_paths':
      return i18n._({
        id: 'event.mptcp-paths',
        message: 'flow scheduler: size class {size} → {count, plural, one {path {paths}} other {paths {paths}}}',
        values: { size: e.size_class, count: e.paths.length, paths: e.paths.join(', ') },
      });
    default:
      return rawEvent(e);
  }
}
