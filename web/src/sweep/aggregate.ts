// Turning sweep results into the lines of the figure: one line per algorithm, at each knob
// value the mean over seeds with its spread (standard deviation, the 95 % confidence interval
// of the mean from Student's t, and the smallest and largest run), points in knob order.
export interface PointResult {
  value: number;
  algorithm: string | null;
  metric: number | null;
}

export interface LinePoint {
  x: number;
  /** Mean over the seeds that gave a value. */
  y: number;
  n: number;
  /** Sample standard deviation (0 with one seed). */
  sd: number;
  /** Half-width of the 95 % confidence interval of the mean (0 with one seed). */
  ci: number;
  min: number;
  max: number;
}

export interface Line {
  algorithm: string;
  points: LinePoint[];
}

// Student's t, two-sided 95 % (the 0.975 quantile), for 1 … 30 degrees of freedom; beyond
// that the normal 1.96 is within 2 %.
const T975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086,
  2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/** The 95 % two-sided Student's t quantile for `df` degrees of freedom. */
export function tQuantile95(df: number): number {
  return df >= 1 && df <= T975.length ? T975[df - 1]! : 1.96;
}

/** Mean, spread and confidence interval of one cell's samples. */
export function stats(xs: readonly number[]): Omit<LinePoint, 'x'> {
  const n = xs.length;
  const y = xs.reduce((a, b) => a + b, 0) / n;
  const sd = n > 1 ? Math.sqrt(xs.reduce((a, b) => a + (b - y) ** 2, 0) / (n - 1)) : 0;
  return { y, n, sd, ci: n > 1 ? (tQuantile95(n - 1) * sd) / Math.sqrt(n) : 0, min: Math.min(...xs), max: Math.max(...xs) };
}

export function aggregate(results: readonly PointResult[]): Line[] {
  const byAlg = new Map<string, Map<number, number[]>>();
  for (const r of results) {
    if (r.metric === null || !Number.isFinite(r.metric)) continue;
    const alg = r.algorithm ?? 'result';
    const cells = byAlg.get(alg) ?? new Map<number, number[]>();
    byAlg.set(alg, cells);
    const c = cells.get(r.value) ?? [];
    c.push(r.metric);
    cells.set(r.value, c);
  }
  return [...byAlg.entries()].map(([algorithm, cells]) => ({
    algorithm,
    points: [...cells.entries()].sort((a, b) => a[0] - b[0]).map(([x, samples]) => ({ x, ...stats(samples) })),
  }));
}

/** A log x axis when the positive values span more than two decades. */
export function wantsLogScale(values: readonly number[]): boolean {
  const pos = values.filter((v) => v > 0);
  if (pos.length !== values.length || pos.length < 2) return false;
  return Math.max(...pos) / Math.min(...pos) > 100;
}
