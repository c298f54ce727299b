// Which stretch of time the sequence diagram shows (issue 32 §2): a readable window rather than
// the last few round trips of a wall of lines. It opens on the first loss of the trace and its
// recovery — from a round trip before the lost packet was sent to a round trip after its
// retransmission arrived (or to now, while it is still being repaired) — or, without a loss,
// on the first round trips of the trace. The time brush (charts/timeBrush.ts) then sets the
// window, and the zoom buttons go back to following the clock. Pure; unit-tested.
import type { TraceWindow } from '../generated';

export type SeqWindowMode = 'auto' | 'live' | 'brush';

/** Round trips shown when there is no loss. */
export const FIRST_RTTS = 4;

/** The first lost data packet and the time its retransmission arrived (null: not yet). */
export function firstLoss(w: TraceWindow): { sent: number; repaired: number | null; seq: number } | null {
  const lost = w.records.find((r) => r.kind === 'data' && r.drop !== null);
  if (!lost) return null;
  const fix = w.records.find((r) => r.kind === 'data' && r.seq === lost.seq && r.path === lost.path && r.sent_s > lost.sent_s && r.drop === null && r.end_s !== null);
  return { sent: lost.sent_s, repaired: fix?.end_s ?? null, seq: lost.seq };
}

/**
 * The window to open on, within [the trace's start, `now`]: the first loss and its recovery, else
 * the first `FIRST_RTTS` round trips (`rtt`: the flow's base RTT). Null before any packet.
 */
export function readableWindow(w: TraceWindow, rtt: number, now: number): [number, number] | null {
  const since = Math.max(w.tracing_since_s, w.oldest_s ?? 0);
  const loss = firstLoss(w);
  let t0: number;
  let t1: number;
  if (loss) {
    t0 = loss.sent - rtt;
    t1 = (loss.repaired ?? now) + rtt;
  } else {
    const first = w.records[0];
    if (!first) return null;
    t0 = first.sent_s;
    t1 = first.sent_s + FIRST_RTTS * rtt;
  }
  t0 = Math.max(since, t0);
  t1 = Math.min(now, t1);
  return t1 > t0 ? [t0, t1] : null;
}

/** The brush's window as the diagram can show it: nothing after `now` (not simulated yet). */
export function brushWindow(window: readonly [number, number], now: number): [number, number] | null {
  const t1 = Math.min(window[1], now);
  return t1 > window[0] ? [window[0], t1] : null;
}
