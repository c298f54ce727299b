// Every string the accessibility features show or announce (issue 31 §2): the skip link, region
// names, the charts' text alternatives and the live announcements, as Lingui messages (issue 31
// §1, docs/i18n.md). Functions, so each call reads the language on screen.
import { i18n } from '../i18n/i18n';

/** The id of the lab's run controls, where the skip link goes. */
export const RUN_CONTROLS_ID = 'run-controls';

export const skipToControls = () => i18n._({ id: 'a11y.skip', message: 'Skip to the run controls' });

/** The preset's scrollable "What to look for" box, named for the keyboard user who tabs to it. */
export const descriptionLabel = () => i18n._({ id: 'a11y.look-for', message: 'What to look for' });

// Accessible names begin with the words the control shows (WCAG 2.5.3 "label in name"), so a
// speech-input user can say what they see.

/** A link of the network picture, by its tooltip ("bottleneck: 100 Mbit/s · 10 ms"). */
export const linkName = (visible: string, hasQueue: boolean) =>
  hasQueue
    ? i18n._({ id: 'a11y.link-queue', message: 'Link {visible}, with a queue', values: { visible } })
    : i18n._({ id: 'a11y.link', message: 'Link {visible}', values: { visible } });

/** The theme toggle shows the theme in use ("dark"); a click switches to `next`. */
export const themeToggleName = (shown: string, next: string) =>
  i18n._({ id: 'a11y.theme-toggle', message: '{shown} theme, switch to {next}', values: { shown, next } });

/** A compare column's "make A" button. */
export const makeBaselineName = (value: string) =>
  i18n._({ id: 'a11y.make-baseline', message: 'make A: {value} becomes the baseline, column A', values: { value } });

// The live region's announcements (a11y/announce.ts), said politely, one per 2 s at most.

/** A time in the run, as the announcements say it. */
const at = (t: number) => Number(t.toFixed(3));

export const runStarted = (title: string) => i18n._({ id: 'a11y.run-started', message: 'Run started: {title}.', values: { title } });
export const runResumed = (t: number) => i18n._({ id: 'a11y.run-resumed', message: 'Playing from {t} s.', values: { t: at(t) } });
export const runPaused = (t: number) => i18n._({ id: 'a11y.run-paused', message: 'Paused at {t} s.', values: { t: at(t) } });
export const runFinished = (t: number) => i18n._({ id: 'a11y.run-finished', message: 'Run finished at {t} s.', values: { t: at(t) } });
export const runFailed = () => i18n._({ id: 'a11y.run-failed', message: 'The run stopped with an error.' });

/**
 * The losses of the flow in focus since the last announcement: "short-rtt lost a packet; cwnd
 * 80 → 56". `detections`: loss detections (fast retransmits, QUIC loss declarations) counting
 * `packets` packets; `timeouts`: retransmission or probe timeouts; the window before the first
 * and after the last, in packets.
 */
export function flowLoss(flow: string, detections: number, packets: number, timeouts: number, before: number, after: number): string {
  const parts: string[] = [];
  if (detections > 0) {
    parts.push(
      detections === 1
        ? i18n._({ id: 'a11y.lost', message: 'lost {packets, plural, one {a packet} other {# packets}}', values: { packets } })
        : i18n._({
            id: 'a11y.lost-events',
            message: 'lost {packets, plural, one {a packet} other {# packets}} in {detections} loss events',
            values: { packets, detections },
          }),
    );
  }
  if (timeouts > 0) {
    parts.push(i18n._({ id: 'a11y.timed-out', message: '{timeouts, plural, one {timed out} other {timed out # times}}', values: { timeouts } }));
  }
  const what = parts.join(i18n._({ id: 'a11y.and', message: ' and ' }));
  return i18n._({
    id: 'a11y.flow-loss',
    message: '{flow} {what}; cwnd {before} → {after}.',
    values: { flow, what, before: Math.round(before), after: Math.round(after) },
  });
}

/** The network picture's packet note when the system asks for reduced motion. */
export const reducedMotionNote = (counted: string) =>
  i18n._({ id: 'a11y.reduced-motion', message: '{counted} · not drawn: reduced motion is on', values: { counted } });

// The charts' text alternatives (a11y/chartText.ts, components/ChartData.tsx).

