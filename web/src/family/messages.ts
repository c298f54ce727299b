// The words of the MPTCP and QUIC views' end-of-run results (issue 30, items 7 and 11), as Lingui
// messages (issue 31 §1, docs/i18n.md).
import { i18n } from '../i18n/i18n';
import { formatInt, formatMbps, formatSeconds } from '../lib/format';

/** One size-classed transfer (ECF-3's one file): its numbers in a sentence, no distribution charts. */
export function oneTransfer(id: string, fctS: number | undefined, mbps: number | undefined): string {
  const rate = formatMbps(mbps);
  return fctS === undefined
    ? i18n._({
        id: 'family.one-transfer-running',
        message: 'One transfer ({id}): still running at the end, {rate} Mbit/s on average. With one flow there is no distribution of completion times to chart.',
        values: { id, rate },
      })
    : i18n._({
        id: 'family.one-transfer-done',
        message: 'One transfer ({id}): done in {time}, {rate} Mbit/s on average. With one flow there is no distribution of completion times to chart.',
        values: { id, rate, time: formatSeconds(fctS) },
      });
}

/** Which flows the FCT charts show: the ones the headline counts, under which flow scheduler. */
export function countedFlows(n: number, warmupS: number, scheduler: string | null): string {
  const count = formatInt(n);
  const after = warmupS > 0 ? i18n._({ id: 'family.after-warmup', message: ' that started after the {warmupS} s warm-up', values: { warmupS } }) : '';
  const under = scheduler ? i18n._({ id: 'family.under-scheduler', message: ' under flow scheduler {scheduler}', values: { scheduler } }) : '';
  return i18n._({
    id: 'family.counted-flows',
    message: '{n, plural, one {{count} finished flow} other {{count} finished flows}}{after}{under}: the flows the headline counts',
    values: { n, count, after, under },
  });
}

/** A class's curve drawn through thinned ranks. */
export function thinnedNote(): string {
  return i18n._({ id: 'family.thinned', message: 'curves drawn through 500 evenly spaced ranks of each class' });
}

/** The FCT charts' titles, naming the flow scheduler when the run has one. */
export function fctBarsTitle(scheduler: string | null): string {
  const title = i18n._({ id: 'family.fct-bars', message: 'Flow completion time by size class' });
  return scheduler ? `${title} (${scheduler})` : title;
}

export function fctCdfTitle(scheduler: string | null): string {
  const title = i18n._({ id: 'family.fct-cdf', message: 'FCT CDF per size class' });
  return scheduler ? `${title} (${scheduler})` : title;
}
