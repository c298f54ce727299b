// Packets in flight and the simulated clock between snapshots, for the topology animation.
// Pure, unit-tested.
//
// The worker posts a snapshot about 30 times a second; the view draws at the display's rate
// (60 Hz). Between snapshots it moves every packet on along its link at the speed the
// simulation is running, so motion is smooth, and snaps back to the engine's positions at the
// next snapshot. The numbers tests read (data-*) are always the snapshot's, never extrapolated.
import type { PacketMark } from '../types';
import { type Layout, pointAt } from './layout';

/** At most this many packet marks are drawn per frame (the engine already samples to 400). */
export const MAX_DRAWN = 300;

export interface DrawnMark {
  x: number;
  y: number;
  flow: number;
  link: string;
  data: boolean;
}

/**
 * Screen positions of the packets on the wire, `aheadS` simulated seconds after the snapshot.
 * Queued packets (progress 0) are in the queue bar, not drawn here; packets that would have
 * arrived are dropped. Evenly sampled down to `max`.
 */
export function placeMarks(marks: readonly PacketMark[], layout: Layout, aheadS: number, max = MAX_DRAWN): DrawnMark[] {
  const out: DrawnMark[] = [];
  const stride = Math.max(1, Math.ceil(marks.length / max));
  for (let i = 0; i < marks.length; i += stride) {
    const m = marks[i]!;
    if (!(m.progress > 0)) continue;
    const e = layout.edgeOf.get(m.link);
    if (!e) continue;
    const delayS = (e.link.id === m.link ? e.link.delay_ms : (e.reverse?.delay_ms ?? e.link.delay_ms)) / 1000;
    const p = m.progress + (delayS > 0 ? Math.max(0, aheadS) / delayS : 0);
    if (p > 1) continue;
    // ACKs on a reverse link travel the drawn edge backwards.
    const along = e.link.id === m.link ? p : 1 - p;
    const pt = pointAt(e, along);
    out.push({ x: pt.x, y: pt.y, flow: m.flow, link: m.link, data: m.data });
  }
  return out;
}

/**
 * Estimates simulated time between snapshots from the last two (simulated time, wall time)
 * pairs: the measured simulated-per-wall rate, projected at most `maxAheadMs` past the newest.
 */
export class SimClock {
  private t = 0;
  private wall = 0;
  private rate = 0;

  constructor(private readonly maxAheadMs = 100) {}

  /** A snapshot for simulated time `tS` arrived at wall time `wallMs`; `running` = playing. */
  observe(tS: number, wallMs: number, running: boolean): void {
    if (running && tS > this.t && wallMs > this.wall && this.wall > 0) {
      const r = (tS - this.t) / (wallMs - this.wall);
      // Smooth: snapshots arrive with jitter.
      this.rate = this.rate > 0 ? 0.7 * this.rate + 0.3 * r : r;
    } else if (!running || tS < this.t) {
      this.rate = 0;
    }
    this.t = tS;
    this.wall = wallMs;
  }

  stop(): void {
    this.rate = 0;
  }

  /** Simulated seconds past the newest snapshot at wall time `wallMs`. */
  ahead(wallMs: number): number {
    if (this.rate <= 0) return 0;
    return this.rate * Math.min(Math.max(0, wallMs - this.wall), this.maxAheadMs);
  }
}
