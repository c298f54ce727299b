// The live time-series charts: cwnd and inflight, queues, throughput, RTT, Jain's index, pacing
// rate and gain, BBR-A's terms. All share one time window (zoom one, all follow).
import { useMemo } from 'react';
import { colorFor } from '../lib/palette';
import { movingAverage, smoothingWindow } from '../charts/smooth';
import { SeriesBuffer } from '../lib/seriesBuffer';
import { seriesStore } from '../sim/seriesStore';
import { timeSpan } from '../store/state';
import { labStore, useLab } from '../store/store';
import type { TimeWindow } from '../types';
import type { Guide } from '../charts/lineCanvas';
import { type ChartSeries, LineChart } from './LineChart';

/** Both charts show one time window: zooming either zooms both. */
const setWindow = (window: TimeWindow) => labStore.dispatch({ type: 'zoomTime', window });

/** One colour per flow (by owner), the same in every per-flow chart and the time brush. */
export function useOwnerColors(): (owner: string) => string {
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
  /** Unit of the values, for the hover read-out. */
  unit?: string;
  /** Plot a trailing moving average (charts/smooth.ts) instead of the raw samples. */
  smooth?: boolean;
  /** A second metric drawn dashed in each flow's own colour (inflight under cwnd). */
  companion?: string;
}

/** Re-averaging every series 30 times a second would starve the page with many flows. */
const SMOOTH_EVERY_MS = 400;
const smoothCache = new Map<SeriesBuffer, { raw: number; at: number; window: number; out: SeriesBuffer }>();

/** `settled`: no points are streaming in, so whatever the cache lacks is recomputed now. */
function smoothed(buf: SeriesBuffer, window: number, settled: boolean): SeriesBuffer {
  const c = smoothCache.get(buf);
  const now = performance.now();
  if (c && c.window === window && (c.raw === buf.rawLength || (!settled && now - c.at < SMOOTH_EVERY_MS))) return c.out;
  const out = new SeriesBuffer(buf.capacity);
  for (const p of movingAverage(buf.toArray(), window)) out.push(p.t, p.v);
  if (smoothCache.size > 512) smoothCache.clear();
  smoothCache.set(buf, { raw: buf.rawLength, at: now, window, out });
  return out;
}

/** A live chart of per-flow series, one colour per flow (and per metric when several). */
export function FlowMetricChart({ metrics, testId, title, yLabel, emptyText, hideWhenEmpty, unit, smooth, companion }: FlowMetricProps) {
  // No more points are coming (ended, paused, a seek or step landed): the smoothed lines must be
  // brought up to date now, not on the next throttled refresh, which may never come.
  const settled = useLab((s) => s.run !== 'running' && s.seekTarget === null);
  const version = useLab((s) => s.seriesVersion);
  // The smoothing window follows the scenario's limit, so it does not change when the run ends.
  const duration = useLab((s) => s.duration);
  const span = useLab(timeSpan);
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
          buf: smooth ? smoothed(s.buf, smoothingWindow(duration), settled) : s.buf,
        }));
      }).concat(
        // The companion pairs with its flow by colour, so the chart reads as "cwnd and what is
        // actually in flight" per flow rather than as twice as many unrelated lines.
        companion
          ? seriesStore.select('flow', companion).map((s) => ({
              key: s.meta.key,
              label: `${s.meta.owner} ${s.meta.label}`,
              color: color(s.meta.owner),
              dashed: true,
              buf: s.buf,
            }))
          : [],
      ),
    [version, color, metrics, smooth, duration, settled, companion],
  );
  if (hideWhenEmpty && series.length === 0) return null;
  return (
    <LineChart
      testId={testId}
      title={title}
      xLabel="simulated time (s)"
      yLabel={yLabel}
      xMax={span}
      timeWindow={timeWindow}
      onWindow={setWindow}
      series={series}
      version={version}
      emptyText={emptyText}
      unit={unit}
    />
  );
}

const CWND = ['cwnd'];
const PACING_GAIN = ['pacing_gain'];
const PACING_RATE = ['pacing_rate'];
const BBR_A = ['phi', 'p_up', 'p_down'];

export function CwndChart() {
  return (
    <FlowMetricChart
      metrics={CWND}
      companion="inflight"
      testId="chart-cwnd"
      title="Congestion window (solid) and packets in flight (dashed) per flow"
      yLabel="packets"
      emptyText="No flows yet"
      unit="packets"
    />
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
      unit="×"
    />
  );
}

/** Paced senders (BBR family): the pacing rate, and BBR's bottleneck-bandwidth estimate dashed. */
export function PacingRateChart() {
  return (
    <FlowMetricChart
      metrics={PACING_RATE}
      companion="btl_bw"
      testId="chart-pacing-rate"
      title="Pacing rate (solid) and estimated bottleneck bandwidth (dashed) per flow"
      yLabel="Mbit/s"
      emptyText=""
      hideWhenEmpty
      unit="Mbit/s"
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
  const span = useLab(timeSpan);
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
      xMax={span}
      timeWindow={timeWindow}
      onWindow={setWindow}
      series={series}
      guides={guides}
      guideLabel="buffer size"
      unit="kB"
      version={version}
      emptyText="No finite-buffer link in this scenario"
    />
  );
}

const SRTT = ['srtt'];
const GOODPUT = ['goodput'];

/** Smoothed RTT per flow: base RTT plus the queueing delay each flow sees. */
export function RttChart() {
  return <FlowMetricChart metrics={SRTT} testId="chart-rtt" title="Smoothed RTT per flow" yLabel="sRTT (ms)" emptyText="No flows yet" unit="ms" />;
}

/** Goodput per flow, averaged over 1 % of the run: how the flows share the link over time. */
export function ThroughputChart() {
  const duration = useLab((s) => s.duration);
  const w = smoothingWindow(duration);
  return (
    <FlowMetricChart
      metrics={GOODPUT}
      testId="chart-throughput"
      title={`Throughput per flow (goodput, ${w < 1 ? `${Math.round(w * 1000)} ms` : `${w.toFixed(1)} s`} average)`}
      yLabel="goodput (Mbit/s)"
      emptyText="No flows yet"
      unit="Mbit/s"
      smooth
    />
  );
}

/** Jain's fairness index over the bulk flows, as the run goes (the engine's run/all/jain). */
export function JainChart() {
  const version = useLab((s) => s.seriesVersion);
  const span = useLab(timeSpan);
  const timeWindow = useLab((s) => s.timeWindow);
  const series: ChartSeries[] = useMemo(
    () => seriesStore.select('run', 'jain').map((s) => ({ key: s.meta.key, label: "Jain's index", color: colorFor(2), buf: s.buf })),
    [version],
  );
  if (series.length === 0) return null;
  return (
    <LineChart
      testId="chart-jain"
      title="Jain's fairness index over time"
      xLabel="simulated time (s)"
      yLabel="Jain's index"
      xMax={span}
      timeWindow={timeWindow}
      onWindow={setWindow}
      series={series}
      version={version}
      emptyText=""
    />
  );
}
