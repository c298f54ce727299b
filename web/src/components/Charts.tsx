// The live time-series charts: cwnd and inflight, queues, throughput, RTT, Jain's index, pacing
// rate and gain, BBR-A's terms. All share one time window (zoom one, all follow). What each
// chart draws, and its words, come from the chart catalogue (charts/catalogue.ts); one
// component (`Chart`) draws any kind of flow, link or run series from its entry.
//
// The same components draw the lab's run and each column of A/B compare: they read the run
// through a RunSource (React context) — whose store, which column's series, which chart ids,
// and, for columns set side by side, a shared y scale. The lab's source is the default.
import { createContext, useContext, useMemo, useState } from 'react';
import { lab } from '../sim/controller';
import { type AggMode, AGG_MODES, MAX_PICKED } from '../worker/aggregate';
import type { AggregateInfo } from '../worker/protocol';
import { colorFor } from '../lib/palette';
import { movingAverage, smoothingWindow } from '../charts/smooth';
import { SeriesBuffer } from '../lib/seriesBuffer';
import { type SeriesStore, seriesStore } from '../sim/seriesStore';
import { type RunFields, firstSummary, timeSpan } from '../store/run';
import { fileName } from '../lib/export';
import { labStore, useLab } from '../store/store';
import type { TimeWindow, Topology } from '../types';
import { type Guide, plotted } from '../charts/lineCanvas';
import { bursts, flowCapacityMbps } from '../charts/bursts';
import { burstNote, capacityGuide, ownerWords, unchartedFlowsNote, windowWords } from '../charts/messages';
import { CHARTS, type ChartSpec, LAB_CHARTS, type TitleContext, chartTitle } from '../charts/catalogue';
import type { ChartKind } from '../generated';
import { classLines, classLinesFor, hasClassSeries } from '../classes/series';
import { classScopeNote } from '../classes/messages';
import { type ChartSeries, LineChart, type LineChartProps } from './LineChart';
import { i18n } from '../i18n/i18n';
import { measureName } from '../a11y/messages';

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
  testId(kind: ChartKind): string;
  /** A fixed y-axis top for a chart kind (columns side by side share one scale), or undefined. */
  yTop?(kind: ChartKind): number | undefined;
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
export function TimeChart({ kind, yLabel, unit, ...chart }: Omit<LineChartProps, 'testId' | 'time' | 'y' | 'version' | 'exportName'> & { kind: ChartKind; yLabel: string; unit?: string }) {
  const src = useRunSource();
  const version = src.useRun((s) => s.seriesVersion);
  const span = src.useRun(timeSpan);
  const timeWindow = src.useRun((s) => s.timeWindow);
  const testId = src.testId(kind);
  return (
    <LineChart
      {...chart}
      testId={testId}
      time={{ label: i18n._({ id: 'chart.time-axis', message: 'simulated time (s)' }), max: span, window: timeWindow, onWindow: src.onWindow }}
      y={{ label: yLabel, unit, top: src.yTop?.(kind) ?? fixedTop(kind) }}
      version={version}
      exportName={() => exportName(testId)}
    />
  );
}

/** The catalogue's fixed y-axis top for `kind` (fairness stops at 1), if it has one. */
function fixedTop(kind: ChartKind): number | undefined {
  const axis = CHARTS[kind].yAxis;
  return axis.kind === 'fixed' ? axis.top : undefined;
}

