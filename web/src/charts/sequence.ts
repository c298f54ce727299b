// The geometry of the sequence/time diagram (components/SequenceView.tsx, issue 16): the
// textbook picture of a connection (Stevens, TCP/IP Illustrated vol. 1; Kurose & Ross §3.5).
// Two vertical time axes, sender at x = 0 and receiver at x = 1, time growing downward; each
// packet of the engine's trace (sim/trace.rs) becomes one segment between them:
// - delivered: from its sending side at its send time to the other side at its arrival;
// - in flight at the window's end: cut at the end, as far across as its usual trip time says;
// - lost: it heads across at the usual slope and stops where it was lost — hop h of a path of
//   n links is drawn (h + ½)/n of the way — with a cross there.
// Pure functions (no DOM), so the unit tests can check the layout.
import type { LogEvent, TraceRecord, TraceWindow } from '../generated';
import { i18n } from '../i18n/i18n';

export interface SeqLine {
  /** Ends in diagram units: x 0 (sender) ‥ 1 (receiver), t in simulated seconds. */
  x0: number;
  t0: number;
  x1: number;
  t1: number;
  kind: 'data' | 'ack' | 'syn';
  retx: boolean;
  /** Ends in a cross: lost on the way. */
  dropped: boolean;
  /** Still on its way at the window's end. */
  inFlight: boolean;
  path: number;
  /** What a hover or a label says. */
  label: string;
  seq: number;
}

export interface SeqMarker {
  t: number;
  /** 'RTO', 'FR' (fast retransmit), 'PTO', 'lost' (QUIC declared losses). */
  what: string;
  detail: string;
}

/** The median of a list (0 for none). */
function median(xs: number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/**
 * The usual one-way trip per direction (median of the delivered packets' send→arrival times),
 * for drawing packets whose arrival is not known; `fallback` when none was delivered.
 */
export function usualTrip(records: TraceRecord[], fallback: number): { forward: number; back: number } {
  const trip = (fwd: boolean) =>
    median(records.filter((r) => r.forward === fwd && r.drop === null && r.end_s !== null).map((r) => r.end_s! - r.sent_s));
  return { forward: trip(true) || fallback, back: trip(false) || fallback };
}

/** Where a traced packet was lost, in a word (the engine's DropCause). */
function causeWord(cause: string): string {
  switch (cause) {
    case 'queue':
      return i18n._({ id: 'seq.cause-queue', message: 'queue full' });
    case 'wire':
      return i18n._({ id: 'seq.cause-wire', message: 'on the wire' });
    case 'aqm':
      return i18n._({ id: 'seq.cause-aqm', message: 'queue discipline' });
    default:
      return cause;
  }
}

function describe(r: TraceRecord): string {
  const d = r.drop ? i18n._({ id: 'seq.lost-on', message: ' — lost on {link} ({cause})', values: { link: r.drop.link, cause: causeWord(r.drop.cause) } }) : '';
  switch (r.kind) {
    case 'data': {
      const seg = r.retx
        ? i18n._({ id: 'seq.retx-segment', message: 'retransmission of segment {seq}', values: { seq: r.seq } })
        : i18n._({ id: 'seq.segment', message: 'segment {seq}', values: { seq: r.seq } });
      return `${seg}${r.dsn !== null ? ` (DSN ${r.dsn})` : ''}, ${r.len} B${r.ce ? ', CE' : ''}${d}`;
    }
    case 'ack': {
      const sack = r.sack_blocks > 0 ? `, ${i18n._({ id: 'seq.sack-blocks', message: '{n} SACK blocks', values: { n: r.sack_blocks } })}` : '';
      return `ACK ${r.seq}${sack}${r.ece ? ', ECE' : ''}${d}`;
    }
    case 'syn':
      return `SYN${d}`;
    case 'syn_ack':
      return `SYN-ACK${d}`;
  }
}

/** One record as a segment (see the header); `now` is the window's end. */
export function lineOf(r: TraceRecord, now: number, trip: { forward: number; back: number }): SeqLine {
  const from = r.forward ? 0 : 1;
  const to = 1 - from;
  const usual = r.forward ? trip.forward : trip.back;
  let x1 = to;
  let t1 = r.end_s ?? now;
  let inFlight = false;
  if (r.drop) {
    const frac = Math.min(1, (r.drop.hop + 0.5) / Math.max(1, r.drop.hops));
    x1 = from + (to - from) * frac;
    t1 = r.sent_s + frac * usual;
  } else if (r.end_s === null || r.end_s > now) {
    inFlight = true;
    t1 = now;
    const frac = usual > 0 ? Math.min(1, (now - r.sent_s) / usual) : 1;
    x1 = from + (to - from) * frac;
  }
  return {
    x0: from,
    t0: r.sent_s,
    x1,
    t1,
    kind: r.kind === 'data' ? 'data' : r.kind === 'ack' ? 'ack' : 'syn',
    retx: r.retx,
    dropped: r.drop !== null,
    inFlight,
    path: r.path,
    label: describe(r),
    seq: r.seq,
  };
}

const MARKERS: Record<string, string> = { rto: 'RTO', fast_retransmit: 'FR', tail_loss_probe: 'TLP', pto: 'PTO', packets_lost: 'lost' };

/** The loss-recovery events as markers on the sender's axis. */
export function markersOf(events: LogEvent[]): SeqMarker[] {
  return events.flatMap((e) => {
    const what = MARKERS[e.type];
    if (!what) return [];
    const detail =
      e.type === 'rto'
        ? i18n._({ id: 'seq.m-rto', message: 'retransmission timeout (backoff {backoff})', values: { backoff: e.backoff } })
        : e.type === 'fast_retransmit'
          ? i18n._({ id: 'seq.m-fr', message: 'fast retransmit ({lost} lost)', values: { lost: e.lost } })
          : e.type === 'tail_loss_probe'
            ? e.retransmission
              ? i18n._({ id: 'seq.m-tlp-again', message: 'tail-loss probe (the last segment again)' })
              : i18n._({ id: 'seq.m-tlp-new', message: 'tail-loss probe (new data)' })
            : e.type === 'pto'
              ? i18n._({ id: 'seq.m-pto', message: 'probe timeout (count {count})', values: { count: e.count } })
              : e.type === 'packets_lost'
                ? e.persistent_congestion
                  ? i18n._({ id: 'seq.m-lost-persistent', message: '{lost} packets declared lost, persistent congestion', values: { lost: e.lost } })
                  : i18n._({ id: 'seq.m-lost', message: '{lost} packets declared lost', values: { lost: e.lost } })
                : '';
    return [{ t: e.t_ns / 1e9, what, detail }];
  });
}

/** The lines of a trace window whose packets took `path` (null: every path). */
export function linesOf(w: TraceWindow, now: number, path: number | null, fallbackTrip: number): SeqLine[] {
  const recs = path === null ? w.records : w.records.filter((r) => r.path === path);
  const trip = usualTrip(w.records, fallbackTrip);
  return recs.map((r) => lineOf(r, now, trip));
}

/** The distinct paths of the data packets, ascending (MPTCP: one per subflow). */
export function pathsOf(w: TraceWindow): number[] {
  return [...new Set(w.records.filter((r) => r.kind === 'data').map((r) => r.path))].sort((a, b) => a - b);
}

/** The window span after zooming in (factor < 1) or out, kept within [min, max] seconds. */
export function zoomSpan(span: number, factor: number, min = 1e-4, max = 600): number {
  return Math.min(max, Math.max(min, span * factor));
}
