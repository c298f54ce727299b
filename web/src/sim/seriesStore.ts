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
  constructor(private readonly capacity = 4096) {}

  reset(meta: SeriesMeta[]): void {
    this.list = [];
    this.setMeta(meta);
  }

  setMeta(meta: SeriesMeta[]): void {
    this.metas = meta;
    meta.forEach((m, i) => {
      const cur = this.list[i];
      if (!cur || cur.meta.key !== m.key) this.list[i] = { index: i, meta: m, buf: new SeriesBuffer(this.capacity) };
    });
  }

  /** Appends flattened [index, t, value] triples; unknown indices are skipped. */
  append(points: ArrayLike<number>): boolean {
    let any = false;
    for (let i = 0; i + 2 < points.length; i += 3) {
      const s = this.list[points[i]!];
      if (!s) continue;
      s.buf.push(points[i + 1]!, points[i + 2]!);
      any = true;
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

  get meta(): SeriesMeta[] {
    return this.metas;
  }
}

export const seriesStore = new SeriesStore();