/** A chart's export file name: the scenario, seed and chart (lib/export.ts `fileName`). */
function exportName(testId: string): string {
  const st = labStore.getState();
  return fileName(firstSummary(st)?.scenario ?? st.presetName, st.seed, testId.replace(/^chart-/, ''), 'svg').replace(/\.svg$/, '');
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

/** What a per-flow chart draws: which metrics, smoothed or not, with which companion. */
export type FlowSeriesSpec = Pick<ChartSpec, 'metrics' | 'smooth' | 'companion' | 'factor'>;

/**
 * A per-flow chart's lines from `store`: one per flow and metric (smoothed over the scenario's
 * smoothing window when asked), then the companion metric dashed in each flow's colour.
 * `settled`: no points are streaming in, so smoothed lines are brought up to date now.
 */
export function flowSeries(store: SeriesStore, spec: FlowSeriesSpec, color: (owner: string) => string, duration: number, settled: boolean, hidden?: (owner: string) => boolean): ChartSeries[] {
  const { metrics, smooth, companion, factor } = spec;
  const scaled = factor !== undefined ? { factor } : {};
  const select = (metric: string) => store.select('flow', metric).filter((s) => !hidden?.(s.meta.owner));
  return metrics
    .flatMap((metric, m) => {
      const list = select(metric);
      return list.map((s, f) => ({
        key: s.meta.key,
        label: metrics.length > 1 ? `${ownerWords(s.meta)} ${measureName(s.meta.metric)}` : ownerWords(s.meta),
        // One metric: the flow's colour. Several: every (metric, flow) pair its own colour.
        color: metrics.length > 1 ? colorFor(m * list.length + f) : color(s.meta.owner),
        buf: smooth ? smoothed(s.buf, smoothingWindow(duration), settled) : s.buf,
        ...scaled,
      }));
    })
    .concat(
      // The companion pairs with its flow by colour, so the chart reads as "cwnd and what is
      // actually in flight" per flow rather than as twice as many unrelated lines.
      companion
        ? select(companion).map((s) => ({
            key: s.meta.key,
            label: `${ownerWords(s.meta)} ${measureName(s.meta.metric)}`,
            color: color(s.meta.owner),
            dashed: true,
            buf: s.buf,
            ...scaled,
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

/** The aggregate view's modes in words. */
function modeName(mode: AggMode): string {
  switch (mode) {
    case 'class':
      return i18n._({ id: 'chart.mode-class', message: 'per size class' });
    case 'path':
      return i18n._({ id: 'chart.mode-path', message: 'per path' });
    case 'algorithm':
      return i18n._({ id: 'chart.mode-algorithm', message: 'per algorithm' });
    case 'top':
      return i18n._({ id: 'chart.mode-top', message: 'top flows + others' });
  }
}

/**
 * The aggregate view's selector (group by size class, path, algorithm, or top N + others) and
 * flow picker (search by name, add a flow as its own lines), for a run with many flows. Only
 * in the lab: A/B compare columns show the default view.
 */
export function AggregateControls({ info }: { info: AggregateInfo }) {
  const [query, setQuery] = useState('');
  const matches = query ? info.flows.filter((f) => f.toLowerCase().includes(query.toLowerCase()) && !info.picked.includes(f)).slice(0, 8) : [];
  const set = (mode: AggMode, picked: string[]) => lab.setView({ mode, picked, focus: info.focus });
  // Generated flows beyond traffic.list_flows have no series: say so, and where they are shown
  // (an FSFS run's lines are its background flows, its experiment the short flows' FCTs).
  const uncharted = useLab((s) => (firstSummary(s)?.flows_unlisted ?? 0) > 0 || (s.snapshot?.flows.some((f) => f.size_class && !info.flows.includes(f.id)) ?? false));
  // Per size class, an MPTCP flow-scheduling run's class lines are the engine's class series:
  // every flow the headline counts (classes/series.ts).
  const version = useLab((s) => s.seriesVersion);
  const classed = useMemo(() => hasClassSeries(seriesStore.meta), [version]);
  const warmupS = useLab((s) => firstSummary(s)?.warmup_s ?? null);
  return (
    <span className="aggregate-controls" data-testid="aggregate-controls">
      {classed && info.mode === 'class' ? (
        <span className="muted" data-testid="aggregate-scope" data-classes="engine">
          {classScopeNote(warmupS)}{' '}
        </span>
      ) : (
        uncharted && (
          <span className="muted" data-testid="aggregate-scope">
            {unchartedFlowsNote(info.flows.length)}{' '}
          </span>
        )
      )}
      <label>
        {' '}
        {i18n._({ id: 'chart.lines', message: 'lines:' })}{' '}
        <select data-testid="aggregate-mode" value={info.mode} onChange={(e) => set(e.target.value as AggMode, info.picked)}>
          {AGG_MODES.map((m) => (
            <option key={m} value={m}>
              {modeName(m)}
            </option>
          ))}
        </select>
      </label>{' '}
      <input
        type="search"
        data-testid="flow-picker"
        placeholder={i18n._({ id: 'chart.pick-flow', message: 'pick a flow ({n})', values: { n: info.flows.length } })}
        value={query}
        disabled={info.picked.length >= MAX_PICKED}
        onChange={(e) => setQuery(e.target.value)}
        aria-label={i18n._({ id: 'chart.pick-flow-label', message: 'Pick a flow to draw on its own' })}
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

/** One line per reported link for a link metric; `label` names a link's line. */
function linkSeries(store: SeriesStore, spec: ChartSpec, label: (owner: string) => string): ChartSeries[] {
  const links = store.select('link', spec.metrics[0]!);
  // One link: vermillion, distinct from the first flows' colours; several: the palette.
  return links.map((s, i) => ({ key: s.meta.key, label: label(s.meta.owner), color: colorFor(links.length > 1 ? i : 3), buf: s.buf, factor: spec.factor ?? 1 }));
}

/** What a chart's lines depend on besides its series: the network, colours, the run's length. */
export interface LineContext {
  topology: Topology | null;
  /** A flow's colour, by owner (useOwnerColors). */
  color: (owner: string) => string;
  duration: number;
  /** No points are streaming in: smoothed lines are brought up to date now. */
  settled: boolean;
  /** Flows left out (the MPTCP panel's connection, drawn there). */
  hidden?: (owner: string) => boolean;
  /**
   * Per-flow charts also draw the engine's per-size-class lines (the "per size class" view of
   * an MPTCP flow-scheduling run), naming the warm-up their flows started after (null: not yet
   * known).
   */
  classes?: { warmupS: number | null };
}

/** For lines that need neither flow colours, the network nor the run's length (run and stream series). */
export const PLAIN_LINES: LineContext = { topology: null, color: () => '', duration: 0, settled: true };

/** The lines chart `spec` draws from `store`. */
export function chartSeries(spec: ChartSpec, store: SeriesStore, ctx: LineContext): ChartSeries[] {
  switch (spec.scope) {
    case 'flow': {
      const flowLines = flowSeries(store, spec, ctx.color, ctx.duration, ctx.settled, ctx.hidden);
      const lines = spec.guides === 'capacity' ? withCapacity(flowLines, ctx.topology) : flowLines;
      if (!ctx.classes) return lines;
      const classed = classLinesFor(store, spec.metrics, ctx.classes.warmupS, spec.factor);
      // Smoothed like the flows' lines over the same window, so the two compare.
      return lines.concat(spec.smooth ? classed.map((l) => ({ ...l, buf: smoothed(l.buf, smoothingWindow(ctx.duration), ctx.settled) })) : classed);
    }
    case 'class':
      return classLines(store, spec.metrics[0] as 'active', ctx.classes?.warmupS ?? null, spec.factor);
    case 'link': {
      const aqmOf = (id: string) => ctx.topology?.links.find((l) => l.id === id)?.aqm;
      return linkSeries(store, spec, spec.labelAqm ? (id) => (aqmOf(id) ? `${id} (${aqmOf(id)})` : id) : (id) => id);
    }
    case 'run':
      return store.select('run', spec.metrics[0]!).map((s) => ({ key: s.meta.key, label: spec.yLabel, color: colorFor(2), buf: s.buf }));
    case 'stream':
      return store.select('stream', spec.metrics[0]!).map((s, i) => ({ key: s.meta.key, label: s.meta.owner, color: colorFor(i), buf: s.buf, factor: spec.factor ?? 1 }));
  }
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

const NO_GUIDES: Guide[] = [];

/** The dashed guides of chart `spec` over its lines. */
export function chartGuides(spec: ChartSpec, series: readonly ChartSeries[], topology: Topology | null): Guide[] {
  if (spec.guides === 'capacity') return capacityGuides(series);
  return spec.guides === 'buffer' ? bufferGuides(series, topology) : NO_GUIDES;
}

/** Each distinct bottleneck rate of the lines (their `markAbove`), one dashed grey line. */
function capacityGuides(series: readonly ChartSeries[]): Guide[] {
  const rates = [...new Set(series.map((s) => s.markAbove).filter((v): v is number => v !== undefined))].sort((a, b) => a - b);
  return rates.map((value) => ({ value, color: CAPACITY_COLOR }));
}

/** The bottleneck-rate guide: neutral grey, not any flow's colour. */
const CAPACITY_COLOR = '#8a8a8a';

/**
 * Each flow line's bottleneck rate (charts/bursts.ts), so points above it are marked as bursts.
 * Lines of aggregates (sums over many flows) and flows the topology does not list get none.
 */
function withCapacity(series: ChartSeries[], topology: Topology | null): ChartSeries[] {
  if (!topology) return series;
  return series.map((s) => {
    const flow = topology.flows.find((f) => f.id === s.label);
    const cap = flow ? flowCapacityMbps(flow, topology.links) : undefined;
    return cap === undefined ? s : { ...s, markAbove: cap };
  });
}

/** A chart kind's words for a TimeChart: title (in context), y label, unit, empty text. */
export function chartWords(kind: ChartKind, c: Partial<TitleContext> = {}): { title: string; yLabel: string; unit?: string; emptyText: string } {
  const spec = CHARTS[kind];
  return { title: chartTitle(spec, { lines: 0, smoothingS: 0, owner: null, ...c }), yLabel: spec.yLabel, unit: spec.unit, emptyText: spec.emptyText };
}

/** The live chart of `kind` (flow, link or run series), drawn from its catalogue entry. */
export function Chart({ kind }: { kind: ChartKind }) {
  const spec = CHARTS[kind];
  const src = useRunSource();
  const aggregate = src.useRun((s) => s.columns[0]?.aggregate ?? null);
  // No more points are coming (ended, paused, a seek or step landed): the smoothed lines must be
  // brought up to date now, not on the next throttled refresh, which may never come.
  const settled = src.useRun((s) => s.run !== 'running' && s.seekTarget === null);
  const version = src.useRun((s) => s.seriesVersion);
  // The smoothing window follows the scenario's limit, so it does not change when the run ends.
  const duration = src.useRun((s) => s.duration);
  const topology = src.useTopology();
  const color = useOwnerColors();
  const flows = spec.scope === 'flow';
  // The MPTCP panel's connection is sent for that panel only: not a line here unless picked.
  const focus = flows && aggregate?.focus && !aggregate.picked.includes(aggregate.focus) ? aggregate.focus : null;
  // An MPTCP flow-scheduling run's per-size-class series (classes/series.ts): drawn in the
  // "per size class" view, and on their own chart.
  const classed = useMemo(() => hasClassSeries(src.series().meta), [version, src]);
  const warmupS = src.useRun((s) => firstSummary(s)?.warmup_s ?? null);
  const drawClasses = classed && (spec.scope === 'class' || aggregate?.mode === 'class');
  const classes = useMemo(() => (drawClasses ? { warmupS } : undefined), [drawClasses, warmupS]);
  const series: ChartSeries[] = useMemo(
    () => chartSeries(spec, src.series(), { topology, color, duration, settled, hidden: focus ? (o) => o === focus || o.startsWith(`${focus}@`) : undefined, classes }),
    [version, spec, src, topology, color, duration, settled, focus, classes],
  );
  const guides = useMemo(() => chartGuides(spec, series, topology), [spec, series, topology]);
  // Goodput above the bottleneck rate: how many bursts the ▲ markers show (charts/bursts.ts).
  const burstCount = useMemo(
    () => (spec.guides === 'capacity' ? series.reduce((n, s) => n + (s.markAbove === undefined ? 0 : bursts(plotted(s), s.markAbove).length), 0) : 0),
    [spec, series, version],
  );
  if (spec.hideWhenEmpty && series.length === 0) return null;
  // A chart that can only draw a constant for this run, or would score other flows than the
  // experiment's, is not shown; some say why in its place (charts/relevance.ts).
  const shape = { flows: flowOwners(src.series()).length, classed };
  if (spec.meaningful && !spec.meaningful(shape)) {
    const note = spec.hiddenNote?.(shape);
    return note ? (
      <p className="muted chart-hidden" data-testid={`${src.testId(kind)}-hidden`}>
        {note}
      </p>
    ) : null;
  }
  const title = chartTitle(spec, { lines: series.length, smoothingS: smoothingWindow(duration), owner: null });
  return (
    <TimeChart
      kind={kind}
      title={flows && aggregate ? i18n._({ id: 'chart.aggregate-title', message: '{title} — {mode} (mean; goodput summed)', values: { title, mode: modeName(aggregate.mode) } }) : title}
      yLabel={spec.yLabel}
      series={series}
      guides={guides}
      guideLabel={spec.guides === 'buffer' ? i18n._({ id: 'chart.buffer-size', message: 'buffer size' }) : spec.guides === 'capacity' ? capacityGuide(guides.map((g) => g.value)) : undefined}
      markNote={burstCount > 0 ? burstNote(burstCount, windowWords(smoothingWindow(duration))) : undefined}
      data={spec.guides === 'capacity' ? { capacity: guides.map((g) => g.value).join(','), bursts: burstCount } : undefined}
      emptyText={spec.emptyText}
      unit={spec.unit}
      mode={flows ? (aggregate ? 'aggregate' : 'flows') : undefined}
      legendMax={flows && aggregate ? 32 : undefined}
      controls={aggregate && spec.aggregateControls && src === LAB_SOURCE ? <AggregateControls info={aggregate} /> : undefined}
    />
  );
}

/** The lab's charts, in the catalogue's order. */
export function LabCharts() {
  return (
    <div className="charts">
      {LAB_CHARTS.map((kind) => (
        <Chart key={kind} kind={kind} />
      ))}
    </div>
  );
}
