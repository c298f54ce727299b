import { describe, expect, it } from 'vitest';
import type { SeriesMeta } from '../types';
import { SeriesStore } from './seriesStore';

const m = (key: string, scope: 'flow' | 'link', owner: string, metric: string): SeriesMeta => ({
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
});
