// Every English string the accessibility features show or announce (issue 31 §2): the skip link,
// region names, the charts' text alternatives and the live announcements. Plain functions
// returning English, kept in one place so they move into the message catalogs in one step.

/** The id of the lab's run controls, where the skip link goes. */
export const RUN_CONTROLS_ID = 'run-controls';

export const skipToControls = () => 'Skip to the run controls';

/** The preset's scrollable "What to look for" box, named for the keyboard user who tabs to it. */
export const descriptionLabel = () => 'What to look for';

// Accessible names begin with the words the control shows (WCAG 2.5.3 "label in name"), so a
// speech-input user can say what they see.

/** A link of the network picture, by its tooltip ("bottleneck: 100 Mbit/s · 10 ms"). */
export const linkName = (visible: string, hasQueue: boolean) => `Link ${visible}${hasQueue ? ', with a queue' : ''}`;

/** The theme toggle shows the theme in use ("dark"); a click switches to `next`. */
export const themeToggleName = (shown: string, next: string) => `${shown} theme, switch to ${next}`;

/** A compare column's "make A" button. */
export const makeBaselineName = (value: string) => `make A: ${value} becomes the baseline, column A`;

// The live region's announcements (a11y/announce.ts), said politely, one per 2 s at most.

/** A time in the run, as the announcements say it. */
const at = (t: number) => `${Number(t.toFixed(3))} s`;

export const runStarted = (title: string) => `Run started: ${title}.`;
export const runResumed = (t: number) => `Playing from ${at(t)}.`;
export const runPaused = (t: number) => `Paused at ${at(t)}.`;
export const runFinished = (t: number) => `Run finished at ${at(t)}.`;
export const runFailed = () => 'The run stopped with an error.';

/**
 * The losses of the flow in focus since the last announcement: "short-rtt lost a packet; cwnd
 * 80 → 56". `detections`: loss detections (fast retransmits, QUIC loss declarations) counting
 * `packets` packets; `timeouts`: retransmission or probe timeouts; the window before the first
 * and after the last, in packets.
 */
export function flowLoss(flow: string, detections: number, packets: number, timeouts: number, before: number, after: number): string {
  const parts: string[] = [];
  if (detections > 0) {
    const what = packets === 1 ? 'a packet' : `${packets} packets`;
    parts.push(detections === 1 ? `lost ${what}` : `lost ${what} in ${detections} loss events`);
  }
  if (timeouts > 0) parts.push(timeouts === 1 ? 'timed out' : `timed out ${timeouts} times`);
  return `${flow} ${parts.join(' and ')}; cwnd ${Math.round(before)} → ${Math.round(after)}.`;
}

/** The network picture's packet note when the system asks for reduced motion. */
export const reducedMotionNote = (counted: string) => `${counted} · not drawn: reduced motion is on`;

// The charts' text alternatives (a11y/chartText.ts, components/ChartData.tsx).

const MEASURES: Record<string, string> = {
  cwnd: 'cwnd',
  inflight: 'packets in flight',
  srtt: 'sRTT',
  delivery_rate: 'delivery rate',
  goodput: 'goodput',
  pacing_rate: 'pacing rate',
  pacing_gain: 'pacing gain',
  btl_bw: 'bottleneck bandwidth estimate',
  queue: 'queue',
  queue_packets: 'queue',
  sojourn: 'queueing delay',
  jain: "Jain's index",
  recv_buffer: 'receive buffer',
  queued_bytes: 'queued',
  delivered_bytes: 'delivered',
};

/** A series' metric (the last part of its key, `flow/short-rtt/cwnd`) in words. */
export const measureName = (metric: string) => MEASURES[metric] ?? metric.replace(/_/g, ' ');

/**
 * One series in one line: "cwnd of short-rtt: 41 → 369 packets, 3 cuts of 20 % or more".
 * `owner` is null for a series of the whole run; `cuts` null where cuts mean nothing.
 */
export function seriesSentence(measure: string, owner: string | null, first: string, last: string, unit: string, lowest: string, highest: string, cuts: number | null, cutPercent: number): string {
  const u = unit ? ` ${unit}` : '';
  const head = owner ? `${measure} of ${owner}` : measure;
  const tail = cuts === null ? `, lowest ${lowest}, highest ${highest}` : `, ${cuts === 0 ? 'no' : cuts} cut${cuts === 1 ? '' : 's'} of ${cutPercent} % or more`;
  return `${head}: ${first} → ${last}${u}${tail}`;
}

export const noData = (measure: string, owner: string | null) => `${owner ? `${measure} of ${owner}` : measure}: no data yet`;
export const chartDataToggle = () => 'Data table';
export const chartDataCaption = (title: string, rows: number, points: number) =>
  `${title}: ${rows} rows sampled evenly in time from ${points} points (the value at or just before each time)`;
export const timeColumn = () => 'time (s)';
export const moreSeries = (n: number) => `${n} more series not listed`;

/** One line of a sweep figure: "cubic: goodput 9.52 at loss 0.001 … 1.21 at loss 0.1". */
export const sweepLineSentence = (line: string, metric: string, knob: string, firstX: string, firstY: string, lastX: string, lastY: string) =>
  `${line}: ${metric} ${firstY} at ${knob} ${firstX} … ${lastY} at ${knob} ${lastX}`;
/** A sweep table cell: the mean, ± the 95 % confidence interval when several seeds ran. */
export const sweepCell = (mean: string, ci: string | null) => (ci === null ? mean : `${mean} ± ${ci}`);
