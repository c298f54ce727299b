// The two live charts: cwnd per flow and the bottleneck queue.
import { useMemo } from 'react';
import { colorFor } from '../lib/palette';
import { seriesStore } from '../sim/seriesStore';
import { labStore, useLab } from '../store/store';
import type { TimeWindow } from '../types';
import type { Guide } from '../charts/lineCanvas';
import { type ChartSeries, LineChart } from './LineChart';

/** Both charts show one time window: zooming either zooms both. */
const setWindow = (window: TimeWindow) => labStore.dispatch({ type: 'zoomTime', window });

function useOwnerColors(): (owner: string) => string {
  const version = useLab((s) => s.seriesVersion);
  return useMemo(() => {
    const owners = [...new Set(seriesStore.select('flow', 'cwnd').map((s) => s.meta.owner))];
    // Owners only change when the series list does, which bumps the version.
    return (owner: string) => colorFor(Math.max(0, owners.indexOf(owner)));
  }, [version]);
}

interface FlowMetricProps {
  /** Metric names to draw for every flow (several: one line per flow and metric). */
  metrics: string[];
  testId: string;
  title: string;
  yLabel: string;
  emptyText: string;
  /** Hide the chart entirely when no flow reports these metrics (e.g. pacing under CUBIC). */
  hideWhenEmpty?: boolean;
}

/** A live chart of per-flow series, one colour per flow (and per metric when several). */
export function FlowMetricChart({ metrics, testId, title, yLabel, emptyText, hideWhenEmpty }: FlowMetricProps) {
  const version = useLab((s) => s.seriesVersion);
  const duration = useLab((s) => s.duration);
  const timeWindow = useLab((s) => s.timeWindow);
  const color = useOwnerColors();
  const series: ChartSeries[] = useMemo(
    () =>
      metrics.flatMap((metric, m) => {
        const list = seriesStore.select('flow', metric);
        return list.map((s, f) => ({
          key: s.meta.key,
          label: metrics.length > 1 ? `${s.meta.owner} ${s.meta.label}` : s.meta.owner,
          // One metric: the flow's colour. Several: every (metric, flow) pair its own colour.
          color: metrics.length > 1 ? colorFor(m * list.length + f) : color(s.meta.owner),
          buf: s.buf,
        }));
      }),
    [version, color, metrics],
  );
  if (hideWhenEmpty && series.length === 0) return null;
  return (
    <LineChart
      testId={testId}
      title={title}
      xLabel="simulated time (s)"
      yLabel={yLabel}
      xMax={duration}
      timeWindow={timeWindow}
      onWindow={setWindow}
      series={series}
      version={version}
      emptyText={emptyText}
    />
  );
}

const CWND = ['cwnd'];
const PACING_GAIN = ['pacing_gain'];
const BBR_A = ['phi', 'p_up', 'p_down'];

export function CwndChart() {
  return (
    <FlowMetricChart metrics={CWND} testId="chart-cwnd" title="Congestion window per flow" yLabel="cwnd (packets)" emptyText="No flows yet" />
  );
}

/** BBR's pacing gain per flow: the PROBE_BW cycle (1.25, 0.75, 1 …), STARTUP's 2.89. */
export function PacingGainChart() {
  return (
    <FlowMetricChart
      metrics={PACING_GAIN}
      testId="chart-pacing-gain"
      title="Pacing gain per flow"
      yLabel="pacing gain (×)"
      emptyText=""
      hideWhenEmpty
    />
  );
}

/** BBR-A's RTT-adaptive terms: φ and the probing gains P_up and P_down it derives. */
export function BbrAChart() {
  return (
    <FlowMetricChart
      metrics={BBR_A}
      testId="chart-bbr-a"
      title="BBR-A: φ, P_up and P_down"
      yLabel="value"
      emptyText=""
      hideWhenEmpty
    />
  );
}

export function QueueChart() {
  const version = useLab((s) => s.seriesVersion);
  const duration = useLab((s) => s.duration);
  const timeWindow = useLab((s) => s.timeWindow);
  const topology = useLab((s) => s.topology);
  const series: ChartSeries[] = useMemo(() => {
    const queues = seriesStore.select('link', 'queue');
    // One queue: vermillion, distinct from the first flows' colours; several: the palette.
    return queues.map((s, i) => ({
      key: s.meta.key,
      label: s.meta.owner,
      color: colorFor(queues.length > 1 ? i : 3),
      buf: s.buf,
      factor: 1e-3,
    }));
  }, [version]);
  const guides: Guide[] = useMemo(() => {
    const out: Guide[] = [];
    for (const s of series) {
      const cap = topology?.links.find((l) => l.id === s.label)?.buffer_bytes;
      if (typeof cap === 'number' && cap > 0) out.push({ value: cap / 1e3, color: s.color });
    }
    return out;
  }, [series, topology]);
  return (
    <LineChart
      testId="chart-queue"
      title="Bottleneck queue"
      xLabel="simulated time (s)"
      yLabel="queue (kB)"
      xMax={duration}
      timeWindow={timeWindow}
      onWindow={setWindow}
      series={series}
      guides={guides}
      guideLabel="buffer size"
      version={version}
      emptyText="No finite-buffer link in this scenario"
    />
  );
}
