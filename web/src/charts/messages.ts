// Words of the lab's charts added for issue 30 (item 10), as Lingui messages (issue 31 §1,
// docs/i18n.md).
import { i18n } from '../i18n/i18n';

/** The legend entry of the throughput chart's dashed guide. */
export function capacityGuide(mbps: readonly number[]): string {
  const rates = mbps.map((m) => Number(m.toPrecision(4))).join(', ');
  return i18n._({ id: 'chart.capacity-guide', message: 'bottleneck rate ({rates} Mbit/s)', values: { rates } });
}

/** The legend entry of the ▲ markers: what a point above the bottleneck rate is. */
export function burstNote(count: number, windowText: string): string {
  return i18n._({
    id: 'chart.burst-note',
    message:
      '{count, plural, one {# burst} other {# bursts}} above the bottleneck rate: data held back while a loss was repaired, delivered in order at once and averaged over {windowText}, not the link running faster',
    values: { count, windowText },
  });
}

/** The averaging window in words: "80 ms", "1.5 s". */
export function windowWords(s: number): string {
  return s < 1 ? `${Math.round(s * 1000)} ms` : `${s.toFixed(1)} s`;
}

/** The aggregate view of a run with generated flows that have no time series (issue 30, item 7). */
export function unchartedFlowsNote(charted: number): string {
  return i18n._({
    id: 'chart.uncharted-flows',
    message:
      'Lines: the {charted} flows with time series (the background flows and the first listed arrivals). The other generated flows have none: the FCT charts of the MPTCP panel show the flows the headline counts.',
    values: { charted },
  });
}

/**
 * A series owner as a legend names it. The worker names the many-flow view's groups in English
 * (worker/aggregate.ts: "path 2 (13)", "via bottleneck (40)", "others (12)", "other groups (5)")
 * because it has no catalog; an aggregate series (key `agg/…`) is named here in the page's
 * language. Group names that are data (a size class "G0", an algorithm "cubic") and every other
 * owner (a flow id) read as they are.
 */
export function ownerWords(meta: { key: string; owner: string }): string {
  if (!meta.key.startsWith('agg/')) return meta.owner;
  const m = /^(.*) \((\d+)\)$/.exec(meta.owner);
  if (!m) return meta.owner;
  const [, name, n] = m as unknown as [string, string, string];
  const count = Number(n);
  let words: RegExpExecArray | null;
  if ((words = /^path (\d+)$/.exec(name))) return i18n._({ id: 'chart.group-path', message: 'path {path} ({count})', values: { path: words[1], count } });
  if ((words = /^via (.+)$/.exec(name))) return i18n._({ id: 'chart.group-via', message: 'via {link} ({count})', values: { link: words[1], count } });
  if (name === 'others') return i18n._({ id: 'chart.group-others', message: 'others ({count})', values: { count } });
  if (name === 'other groups') return i18n._({ id: 'chart.group-other-groups', message: 'other groups ({count})', values: { count } });
  if (name === 'other') return i18n._({ id: 'chart.group-other', message: 'other ({count})', values: { count } });
  return meta.owner;
}
