// The live time-series charts: cwnd and inflight, queues, throughput, RTT, Jain's index, pacing
// rate and gain, BBR-A's terms. All share one time window (zoom one, all follow).
//
// The same components draw the lab's run and each column of A/B compare: they read the run
// through a RunSource (React context) — whose store, which column's series, which chart ids,
// and, for columns set side by side, a shared y scale. The lab's source is the default.
import { FAIRNESS_Y_TOP, jainChartMeaningful } from '../charts/relevance';
import { createContext, useContext, useMemo, useState } from 'react';
import { lab } from '../sim/controller';
import { type AggMode, AGG_MODES, MAX_PICKED } from '../worker/aggregate';
import type { AggregateInfo } from '../worker/protocol';
import { colorFor } from '../lib/palette';
import { movingAverage, smoothingWindow } from '../charts/smooth';
import { SeriesBuffer } from '../lib/seriesBuffer';
import { type SeriesStore, seriesStore } from '../sim/seriesStore';
import { type RunFields, timeSpan } from '../store/run';
import { labStore, useLab } from '../store/store';
import type { TimeWindow, Topology } from '../types';
import type { Guide } from '../charts/lineCanvas';
import { type ChartSeries, LineChart, type LineChartProps } from './LineChart';

/** Where a chart reads its run from: the lab, or one column of A/B compare. */
export interface RunSource {
  /** Subscribes to the run's state (a store hook: the same one on every render). */
  useRun<T>(select: (s: RunFields) => T): T;
  /** The network the run simulates (a hook too), for the buffer-size guides. */
  useTopology(): Topology | null;
  /** The series of this run (of this column). */
  series(): SeriesStore;
  onWindow(w: TimeWindow): void;
  /** The chart's test id from its kind ('cwnd' → 'chart-cwnd' in the lab). */
  testId(kind: string): string;
  /** A fixed y-axis top for a chart kind (columns side by side share one scale), or undefined. */
  yTop?(kind: string): number | undefined;
}

/** The lab's run: its store, the page-wide series store, `chart-*` ids. */
const LAB_SOURCE: RunSource = {
  useRun: useLab,
  useTopology: () => useLab((s) => s.topology),
  series: () => seriesStore,
  // Every chart shows one time window: zooming one zooms all.
  onWindow: (window) => labStore.dispatch({ type: 'zoomTime', window }),
  testId: (kind) => `chart-${kind}`,
};

const RunSourceContext = createContext<RunSource>(LAB_SOURCE);
export const RunSourceProvider = RunSourceContext.Provider;
const useRunSource = () => useContext(RunSourceContext);

/** A line chart over the run's simulated time. The run source (the lab, or a compare column)
 * gives what every such chart shares: the time axis and its zoom window, the series version,
 * the test id from the chart's `kind`, and the y-axis top columns side by side agree on. */
export function TimeChart({ kind, ...chart }: Omit<LineChartProps, 'testId' | 'xLabel' | 'xMax' | 'timeWindow' | 'onWindow' | 'version'> & { kind: string }) {
  const src = useRunSource();
  const version = src.useRun((s) => s.seriesVersion);
  const span = src.useRun(timeSpan);
  const timeWindow = src.useRun((s) => s.timeWindow);
  return (
    <LineChart
      {...chart}
      testId={src.testId(kind)}
      xLabel="simulated time (s)"
      xMax={span}
      timeWindow={timeWindow}
      onWindow={src.onWindow}
      version={version}
      yTop={chart.yTop ?? src.yTop?.(kind)}
    />
  );
}

/** The owners of per-flow series, in the engine's order (one colour each). */
function flowOwners(store: SeriesStore): string[] {
  return [...new Set(store.select('flow', 'cwnd').map((s) => s.meta.owner))];
}

