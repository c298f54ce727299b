// Turning sweep results into the lines of the figure: one line per algorithm, the metric
// averaged over seeds at each knob value, points in knob order.
export interface PointResult {
  value: number;
  algorithm: string | null;
  metric: number | null;
}

export interface Line {
  algorithm: string;
  points: { x: number; y: number; n: number }[];
}

export function aggregate(results: readonly PointResult[]): Line[] {
  const byAlg = new Map<string, Map<number, { sum: number; n: number }>>();
  for (const r of results) {
    if (r.metric === null || !Number.isFinite(r.metric)) continue;
    const alg = r.algorithm ?? 'result';
    const cells = byAlg.get(alg) ?? new Map<number, { sum: number; n: number }>();
    byAlg.set(alg, cells);
    const c = cells.get(r.value) ?? { sum: 0, n: 0 };
    c.sum += r.metric;
    c.n += 1;
    cells.set(r.value, c);
  }
  return [...byAlg.entries()].map(([algorithm, cells]) => ({
    algorithm,
    points: [...cells.entries()].sort((a, b) => a[0] - b[0]).map(([x, c]) => ({ x, y: c.sum / c.n, n: c.n })),
  }));
}

/** A log x axis when the positive values span more than two decades. */
export function wantsLogScale(values: readonly number[]): boolean {
  const pos = values.filter((v) => v > 0);
  if (pos.length !== values.length || pos.length < 2) return false;
  return Math.max(...pos) / Math.min(...pos) > 100;
}
