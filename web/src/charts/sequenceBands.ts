// Bands instead of a wall (issue 32): at realistic rates a window of the sequence diagram holds
// far more packets than it has pixel rows (829 data lines in 160 ms of tcp-single), and drawing
// each as a line paints a solid block in which nothing can be told apart. Where the ordinary
// lines of one kind and direction would be packed more densely than one per BAND_PX pixels of
// the time axis, they are grouped by their send time into bands BAND_PX tall: one shape per band
// from the sending axis (the band's first to last send) to the other side (its first to last
// arrival), labelled with how many packets it holds. What a reader looks for is never banded:
// lost packets, retransmissions and packets still in flight stay single lines, so a loss and its
// recovery read the same at any zoom.
// Pure functions (no DOM): charts/sequenceBands.test.ts checks the grouping.
import type { SeqLine } from './sequence';

/** Rows of the time axis one band covers, px: a count label fits, and 10–40 bands fill a plot. */
export const BAND_PX = 12;

export interface SeqBand {
  kind: 'data' | 'ack';
  /** Sending side (0 sender, 1 receiver) and the other. */
  x0: number;
  x1: number;
  /** First and last send time, first and last arrival, simulated seconds. */
  sentFrom: number;
  sentTo: number;
  arriveFrom: number;
  arriveTo: number;
  count: number;
  path: number;
}

export interface Banded {
  /** Lines drawn as they are: every line when nothing is banded. */
  lines: SeqLine[];
  bands: SeqBand[];
}

/** Drawn singly whatever the density: what the diagram is for. */
function special(l: SeqLine): boolean {
  return l.dropped || l.retx || l.inFlight || l.kind === 'syn';
}

/**
 * Group `lines` into bands where they are too dense for `pxPerSecond` (the time scale): a kind
 * and direction is banded when it has more ordinary lines than the plot's `plotPx` rows hold at
 * one line per 2 px. Each band covers BAND_PX of the axis (aligned to multiples of its length
 * from t = 0, so panning moves bands without regrouping them) and, for MPTCP, one path.
 */
export function bandLines(lines: SeqLine[], pxPerSecond: number, plotPx: number): Banded {
  const ordinary = (kind: 'data' | 'ack') => lines.filter((l) => l.kind === kind && !special(l));
  const dense = (kind: 'data' | 'ack') => ordinary(kind).length > plotPx / 2;
  const banded = new Set<'data' | 'ack'>((['data', 'ack'] as const).filter(dense));
  if (banded.size === 0 || !(pxPerSecond > 0)) return { lines, bands: [] };
  const span = BAND_PX / pxPerSecond;
  const groups = new Map<string, SeqBand>();
  const kept: SeqLine[] = [];
  for (const l of lines) {
    if (l.kind === 'syn' || special(l) || !banded.has(l.kind)) {
      kept.push(l);
      continue;
    }
    const slot = Math.floor(l.t0 / span);
    const key = `${l.kind}/${l.path}/${slot}`;
    const b = groups.get(key);
    if (b) {
      b.count += 1;
      b.sentFrom = Math.min(b.sentFrom, l.t0);
      b.sentTo = Math.max(b.sentTo, l.t0);
      b.arriveFrom = Math.min(b.arriveFrom, l.t1);
      b.arriveTo = Math.max(b.arriveTo, l.t1);
    } else {
      groups.set(key, { kind: l.kind, x0: l.x0, x1: l.x1, sentFrom: l.t0, sentTo: l.t0, arriveFrom: l.t1, arriveTo: l.t1, count: 1, path: l.path });
    }
  }
  const bands = [...groups.values()].sort((a, b) => a.sentFrom - b.sentFrom || a.path - b.path);
  return { lines: kept, bands };
}
