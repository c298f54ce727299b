// The chart catalogue: every time-axis chart of the page, by kind — the series it draws, its
// title, y-axis label, unit and y-axis rule — read by the lab (components/Charts.tsx), A/B
// compare (views/Compare.tsx), the MPTCP and QUIC panels and guided tours (a tour stop names a
// kind; its chart is `chart-<kind>` on the page). Issue 28: these were strings repeated in
// three places.
//
// Both vocabularies come from the engine's types (web/src/generated, `npm run gen:types`):
// `ChartKind` is the kind a tour may name (core scenario/tour.rs) — the table below must have
// an entry for each, or the type check fails — and `SeriesMetric` every metric the engine
// records (core metrics/series.rs), so a metric renamed in Rust fails here instead of drawing
// an empty chart.
//
// A new chart: a `ChartKind` variant in tour.rs (the registry line), `npm run gen:types`, and
// its entry here; a chart of flow, link or run series is then drawn by the lab from this entry
// alone (`LAB_CHARTS` gives the order).
//
// Titles, axis labels and empty texts are Lingui messages (issue 31 §1), read through getters so
// each read is in the language on screen.
import { FAIRNESS_Y_TOP, jainChartMeaningful } from './relevance';
import { windowWords } from './messages';
import { i18n } from '../i18n/i18n';
import { unitText } from '../i18n/units';
import { activeAxis, activeEmpty, activeTitle, activeUnit, jainHiddenForClasses } from '../classes/messages';
import type { ChartKind, SeriesMetric } from '../generated';

/** What a title may depend on: how many lines are drawn, the throughput average, the panel's connection. */
export interface TitleContext {
  lines: number;
  /** The moving-average window of smoothed charts, seconds. */
  smoothingS: number;
  /** The connection a panel's chart is about, or null. */
  owner: string | null;
}

/** How the y axis is scaled. */
export type YAxis =
  /** Fits the data in each chart. */
  | { kind: 'fit' }
  /** Fits the data; A/B compare's columns share one top (the largest any column plots, guides included). */
  | { kind: 'shared' }
  /** A fixed top in A/B compare (an index bounded by 1). */
  | { kind: 'fixed'; top: number };

export interface ChartSpec {
  title: string | ((c: TitleContext) => string);
  yLabel: string;
  /** Unit of the plotted values (after `factor`), for the hover read-out. */
  unit?: string;
  /** Shown while there is nothing to draw. */
  emptyText: string;
  /** Whose series: one line per flow, per reported link, the whole run, per QUIC stream, per MPTCP size class. */
  scope: 'flow' | 'link' | 'run' | 'stream' | 'class';
  /** The metrics drawn (several: one line per owner and metric). */
  metrics: readonly SeriesMetric[];
  /** A second metric drawn dashed in each owner's colour (inflight under cwnd). */
  companion?: SeriesMetric;
  /** Values are multiplied by this before plotting (bytes → kB: 1e-3). */
  factor?: number;
  /** A trailing moving average (charts/smooth.ts) instead of the raw samples. */
  smooth?: boolean;
  /** No chart at all when no series reports these metrics (pacing under CUBIC). */
  hideWhenEmpty?: boolean;
  /**
   * Whether the chart means something for this run (charts/relevance.ts); absent = always.
   * `classed`: the engine recorded per-size-class series (an MPTCP flow-scheduling run).
   */
  meaningful?: (run: RunShape) => boolean;
  /** When not meaningful: the one line shown instead, saying why (absent: nothing shown). */
  hiddenNote?: (run: RunShape) => string | undefined;
  /**
   * Dashed guides: each link's buffer size, or each flow's bottleneck rate (its slowest link;
   * points above it are marked as bursts of held-back data, charts/bursts.ts).
   */
  guides?: 'buffer' | 'capacity';
  /** Link lines named with the link's AQM ("bottleneck (codel)"). */
  labelAqm?: boolean;
  /** The lab's aggregate-view selector and flow picker sit above it (many flows). */
  aggregateControls?: boolean;
  yAxis: YAxis;
}

/** What `meaningful` knows of the run while it plays. */
export interface RunShape {
  flows: number;
  classed: boolean;
}

const FIT: YAxis = { kind: 'fit' };
const SHARED: YAxis = { kind: 'shared' };

