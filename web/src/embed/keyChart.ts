// The one chart an embedded lab has room for: the chart the preset's guided tour points at
// most often (its author's choice of what the scenario is about; the first named wins a tie),
// among the charts the lab draws; cwnd, the lab's first chart, when there is no tour.
import { LAB_CHARTS } from '../charts/catalogue';
import type { ChartKind } from '../generated';
import type { PresetDesc } from '../types';

export const FALLBACK_CHART: ChartKind = 'cwnd';

export function keyChart(preset: Pick<PresetDesc, 'tour'> | null | undefined): ChartKind {
  const counts = new Map<ChartKind, number>();
  for (const stop of preset?.tour ?? []) {
    if (LAB_CHARTS.includes(stop.chart)) counts.set(stop.chart, (counts.get(stop.chart) ?? 0) + 1);
  }
  let best: ChartKind = FALLBACK_CHART;
  let most = 0;
  // Map keeps first-insertion order, so on a tie the chart named first stays.
  for (const [kind, n] of counts) {
    if (n > most) {
      best = kind;
      most = n;
    }
  }
  return best;
}
