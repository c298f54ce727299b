// Which size classes a run's series list has engine-recorded series for (core
// sim/class_series.rs, scope "class"): read by the worker's aggregate view and by the page.
// No words here, so the worker imports it without the message catalogs.
import type { SeriesMeta } from '../types';

/** The engine recorded per-size-class series (an MPTCP run with size-classed flows after the warm-up). */
export function hasClassSeries(metas: readonly SeriesMeta[]): boolean {
  return metas.some((m) => m.scope === 'class');
}

/** The classes with series, in the engine's order (G0 … G3). */
export function seriesClasses(metas: readonly SeriesMeta[]): string[] {
  return [...new Set(metas.filter((m) => m.scope === 'class').map((m) => m.owner))];
}

/**
 * Groups of the worker's per-size-class view that the engine's class series replace: the flow
 * aggregates of those classes cover only the listed flows (traffic.list_flows), which start in
 * the warm-up, so they are not drawn beside the class series (worker/aggregate.ts).
 */
export function replacedGroups(metas: readonly SeriesMeta[]): Set<string> {
  return new Set(seriesClasses(metas));
}
