// A trailing moving average for noisy rate series. The engine's per-flow goodput is bytes
// delivered per sampling interval (a few ms), which jumps to many times the link rate whenever
// a loss recovery completes and a cumulative ACK covers a burst of data; averaged over a
// window of ~1 % of the run it shows how the flows share the link. Pure; unit-tested.
import type { TV } from './readout';

/** Mean of the values in (t − window, t] at each point's time t (points in time order). */
export function movingAverage(points: readonly TV[], window: number): TV[] {
  if (!(window > 0)) return points.slice();
  const out: TV[] = new Array(points.length);
  let lo = 0;
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    sum += p.v;
    while (points[lo]!.t <= p.t - window) {
      sum -= points[lo]!.v;
      lo++;
    }
    out[i] = { t: p.t, v: sum / (i - lo + 1) };
  }
  return out;
}

/** The averaging window for a run: 1 % of it, at least 10 ms. */
export function smoothingWindow(duration: number): number {
  return Math.max(0.01, duration / 100);
}
