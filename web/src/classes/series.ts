// The per-size-class time series on the lab's charts (issue 30 item 7).
//
// An MPTCP flow-scheduling run (mptcp-fsfs-load, -paths, mptcp-short-flows) generates thousands
// of short flows without per-flow series; the engine records instead, per size class G0 … G3,
// the flows running, their summed goodput, their packets in flight and their in-flight-weighted
// sRTT, over exactly the flows the headline counts (those that started after the warm-up; core
// sim/class_series.rs). Here: whether a run has them, and the lines they give the per-flow
// charts in the "per size class" view, each legend entry saying which flows it covers. The
// worker (worker/aggregate.ts) then leaves out its own per-class aggregates of the few listed
// flows, which all started in the warm-up.
import { colorFor } from '../lib/palette';
import type { SeriesMetric } from '../generated';
import type { SeriesMeta } from '../types';
import type { SeriesBuffer } from '../lib/seriesBuffer';
import { classLineLabel } from './messages';

export { hasClassSeries, seriesClasses } from './meta';

/** What this module reads of a series store (sim/seriesStore.ts). */
export interface ClassStore {
  all(): readonly { meta: SeriesMeta; buf: SeriesBuffer }[];
  select(scope: SeriesMeta['scope'], metric: string): readonly { meta: SeriesMeta; buf: SeriesBuffer }[];
}

/** The class metrics a per-flow chart's metric is drawn from (the rest have no class series). */
const FLOW_TO_CLASS: Partial<Record<SeriesMetric, 'goodput' | 'srtt'>> = { goodput: 'goodput', srtt: 'srtt' };

/**
 * A class's colour: away from the first flow colours (the background aggregate takes the
 * first), one per class whatever the chart.
 */
export function classColor(cls: string): string {
  const k = Number(/^G(\d)$/.exec(cls)?.[1] ?? 3);
  return colorFor(4 + k);
}

/** A line of the chart, as components/LineChart.tsx draws it. */
export interface ClassLine {
  key: string;
  label: string;
  color: string;
  buf: SeriesBuffer;
  factor?: number;
}

/** The lines of `metric` (a class metric), one per class, labelled with the flows they cover. */
export function classLines(store: ClassStore, metric: 'goodput' | 'srtt' | 'active' | 'inflight', warmupS: number | null, factor?: number): ClassLine[] {
  return store.select('class', metric).map((s) => ({
    key: s.meta.key,
    label: classLineLabel(s.meta.owner, metric, warmupS),
    color: classColor(s.meta.owner),
    buf: s.buf,
    ...(factor !== undefined ? { factor } : {}),
  }));
}

/** The class lines a per-flow chart of `metrics` adds in the per-size-class view. */
export function classLinesFor(store: ClassStore, metrics: readonly SeriesMetric[], warmupS: number | null, factor?: number): ClassLine[] {
  return metrics.flatMap((m) => {
    const cm = FLOW_TO_CLASS[m];
    return cm ? classLines(store, cm, warmupS, factor) : [];
  });
}