/** Every chart kind, described once. */
export const CHARTS: { readonly [K in ChartKind]: ChartSpec } = {
  cwnd: {
    get title() {
      return i18n._({ id: 'chart.cwnd.title', message: 'Congestion window (solid) and packets in flight (dashed) per flow' });
    },
    get yLabel() {
      return i18n._({ id: 'chart.cwnd.y', message: 'packets' });
    },
    get unit() {
      return unitText(i18n, 'packets');
    },
    get emptyText() {
      return i18n._({ id: 'chart.empty.no-flows', message: 'No flows yet' });
    },
    scope: 'flow',
    metrics: ['cwnd'],
    companion: 'inflight',
    aggregateControls: true,
    yAxis: SHARED,
  },
  queue: {
    title: (c) =>
      c.lines > 1
        ? i18n._({ id: 'chart.queue.title-links', message: 'Queue per reported link' })
        : i18n._({ id: 'chart.queue.title', message: 'Bottleneck queue' }),
    get yLabel() {
      return i18n._({ id: 'chart.queue.y', message: 'queue (kB)' });
    },
    unit: 'kB',
    get emptyText() {
      return i18n._({ id: 'chart.queue.empty', message: 'No finite-buffer link in this scenario' });
    },
    scope: 'link',
    metrics: ['queue'],
    factor: 1e-3,
    guides: 'buffer',
    yAxis: SHARED,
  },
  // The queueing delay at each reported link (ms): what a packet arriving now waits under
  // DropTail, the sojourn of the last packet an AQM let through (docs/model/aqm.md).
  'queue-delay': {
    title: (c) =>
      c.lines > 1
        ? i18n._({ id: 'chart.queue-delay.title-links', message: 'Queueing delay per reported link' })
        : i18n._({ id: 'chart.queue-delay.title', message: 'Queueing delay at the bottleneck' }),
    get yLabel() {
      return i18n._({ id: 'chart.queue-delay.y', message: 'queueing delay (ms)' });
    },
    unit: 'ms',
    get emptyText() {
      return i18n._({ id: 'chart.queue-delay.empty', message: 'No reported link in this scenario' });
    },
    scope: 'link',
    metrics: ['sojourn'],
    labelAqm: true,
    yAxis: FIT,
  },
  // Goodput per flow, averaged over 1 % of the run: how the flows share the link over time.
  // Above the bottleneck rate it is a burst of data delivered in order after a recovery: the
  // rate is drawn and such points are marked (issue 30, item 10).
  throughput: {
    title: (c) =>
      i18n._({ id: 'chart.throughput.title', message: 'Throughput per flow (goodput, {window} average)', values: { window: windowWords(c.smoothingS) } }),
    get yLabel() {
      return i18n._({ id: 'chart.throughput.y', message: 'goodput (Mbit/s)' });
    },
    unit: 'Mbit/s',
    get emptyText() {
      return i18n._({ id: 'chart.empty.no-flows', message: 'No flows yet' });
    },
    scope: 'flow',
    metrics: ['goodput'],
    smooth: true,
    guides: 'capacity',
    yAxis: SHARED,
  },
  // Base RTT plus the queueing delay each flow sees.
  rtt: {
    get title() {
      return i18n._({ id: 'chart.rtt.title', message: 'Smoothed RTT per flow' });
    },
    get yLabel() {
      return i18n._({ id: 'chart.rtt.y', message: 'sRTT (ms)' });
    },
    unit: 'ms',
    get emptyText() {
      return i18n._({ id: 'chart.empty.no-flows', message: 'No flows yet' });
    },
    scope: 'flow',
    metrics: ['srtt'],
    yAxis: FIT,
  },
  // Jain's fairness index over the bulk flows, as the run goes (the engine's run/all/jain).
  jain: {
    get title() {
      return i18n._({ id: 'chart.jain.title', message: "Jain's fairness index over time" });
    },
    get yLabel() {
      return i18n._({ id: 'chart.jain.y', message: "Jain's index" });
    },
    emptyText: '',
    scope: 'run',
    metrics: ['jain'],
    hideWhenEmpty: true,
    meaningful: ({ flows, classed }) => jainChartMeaningful(flows, classed),
    // (Only reached when the engine recorded the index: there are background flows to score.)
    hiddenNote: ({ classed }) => (classed ? jainHiddenForClasses() : undefined),
    yAxis: { kind: 'fixed', top: FAIRNESS_Y_TOP },
  },
  // Paced senders (BBR family): the pacing rate, and BBR's bottleneck-bandwidth estimate dashed.
  'pacing-rate': {
    get title() {
      return i18n._({ id: 'chart.pacing-rate.title', message: 'Pacing rate (solid) and estimated bottleneck bandwidth (dashed) per flow' });
    },
    get yLabel() {
      return i18n._({ id: 'chart.pacing-rate.y', message: 'Mbit/s' });
    },
    unit: 'Mbit/s',
    emptyText: '',
    scope: 'flow',
    metrics: ['pacing_rate'],
    companion: 'btl_bw',
    hideWhenEmpty: true,
    yAxis: FIT,
  },
  // BBR's pacing gain per flow: the PROBE_BW cycle (1.25, 0.75, 1 …), STARTUP's 2.89.
  'pacing-gain': {
    get title() {
      return i18n._({ id: 'chart.pacing-gain.title', message: 'Pacing gain per flow' });
    },
    get yLabel() {
      return i18n._({ id: 'chart.pacing-gain.y', message: 'pacing gain (×)' });
    },
    unit: '×',
    emptyText: '',
    scope: 'flow',
    metrics: ['pacing_gain'],
    hideWhenEmpty: true,
    yAxis: FIT,
  },
  // BBR-A's RTT-adaptive terms: φ and the probing gains P_up and P_down it derives.
  'bbr-a': {
    get title() {
      return i18n._({ id: 'chart.bbr-a.title', message: 'BBR-A: φ, P_up and P_down' });
    },
    get yLabel() {
      return i18n._({ id: 'chart.bbr-a.y', message: 'value' });
    },
    emptyText: '',
    scope: 'flow',
    metrics: ['phi', 'p_up', 'p_down'],
    hideWhenEmpty: true,
    yAxis: FIT,
  },
  // The MPTCP panel's: one line per subflow of its connection (`flow/<id>@p<n>/cwnd`).
  'subflow-cwnd': {
    title: (c) => {
      const title = i18n._({ id: 'chart.subflow-cwnd.title', message: 'Congestion window per subflow' });
      return c.owner ? `${title} (${c.owner})` : title;
    },
    get yLabel() {
      return i18n._({ id: 'chart.subflow-cwnd.y', message: 'cwnd (packets)' });
    },
    get emptyText() {
      return i18n._({ id: 'chart.empty.no-series', message: 'No time series for this connection (generated traffic): pick one without "no time series"' });
    },
    scope: 'flow',
    metrics: ['cwnd'],
    yAxis: FIT,
  },
  'recv-buffer': {
    get title() {
      return i18n._({ id: 'chart.recv-buffer.title', message: 'Receive buffer: data held out of order' });
    },
    get yLabel() {
      return i18n._({ id: 'chart.recv-buffer.y', message: 'occupancy (kB)' });
    },
    get emptyText() {
      return i18n._({ id: 'chart.empty.no-series', message: 'No time series for this connection (generated traffic): pick one without "no time series"' });
    },
    scope: 'flow',
    metrics: ['recv_buffer'],
    factor: 1e-3,
    yAxis: FIT,
  },
  // The QUIC panel's: one line per stream.
  'stream-queued': {
    get title() {
      return i18n._({ id: 'chart.stream-queued.title', message: 'Queued bytes per stream (written, not yet sent)' });
    },
    get yLabel() {
      return i18n._({ id: 'chart.stream-queued.y', message: 'queued (kB)' });
    },
    get emptyText() {
      return i18n._({ id: 'chart.empty.no-streams', message: 'No stream series' });
    },
    scope: 'stream',
    metrics: ['queued_bytes'],
    factor: 1e-3,
    yAxis: FIT,
  },
  'stream-delivered': {
    get title() {
      return i18n._({ id: 'chart.stream-delivered.title', message: 'Delivered bytes per stream (readable at the receiver)' });
    },
    get yLabel() {
      return i18n._({ id: 'chart.stream-delivered.y', message: 'delivered (kB)' });
    },
    get emptyText() {
      return i18n._({ id: 'chart.empty.no-streams', message: 'No stream series' });
    },
    scope: 'stream',
    metrics: ['delivered_bytes'],
    factor: 1e-3,
    yAxis: FIT,
  },
  // MPTCP flow scheduling: per size class, the flows running among those the headline counts
  // (engine class/<G>/active, core sim/class_series.rs). Words from classes/messages.ts,
  // read when drawn (getters) so they follow the page's language.
  'class-active': {
    title: () => activeTitle(),
    get yLabel() {
      return activeAxis();
    },
    get unit() {
      return activeUnit();
    },
    get emptyText() {
      return activeEmpty();
    },
    scope: 'class',
    metrics: ['active'],
    hideWhenEmpty: true,
    yAxis: SHARED,
  },
};

/** The lab's charts under the network picture, in order (the panels draw their own kinds). */
export const LAB_CHARTS: readonly ChartKind[] = ['cwnd', 'queue', 'queue-delay', 'throughput', 'rtt', 'class-active', 'jain', 'pacing-rate', 'pacing-gain', 'bbr-a'];

/** The charts A/B compare sets side by side for every column. */
export const COMPARE_CHARTS: readonly ChartKind[] = ['cwnd', 'queue', 'throughput', 'jain'];

/** A chart's title in context. */
export function chartTitle(spec: ChartSpec, c: TitleContext): string {
  return typeof spec.title === 'string' ? spec.title : spec.title(c);
}

/** Whether `kind` is a chart kind the catalogue describes (a tour's `chart`, checked at run time). */
export function isChartKind(kind: string): kind is ChartKind {
  return Object.hasOwn(CHARTS, kind);
}
