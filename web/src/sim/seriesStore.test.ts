import { describe, expect, it } from 'vitest';
import type { SeriesMeta } from '../types';
import { SeriesStore } from './seriesStore';

const m = (key: string, scope: 'flow' | 'link', owner: string, metric: SeriesMeta['metric']): SeriesMeta => ({
  key,
  scope,
  owner,
  metric,
  label: metric,
  unit: 'packets',
});

describe('SeriesStore', () => {
  it('routes triples to their series and grows with the meta list', () => {
    const st = new SeriesStore(64);
    st.reset([m('flow/f1/cwnd', 'flow', 'f1', 'cwnd'), m('link/b/queue', 'link', 'b', 'queue')]);
    expect(st.append([0, 0.1, 10, 1, 0.1, 1500, 0, 0.2, 12, 7, 0.3, 99])).toBe(true);
    expect(st.select('flow', 'cwnd')[0]!.buf.toArray()).toEqual([
      { t: 0.1, v: 10 },
      { t: 0.2, v: 12 },
    ]);
    expect(st.select('link', 'queue')[0]!.buf.length).toBe(1);
    const cwnd = st.select('flow', 'cwnd')[0]!;
    st.setMeta([...st.meta, m('flow/f2/cwnd', 'flow', 'f2', 'cwnd')]);
    expect(st.select('flow', 'cwnd')).toHaveLength(2);
    expect(st.select('flow', 'cwnd')[0]).toBe(cwnd); // existing buffers survive
    st.reset([]);
    expect(st.all()).toHaveLength(0);
  });

  it('checksums the raw points, independent of how they were chunked', () => {
    const metas = [m('flow/f1/cwnd', 'flow', 'f1', 'cwnd'), m('link/b/queue', 'link', 'b', 'queue')];
    const pts = [0, 0.1, 10, 1, 0.1, 1500, 0, 0.2, 12, 1, 0.2, 3000];
    const a = new SeriesStore(64);
    a.reset(metas);
    a.append(pts);
    const b = new SeriesStore(64);
    b.reset(metas);
    b.append(pts.slice(0, 6));
    b.append(pts.slice(6));
    expect(b.checksum).toEqual(a.checksum);
    expect(a.checksum.points).toBe(4);
    // The same values on the other series give a different sum.
    const c = new SeriesStore(64);
    c.reset(metas);
    c.append([1, 0.1, 10, 0, 0.1, 1500, 0, 0.2, 12, 1, 0.2, 3000]);
    expect(c.checksum.sum).not.toBe(a.checksum.sum);
    a.reset(metas);
    expect(a.checksum).toEqual({ points: 0, sum: 0 });
  });
});
