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
