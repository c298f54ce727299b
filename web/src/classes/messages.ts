// The words of the per-size-class time series (issue 30 item 7): the engine's `class/<G>/…`
// series of an MPTCP flow-scheduling run (core sim/class_series.rs) cover every flow the
// headline counts, and each line says so. Lingui descriptors (docs/i18n.md); functions, so
// each call reads the active language.
import { i18n } from '../i18n/i18n';

/** "the 3 s warm-up", or "the warm-up" while the run's warm-up is not known yet. */
export function afterWarmup(warmupS: number | null): string {
  return warmupS === null
    ? i18n._({ id: 'classes.warmup', message: 'the warm-up' })
    : i18n._({ id: 'classes.warmup.s', message: 'the {warmup} s warm-up', values: { warmup: warmupS } });
}

/** A class line's legend entry for a class metric, saying which flows it covers and how. */
export function classLineLabel(cls: string, metric: 'goodput' | 'srtt' | 'active' | 'inflight', warmupS: number | null): string {
  const after = afterWarmup(warmupS);
  switch (metric) {
    case 'goodput':
      return i18n._({ id: 'classes.line.goodput', message: '{cls}: every flow that started after {after} (summed)', values: { cls, after } });
    case 'srtt':
      return i18n._({ id: 'classes.line.srtt', message: '{cls}: every flow that started after {after} (sRTT weighted by packets in flight)', values: { cls, after } });
    case 'inflight':
      return i18n._({ id: 'classes.line.inflight', message: '{cls}: packets in flight of every flow that started after {after}', values: { cls, after } });
    case 'active':
      return i18n._({ id: 'classes.line.active', message: '{cls}: flows running, of those that started after {after}', values: { cls, after } });
  }
}

/** The title of the chart of flows running per class. */
export function activeTitle(): string {
  return i18n._({ id: 'classes.active.title', message: 'Flows running per size class (the flows the headline counts)' });
}

export function activeAxis(): string {
  return i18n._({ id: 'classes.active.axis', message: 'flows running' });
}

export function activeUnit(): string {
  return i18n._({ id: 'classes.active.unit', message: 'flows' });
}

export function activeEmpty(): string {
  return i18n._({ id: 'classes.active.empty', message: 'No size-classed flow has started after the warm-up yet' });
}

/** The aggregate controls' note when the size-class lines are the engine's class series. */
export function classScopeNote(warmupS: number | null): string {
  return i18n._({
    id: 'classes.scope',
    message: 'Size-class lines (G0 … G3) cover every flow the headline counts: those that started after {after}. The other lines are the flows with their own time series (the background flows).',
    values: { after: afterWarmup(warmupS) },
  });
}

/** Why an FSFS run's Jain-over-time chart is not drawn (charts/relevance.ts). */
export function jainHiddenForClasses(): string {
  return i18n._({
    id: 'classes.jain.hidden',
    message: "Jain's index over time is not drawn for this run: it would score only the background flows, while the experiment is the size-classed flows. Their completion times are in the MPTCP panel, their time series in the charts per size class.",
  });
}