/** One colour per flow (by owner), the same in every per-flow chart and the time brush. */
export function useOwnerColors(): (owner: string) => string {
  const src = useRunSource();
  const version = src.useRun((s) => s.seriesVersion);
  return useMemo(() => {
    const owners = flowOwners(src.series());
    // Owners only change when the series list does, which bumps the version.
    return (owner: string) => colorFor(Math.max(0, owners.indexOf(owner)));
  }, [version, src]);
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
/** What a per-flow chart draws: which metrics, smoothed or not, with which companion. */
export interface FlowSeriesSpec {
  metrics: string[];
  smooth?: boolean;
  companion?: string;
}

/**
 * A per-flow chart's lines from `store`: one per flow and metric (smoothed over the scenario's
 * smoothing window when asked), then the companion metric dashed in each flow's colour.
 * `settled`: no points are streaming in, so smoothed lines are brought up to date now.
 */
export function flowSeries(store: SeriesStore, spec: FlowSeriesSpec, color: (owner: string) => string, duration: number, settled: boolean, hidden?: (owner: string) => boolean): ChartSeries[] {
  const { metrics, smooth, companion } = spec;
  const select = (metric: string) => store.select('flow', metric).filter((s) => !hidden?.(s.meta.owner));
  return metrics
    .flatMap((metric, m) => {
      const list = select(metric);
      return list.map((s, f) => ({
        key: s.meta.key,
        label: metrics.length > 1 ? `${s.meta.owner} ${s.meta.label}` : s.meta.owner,
        // One metric: the flow's colour. Several: every (metric, flow) pair its own colour.
        color: metrics.length > 1 ? colorFor(m * list.length + f) : color(s.meta.owner),
        buf: smooth ? smoothed(s.buf, smoothingWindow(duration), settled) : s.buf,
      }));
    })
    .concat(
      // The companion pairs with its flow by colour, so the chart reads as "cwnd and what is
      // actually in flight" per flow rather than as twice as many unrelated lines.
      companion
        ? select(companion).map((s) => ({
            key: s.meta.key,
            label: `${s.meta.owner} ${s.meta.label}`,
            color: color(s.meta.owner),
            dashed: true,
            buf: s.buf,
          }))
        : [],
    );
}

/** The largest plotted value of the lines (factor applied), or 0. */
export function seriesTop(series: readonly ChartSeries[]): number {
  let top = 0;
  for (const s of series) if (s.buf.length > 0 && Number.isFinite(s.buf.max)) top = Math.max(top, s.buf.max * (s.factor ?? 1));
  return top;
}

const MODE_NAMES: Record<AggMode, string> = { class: 'per size class', path: 'per path', algorithm: 'per algorithm', top: 'top flows + others' };

/**
 * The aggregate view's selector (group by size class, path, algorithm, or top N + others) and
 * flow picker (search by name, add a flow as its own lines), for a run with many flows. Only
 * in the lab: A/B compare columns show the default view.
 */
export function AggregateControls({ info }: { info: AggregateInfo }) {
  const [query, setQuery] = useState('');
  const matches = query ? info.flows.filter((f) => f.toLowerCase().includes(query.toLowerCase()) && !info.picked.includes(f)).slice(0, 8) : [];
  const set = (mode: AggMode, picked: string[]) => lab.setView({ mode, picked, focus: info.focus });
  return (
    <span className="aggregate-controls" data-testid="aggregate-controls">
      <label>
        {' '}lines:{' '}
        <select data-testid="aggregate-mode" value={info.mode} onChange={(e) => set(e.target.value as AggMode, info.picked)}>
          {AGG_MODES.map((m) => (
            <option key={m} value={m}>
              {MODE_NAMES[m]}
            </option>
          ))}
        </select>
      </label>{' '}
      <input
        type="search"
        data-testid="flow-picker"
        placeholder={`pick a flow (${info.flows.length})`}
        value={query}
        disabled={info.picked.length >= MAX_PICKED}
        onChange={(e) => setQuery(e.target.value)}
        aria-label="Pick a flow to draw on its own"
      />
      {matches.map((f) => (
        <button key={f} type="button" className="link-button" data-testid="flow-pick" data-flow={f} onClick={() => (setQuery(''), set(info.mode, [...info.picked, f]))}>
          + {f}
        </button>
      ))}
      {info.picked.map((f) => (
        <button key={f} type="button" className="link-button" data-testid="flow-unpick" data-flow={f} onClick={() => set(info.mode, info.picked.filter((p) => p !== f))}>
          × {f}
        </button>
      ))}
    </span>
  );
}

/** A live chart of per-flow series, one colour per flow (and per metric when several). */
export function FlowMetricChart({ metrics, testId, title, yLabel, emptyText, hideWhenEmpty, unit, smooth, companion, controls }: FlowMetricProps & { controls?: boolean }) {
  const src = useRunSource();
  const aggregate = src.useRun((s) => s.columns[0]?.aggregate ?? null);
  // No more points are coming (ended, paused, a seek or step landed): the smoothed lines must be
  // brought up to date now, not on the next throttled refresh, which may never come.
  const settled = src.useRun((s) => s.run !== 'running' && s.seekTarget === null);
  const version = src.useRun((s) => s.seriesVersion);
  // The smoothing window follows the scenario's limit, so it does not change when the run ends.
  const duration = src.useRun((s) => s.duration);
  const color = useOwnerColors();
  // The MPTCP panel's connection is sent for that panel only: not a line here unless picked.
  const focus = aggregate?.focus && !aggregate.picked.includes(aggregate.focus) ? aggregate.focus : null;
  const series: ChartSeries[] = useMemo(
    () => flowSeries(src.series(), { metrics, smooth, companion }, color, duration, settled, focus ? (o) => o === focus || o.startsWith(`${focus}@`) : undefined),
    [version, color, metrics, smooth, duration, settled, companion, src, focus],
  );
  if (hideWhenEmpty && series.length === 0) return null;
  return (
    <TimeChart
      kind={testId}
      title={aggregate ? `${title} — ${MODE_NAMES[aggregate.mode]} (mean; goodput summed)` : title}
      yLabel={yLabel}
      series={series}
      emptyText={emptyText}
      unit={unit}
      mode={aggregate ? 'aggregate' : 'flows'}
      legendMax={aggregate ? 32 : undefined}
      controls={aggregate && controls && src === LAB_SOURCE ? <AggregateControls info={aggregate} /> : undefined}
    />
  );
}

export const CWND = ['cwnd'];
const PACING_GAIN = ['pacing_gain'];
const PACING_RATE = ['pacing_rate'];
const BBR_A = ['phi', 'p_up', 'p_down'];

export function CwndChart() {
  return (
    <FlowMetricChart
      metrics={CWND}
      companion="inflight"
      controls
      testId="cwnd"
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
      testId="pacing-gain"
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
      testId="pacing-rate"
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
      testId="bbr-a"
      title="BBR-A: φ, P_up and P_down"
      yLabel="value"
      emptyText=""
      hideWhenEmpty
    />
  );
}

/** One line per reported link for a link metric; `label` names a link's line. */
function linkSeries(store: SeriesStore, metric: string, factor: number, label: (owner: string) => string = (o) => o): ChartSeries[] {
  const links = store.select('link', metric);
  // One link: vermillion, distinct from the first flows' colours; several: the palette.
  return links.map((s, i) => ({ key: s.meta.key, label: label(s.meta.owner), color: colorFor(links.length > 1 ? i : 3), buf: s.buf, factor }));
}

/** The queues of finite-buffer links, in kB. */
export function queueSeries(store: SeriesStore): ChartSeries[] {
  return linkSeries(store, 'queue', 1e-3);
}

/** Each queue's buffer size (kB), a dashed line in its colour. */
export function bufferGuides(series: readonly ChartSeries[], topology: Topology | null): Guide[] {
  const out: Guide[] = [];
  for (const s of series) {
    const cap = topology?.links.find((l) => l.id === s.label)?.buffer_bytes;
    if (typeof cap === 'number' && cap > 0) out.push({ value: cap / 1e3, color: s.color });
  }
  return out;
}

export function QueueChart() {
  const src = useRunSource();
  const version = src.useRun((s) => s.seriesVersion);
  const topology = src.useTopology();
  const series: ChartSeries[] = useMemo(() => queueSeries(src.series()), [version, src]);
  const guides: Guide[] = useMemo(() => bufferGuides(series, topology), [series, topology]);
  return (
    <TimeChart
      kind="queue"
      title={series.length > 1 ? 'Queue per reported link' : 'Bottleneck queue'}
      yLabel="queue (kB)"
      series={series}
      guides={guides}
      guideLabel="buffer size"
      unit="kB"
      emptyText="No finite-buffer link in this scenario"
    />
  );
}

/** The queueing delay at each reported link (ms): what a packet arriving now waits under
 * DropTail, the sojourn of the last packet an AQM let through (docs/model/aqm.md). */
export function QueueDelayChart() {
  const src = useRunSource();
  const version = src.useRun((s) => s.seriesVersion);
  const topology = src.useTopology();
  const series: ChartSeries[] = useMemo(() => {
    const aqmOf = (id: string) => topology?.links.find((l) => l.id === id)?.aqm;
    return linkSeries(src.series(), 'sojourn', 1, (id) => (aqmOf(id) ? `${id} (${aqmOf(id)})` : id));
  }, [version, src, topology]);
  return (
    <TimeChart
      kind="queue-delay"
      title={series.length > 1 ? 'Queueing delay per reported link' : 'Queueing delay at the bottleneck'}
      yLabel="queueing delay (ms)"
      series={series}
      unit="ms"
      emptyText="No reported link in this scenario"
    />
  );
}

const SRTT = ['srtt'];
export const GOODPUT = ['goodput'];

/** Smoothed RTT per flow: base RTT plus the queueing delay each flow sees. */
export function RttChart() {
  return <FlowMetricChart metrics={SRTT} testId="rtt" title="Smoothed RTT per flow" yLabel="sRTT (ms)" emptyText="No flows yet" unit="ms" />;
}

/** Goodput per flow, averaged over 1 % of the run: how the flows share the link over time. */
export function ThroughputChart() {
  const duration = useRunSource().useRun((s) => s.duration);
  const w = smoothingWindow(duration);
  return (
    <FlowMetricChart
      metrics={GOODPUT}
      testId="throughput"
      title={`Throughput per flow (goodput, ${w < 1 ? `${Math.round(w * 1000)} ms` : `${w.toFixed(1)} s`} average)`}
      yLabel="goodput (Mbit/s)"
      emptyText="No flows yet"
      unit="Mbit/s"
      smooth
    />
  );
}

/** Jain's index over time (the engine's run/all/jain series). */
export function jainSeries(store: SeriesStore): ChartSeries[] {
  return store.select('run', 'jain').map((s) => ({ key: s.meta.key, label: "Jain's index", color: colorFor(2), buf: s.buf }));
}

/** Jain's fairness index over the bulk flows, as the run goes (the engine's run/all/jain). */
export function JainChart() {
  const src = useRunSource();
  const version = src.useRun((s) => s.seriesVersion);
  const series: ChartSeries[] = useMemo(() => jainSeries(src.series()), [version, src]);
  // Flows with a window series: the flows the run compares (one: nothing to compare).
  const flows = useMemo(() => flowOwners(src.series()).length, [version, src]);
  if (series.length === 0 || !jainChartMeaningful(flows)) return null;
  return <TimeChart kind="jain" title="Jain's fairness index over time" yLabel="Jain's index" series={series} emptyText="" yTop={FAIRNESS_Y_TOP} />;
}
