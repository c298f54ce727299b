// The words of the MPTCP and QUIC views' end-of-run results (issue 30, items 7 and 11): plain
// functions returning English, kept in one place so they move into the message catalogs at once.
import { formatMbps, formatSeconds } from '../lib/format';

/** One size-classed transfer (ECF-3's one file): its numbers in a sentence, no distribution charts. */
export function oneTransfer(id: string, fctS: number | undefined, mbps: number | undefined): string {
  const done = fctS === undefined ? 'still running at the end' : `done in ${formatSeconds(fctS)}`;
  return `One transfer (${id}): ${done}, ${formatMbps(mbps)} Mbit/s on average. With one flow there is no distribution of completion times to chart.`;
}
