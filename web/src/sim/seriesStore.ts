// The series points of the current run, outside React state (they change 30 times a second
// and are drawn on canvas). The lab store only carries a version number for them.
import { SeriesBuffer } from '../lib/seriesBuffer';
import type { SeriesMeta } from '../types';

export interface Series {
  index: number;
  meta: SeriesMeta;
  buf: SeriesBuffer;
}

export class SeriesStore {
  private list: (Series | undefined)[] = [];
  private metas: SeriesMeta[] = [];
  /** Raw points appended since the reset and a checksum of them (tests compare runs by it). */
  private rawPoints = 0;
  private rawSum = 0;
  constructor(private readonly capacity = 4096) {}

  reset(meta: SeriesMeta[]): void {
    this.list = [];
    this.rawPoints = 0;
    this.rawSum = 0;
    this.setMeta(meta);
  }

  /**
   * The series list (re)indexed: a series keeps its points under its key wherever it moves (a
   * flow picked out of an aggregate view inserts series before the links'); a series no longer
   * in the list is dropped.
   */
  setMeta(meta: SeriesMeta[]): void {
    this.metas = meta;
    const byKey = new Map(this.list.filter((s): s is Series => s !== undefined).map((s) => [s.meta.key, s]));
    this.list = meta.map((m, i) => {
      const cur = byKey.get(m.key);
      if (cur && cur.index === i) {
        cur.meta = m;
        return cur;
      }
      return cur ? { index: i, meta: m, buf: cur.buf } : { index: i, meta: m, buf: new SeriesBuffer(this.capacity) };
    });
  }

  /** Appends flattened [index, t, value] triples; unknown indices are skipped. */
  append(points: ArrayLike<number>): boolean {
    let any = false;
    for (let i = 0; i + 2 < points.length; i += 3) {
      const s = this.list[points[i]!];
      if (!s) continue;
      s.buf.push(points[i + 1]!, points[i + 2]!);
      this.rawPoints++;
      // Weighted by series so swapped values change it; same points in the same order → same sum.
      this.rawSum += points[i + 1]! + points[i + 2]! * (points[i]! + 1);
      any = true;
    }
    return any;
  }

  /**
   * Appends a tick's frame (worker/aggregate.ts): per instant, one value per drawn series, NaN
   * where a series has no sample. Same effect as the triples of its samples.
   */
  appendFrame(f: { times: ArrayLike<number>; values: ArrayLike<number>; width: number }): boolean {
    let any = false;
    for (let r = 0; r < f.times.length; r++) {
      const t = f.times[r]!;
      for (let j = 0; j < f.width; j++) {
        const v = f.values[r * f.width + j]!;
        const s = this.list[j];
        if (Number.isNaN(v) || !s) continue;
        s.buf.push(t, v);
        this.rawPoints++;
        this.rawSum += t + v * (j + 1);
        any = true;
      }
    }
    return any;
  }

  all(): Series[] {
    return this.list.filter((s): s is Series => s !== undefined);
  }

  /** The series of one metric and scope, in the engine's order. */
  select(scope: SeriesMeta['scope'], metric: string): Series[] {
    return this.all().filter((s) => s.meta.scope === scope && s.meta.metric === metric);
  }

  /** How many raw points arrived since the reset, and their checksum. */
  get checksum(): { points: number; sum: number } {
    return { points: this.rawPoints, sum: this.rawSum };
  }

  get meta(): SeriesMeta[] {
    return this.metas;
  }
}

export const seriesStore = new SeriesStore();
