// A time series that stays bounded in memory however long the run: min/max decimation.
//
// Points arrive in time order. Until `capacity` points are stored, every point is kept. When
// the store is full it is compacted in place: each run of 4 stored points is replaced by its
// minimum and maximum (in time order), halving the store, and incoming points are from then
// on grouped into buckets of `bucket` raw points that each contribute their min and max.
// Keeping the extremes (rather than every n-th point) is what keeps a queue's saw-tooth or a
// cwnd's loss drops visible after decimation. The pending bucket is included when reading,
// so the line always reaches the newest point.

export interface Point {
  t: number;
  v: number;
}

export class SeriesBuffer {
  readonly capacity: number;
  private readonly ts: Float64Array;
  private readonly vs: Float64Array;
  private n = 0;
  /** Raw points per bucket; 1 until the first compaction. */
  private bucket = 1;
  // The bucket being filled: its first point's index is implicit; we track min and max.
  private pendCount = 0;
  private pendMin: Point = { t: 0, v: 0 };
  private pendMax: Point = { t: 0, v: 0 };
  private rawCount = 0;
  private vMin = Infinity;
  private vMax = -Infinity;
  private tLast = -Infinity;
  private vLast = Number.NaN;

  constructor(capacity = 4096) {
    // Compaction works on groups of 4, so keep the capacity a multiple of 4 and at least 8.
    this.capacity = Math.max(8, Math.floor(capacity / 4) * 4);
    this.ts = new Float64Array(this.capacity);
    this.vs = new Float64Array(this.capacity);
  }

  /** Number of raw points pushed so far. */
  get rawLength(): number {
    return this.rawCount;
  }

  /** Number of points a reader sees (stored plus the pending bucket's extremes). */
  get length(): number {
    return this.n + this.pendingPoints();
  }

  /** Smallest and largest value ever pushed (not only the stored ones). */
  get min(): number {
    return this.vMin;
  }

  get max(): number {
    return this.vMax;
  }

  get lastT(): number {
    return this.tLast;
  }

  /** The newest value pushed (NaN before the first). */
  get lastV(): number {
    return this.vLast;
  }

  get bucketSize(): number {
    return this.bucket;
  }

  push(t: number, v: number): void {
    if (!Number.isFinite(t) || Number.isNaN(v)) return;
    this.rawCount++;
    this.tLast = t;
    this.vLast = v;
    if (v < this.vMin) this.vMin = v;
    if (v > this.vMax) this.vMax = v;
    if (this.bucket === 1) {
      this.store(t, v);
      return;
    }
    if (this.pendCount === 0) {
      this.pendMin = { t, v };
      this.pendMax = { t, v };
    } else {
      if (v < this.pendMin.v) this.pendMin = { t, v };
      if (v >= this.pendMax.v) this.pendMax = { t, v };
    }
    this.pendCount++;
    if (this.pendCount === this.bucket) {
      this.pendCount = 0;
      const [a, b] = ordered(this.pendMin, this.pendMax);
      this.store(a.t, a.v);
      if (b !== a) this.store(b.t, b.v);
    }
  }

  /** Visits the points in time order. */
  forEach(fn: (t: number, v: number, i: number) => void): void {
    for (let i = 0; i < this.n; i++) fn(this.ts[i]!, this.vs[i]!, i);
    if (this.pendCount > 0) {
      const [a, b] = ordered(this.pendMin, this.pendMax);
      fn(a.t, a.v, this.n);
      if (b !== a) fn(b.t, b.v, this.n + 1);
    }
  }

  /** Largest stored value with t0 ≤ t ≤ t1 (-Infinity when none). */
  maxIn(t0: number, t1: number): number {
    let m = -Infinity;
    this.forEach((t, v) => {
      if (t >= t0 && t <= t1 && v > m) m = v;
    });
    return m;
  }

  toArray(): Point[] {
    const out: Point[] = [];
    this.forEach((t, v) => out.push({ t, v }));
    return out;
  }

  clear(): void {
    this.n = 0;
    this.bucket = 1;
    this.pendCount = 0;
    this.rawCount = 0;
    this.vMin = Infinity;
    this.vMax = -Infinity;
    this.tLast = -Infinity;
    this.vLast = Number.NaN;
  }

  private pendingPoints(): number {
    if (this.pendCount === 0) return 0;
    return this.pendMin === this.pendMax ? 1 : 2;
  }

  private store(t: number, v: number): void {
    if (this.n === this.capacity) this.compact();
    this.ts[this.n] = t;
    this.vs[this.n] = v;
    this.n++;
  }

  /** Halves the store: each group of 4 points becomes its min and max, in time order. */
  private compact(): void {
    let w = 0;
    for (let r = 0; r < this.n; r += 4) {
      const end = Math.min(r + 4, this.n);
      let lo = r;
      let hi = r;
      for (let i = r + 1; i < end; i++) {
        if (this.vs[i]! < this.vs[lo]!) lo = i;
        if (this.vs[i]! >= this.vs[hi]!) hi = i;
      }
      const first = Math.min(lo, hi);
      const second = Math.max(lo, hi);
      const t1 = this.ts[first]!;
      const v1 = this.vs[first]!;
      const t2 = this.ts[second]!;
      const v2 = this.vs[second]!;
      this.ts[w] = t1;
      this.vs[w] = v1;
      w++;
      if (second !== first) {
        this.ts[w] = t2;
        this.vs[w] = v2;
        w++;
      }
    }
    this.n = w;
    // Each new bucket must cover as many raw points as 4 stored ones now do.
    this.bucket = this.bucket === 1 ? 4 : this.bucket * 2;
  }
}

function ordered(a: Point, b: Point): [Point, Point] {
  if (a === b) return [a, a];
  return a.t <= b.t ? [a, b] : [b, a];
}
