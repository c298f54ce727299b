// Goodput above the bottleneck's capacity (issue 30, item 10). A receiver that held data back
// while a loss was repaired delivers it all at once when the hole is filled: the in-order
// goodput over the next averaging window can then read several times the link rate (≈ 140
// Mbit/s on a 50 Mbit/s link). It is real, but a student reads it as a bug. So the throughput
// chart draws each flow's bottleneck rate as a dashed guide and marks every run of points above
// it as a burst of held-back data; the burst's peak gets a marker, and the legend says what it is.
import type { FlowView, LinkView } from '../generated';

/** A maximal run of consecutive points above the capacity: its time span and its peak. */
export interface Burst {
  t0: number;
  t1: number;
  peakT: number;
  peakV: number;
  points: number;
}

/** Tolerance above the rate before a point counts as a burst (rounding of the averages). */
export const BURST_TOLERANCE = 1.001;

/** The runs of `points` (time order) whose value exceeds `capacity`. */
export function bursts(points: Iterable<{ t: number; v: number }>, capacity: number): Burst[] {
  const out: Burst[] = [];
  let cur: Burst | null = null;
  const limit = capacity * BURST_TOLERANCE;
  for (const { t, v } of points) {
    if (Number.isFinite(v) && v > limit) {
      if (!cur) {
        cur = { t0: t, t1: t, peakT: t, peakV: v, points: 0 };
        out.push(cur);
      }
      cur.t1 = t;
      cur.points++;
      if (v > cur.peakV) {
        cur.peakT = t;
        cur.peakV = v;
      }
    } else {
      cur = null;
    }
  }
  return out;
}

/**
 * The most a flow can deliver, Mbit/s: the slowest link of its path; an MPTCP connection's is
 * the sum over its subflows' paths (parallel paths add up). Undefined when a link is unknown.
 */
export function flowCapacityMbps(flow: Pick<FlowView, 'path' | 'subflow_paths'>, links: readonly Pick<LinkView, 'id' | 'rate_mbps'>[]): number | undefined {
  const slowest = (path: readonly string[]) => {
    let min = Infinity;
    for (const id of path) {
      const l = links.find((k) => k.id === id);
      if (!l) return undefined;
      min = Math.min(min, l.rate_mbps);
    }
    return Number.isFinite(min) ? min : undefined;
  };
  const paths = flow.subflow_paths && flow.subflow_paths.length > 0 ? flow.subflow_paths : [flow.path];
  let sum = 0;
  for (const p of paths) {
    const c = slowest(p);
    if (c === undefined) return undefined;
    sum += c;
  }
  return sum;
}
