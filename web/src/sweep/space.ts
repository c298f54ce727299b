// The values a sweep built in the page runs over: `count` values from `from` to `to`, evenly
// spaced on a linear or a logarithmic scale (the knobs of the paper figures — buffer in BDP,
// loss probability, flow counts — span decades, so log spacing is the useful default there).
// Values are rounded to three significant digits so axis ticks and file names read well
// ("0.316", not "0.31622776601683794"); integer knobs round to whole numbers, and values that
// round to the same number are run once. Pure; unit-tested.

export type Spacing = 'linear' | 'log';

/** Most values one sweep may take in the page (each value runs once per algorithm and seed). */
export const MAX_VALUES = 16;

/** Three significant digits: 0.316, 3.16, 31.6, 316. */
export function roundNice(v: number): number {
  if (v === 0 || !Number.isFinite(v)) return v;
  const digits = 2 - Math.floor(Math.log10(Math.abs(v)));
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}

/**
 * `count` values from `from` to `to` inclusive. Throws an Error that says what is wrong when
 * the request cannot be met (log spacing through zero, a count out of range, bounds not numbers).
 */
export function spacedValues(from: number, to: number, count: number, spacing: Spacing, integer = false): number[] {
  if (!Number.isFinite(from) || !Number.isFinite(to)) throw new Error('from and to must be numbers');
  if (!Number.isInteger(count) || count < 1 || count > MAX_VALUES) throw new Error(`the number of values must be 1 to ${MAX_VALUES}`);
  if (spacing === 'log' && (from <= 0 || to <= 0)) throw new Error('log spacing needs from and to above 0');
  const raw: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = count === 1 ? 0 : i / (count - 1);
    raw.push(spacing === 'log' ? Math.exp(Math.log(from) + t * (Math.log(to) - Math.log(from))) : from + t * (to - from));
  }
  // The ends are exactly what was asked for; the points between are rounded.
  const vals = raw.map((v, i) => (i === 0 ? from : i === count - 1 ? to : roundNice(v))).map((v) => (integer ? Math.round(v) : v));
  return [...new Set(vals)].sort((a, b) => a - b);
}

/** The spacing to offer first: log when the range spans more than two decades. */
export function defaultSpacing(from: number, to: number): Spacing {
  const lo = Math.min(from, to);
  const hi = Math.max(from, to);
  return lo > 0 && hi / lo > 100 ? 'log' : 'linear';
}

/** `count` seeds starting at `first`: 1, 2, 3 … (each seed is one more run per point). */
export function seedList(first: number, count: number): number[] {
  return Array.from({ length: Math.max(1, Math.floor(count)) }, (_, i) => first + i);
}
