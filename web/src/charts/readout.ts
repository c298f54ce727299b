// Hover read-outs: the point of a series nearest a time, and values printed with their unit.
// Pure; unit-tested.
import { bisector } from 'd3-array';

export interface TV {
  t: number;
  v: number;
}

const byTime = bisector<TV, number>((p) => p.t);

/** The point whose time is nearest `t` (points in time order), or null when there are none. */
export function nearest(points: readonly TV[], t: number): TV | null {
  if (points.length === 0 || !Number.isFinite(t)) return null;
  return points[byTime.center(points, t)]!;
}

/** A value for a read-out: three significant digits, then the unit ("12.5 packets", "0.912"). */
export function formatReading(v: number, unit = ''): string {
  if (!Number.isFinite(v)) return '–';
  const abs = Math.abs(v);
  const trim = (x: string) => (x.includes('.') && !x.includes('e') ? x.replace(/\.?0+$/, '') : x);
  const text = abs === 0 ? '0' : abs >= 1000 ? Math.round(v).toString() : abs >= 1 ? trim(v.toPrecision(3)) : v.toPrecision(3);
  return unit ? `${text} ${unit}` : text;
}
