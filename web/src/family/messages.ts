// The words of the MPTCP and QUIC views' end-of-run results (issue 30, items 7 and 11): plain
// functions returning English, kept in one place so they move into the message catalogs at once.
import { formatInt, formatMbps, formatSeconds } from '../lib/format';

/** One size-classed transfer (ECF-3's one file): its numbers in a sentence, no distribution charts. */
export function oneTransfer(id: string, fctS: number | undefined, mbps: number | undefined): string {
  const done = fctS === undefined ? 'still running at the end' : `done in ${formatSeconds(fctS)}`;
  return `One transfer (${id}): ${done}, ${formatMbps(mbps)} Mbit/s on average. With one flow there is no distribution of completion times to chart.`;
}

/** Which flows the FCT charts show: the ones the headline counts, under which flow scheduler. */
export function countedFlows(n: number, warmupS: number, scheduler: string | null): string {
  const after = warmupS > 0 ? ` that started after the ${warmupS} s warm-up` : '';
  const under = scheduler ? ` under flow scheduler ${scheduler}` : '';
  return `${formatInt(n)} finished flow${n === 1 ? '' : 's'}${after}${under}: the flows the headline counts`;
}

/** A class's curve drawn through thinned ranks. */
export function thinnedNote(): string {
  return 'curves drawn through 500 evenly spaced ranks of each class';
}

/** The FCT charts' titles, naming the flow scheduler when the run has one. */
export function fctBarsTitle(scheduler: string | null): string {
  return `Flow completion time by size class${scheduler ? ` (${scheduler})` : ''}`;
}

export function fctCdfTitle(scheduler: string | null): string {
  return `FCT CDF per size class${scheduler ? ` (${scheduler})` : ''}`;
}