/** A series' metric (the last part of its key, `flow/short-rtt/cwnd`) in words. */
export function measureName(metric: string): string {
  switch (metric) {
    case 'cwnd':
      return 'cwnd';
    case 'srtt':
      return 'sRTT';
    case 'phi':
      return 'φ';
    case 'p_up':
      return 'P_up';
    case 'p_down':
      return 'P_down';
    case 'inflight':
      return i18n._({ id: 'measure.inflight', message: 'packets in flight' });
    case 'delivery_rate':
      return i18n._({ id: 'measure.delivery-rate', message: 'delivery rate' });
    case 'goodput':
      return i18n._({ id: 'measure.goodput', message: 'goodput' });
    case 'pacing_rate':
      return i18n._({ id: 'measure.pacing-rate', message: 'pacing rate' });
    case 'pacing_gain':
      return i18n._({ id: 'measure.pacing-gain', message: 'pacing gain' });
    case 'btl_bw':
      return i18n._({ id: 'measure.btl-bw', message: 'bottleneck bandwidth estimate' });
    case 'queue':
    case 'queue_packets':
      return i18n._({ id: 'measure.queue', message: 'queue' });
    case 'sojourn':
      return i18n._({ id: 'measure.sojourn', message: 'queueing delay' });
    case 'jain':
      return i18n._({ id: 'measure.jain', message: "Jain's index" });
    case 'recv_buffer':
      return i18n._({ id: 'measure.recv-buffer', message: 'receive buffer' });
    case 'queued_bytes':
      return i18n._({ id: 'measure.queued', message: 'queued' });
    case 'delivered_bytes':
      return i18n._({ id: 'measure.delivered', message: 'delivered' });
    default:
      return metric.replace(/_/g, ' ');
  }
}

/** "cwnd of short-rtt", or the measure alone for a series of the whole run. */
const ofOwner = (measure: string, owner: string | null) =>
  owner ? i18n._({ id: 'a11y.measure-of', message: '{measure} of {owner}', values: { measure, owner } }) : measure;

/**
 * One series in one line: "cwnd of short-rtt: 41 → 369 packets, 3 cuts of 20 % or more".
 * `owner` is null for a series of the whole run; `cuts` null where cuts mean nothing.
 */
export function seriesSentence(measure: string, owner: string | null, first: string, last: string, unit: string, lowest: string, highest: string, cuts: number | null, cutPercent: number): string {
  const head = ofOwner(measure, owner);
  const u = unit ? ` ${unit}` : '';
  return cuts === null
    ? i18n._({
        id: 'a11y.series-range',
        message: '{head}: {first} → {last}{u}, lowest {lowest}, highest {highest}',
        values: { head, first, last, u, lowest, highest },
      })
    : i18n._({
        id: 'a11y.series-cuts',
        message: '{head}: {first} → {last}{u}, {cuts, plural, =0 {no cuts} one {# cut} other {# cuts}} of {cutPercent} % or more',
        values: { head, first, last, u, cuts, cutPercent },
      });
}

export const noData = (measure: string, owner: string | null) =>
  i18n._({ id: 'a11y.no-data', message: '{head}: no data yet', values: { head: ofOwner(measure, owner) } });
export const chartDataToggle = () => i18n._({ id: 'a11y.data-table', message: 'Data table' });
export const chartDataCaption = (title: string, rows: number, points: number) =>
  i18n._({
    id: 'a11y.data-caption',
    message: '{title}: {rows} rows sampled evenly in time from {points} points (the value at or just before each time)',
    values: { title, rows, points },
  });
export const timeColumn = () => i18n._({ id: 'a11y.time-column', message: 'time (s)' });
export const moreSeries = (n: number) => i18n._({ id: 'a11y.more-series', message: '{n} more series not listed', values: { n } });

/** One line of a sweep figure: "cubic: goodput 9.52 at loss 0.001 … 1.21 at loss 0.1". */
export const sweepLineSentence = (line: string, metric: string, knob: string, firstX: string, firstY: string, lastX: string, lastY: string) =>
  i18n._({
    id: 'a11y.sweep-line',
    message: '{line}: {metric} {firstY} at {knob} {firstX} … {lastY} at {knob} {lastX}',
    values: { line, metric, knob, firstX, firstY, lastX, lastY },
  });
/** A sweep table cell: the mean, ± the 95 % confidence interval when several seeds ran. */
export const sweepCell = (mean: string, ci: string | null) => (ci === null ? mean : `${mean} ± ${ci}`);
