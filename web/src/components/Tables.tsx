// The live per-flow read-out and the end-of-run summary.
import { formatBytes, formatInt, formatMbps, formatPercent, formatRtt, formatSeconds } from '../lib/format';
import { headlineItems } from '../lib/headline';
import { currentPreset } from '../store/state';
import { outsideLifetime } from '../lib/lifetime';
import { useLab } from '../store/store';
import type { HeadlineName, Summary } from '../types';
import { InspectButton } from './InspectButton';
import { firstSummary } from '../store/run';
import { useLingui } from '@lingui/react';
import { headlineTitle } from '../lib/headline';
import { stateWords } from '../inspector/stateWords';

/** Many-flow presets (50 flows) would push the page down: show the first few live. */
const LIVE_MAX = 12;

export function LiveTable() {
  const { i18n } = useLingui();
  const snap = useLab((s) => s.snapshot);
  const topology = useLab((s) => s.topology);
  if (!snap || snap.flows.length === 0) return null;
  // Snapshot flows come in the topology's order; fall back to it for the name.
  const name = (id: string, i: number) => (id !== '' ? id : (topology?.flows[i]?.id ?? i18n._({ id: 'table.flow-n', message: 'flow {i}', values: { i } })));
  return (
    <section className="panel live" aria-label={i18n._({ id: 'table.live-label', message: 'Live flow state' })}>
      <table data-testid="live">
        <caption>{i18n._({ id: 'table.now', message: 'Now (t = {t})', values: { t: formatSeconds(snap.t_s) } })}</caption>
        <thead>
          <tr>
            <th scope="col">{i18n._({ id: 'table.flow', message: 'flow' })}</th>
            <th scope="col">{i18n._({ id: 'table.cwnd', message: 'cwnd (pkts)' })}</th>
            <th scope="col">{i18n._({ id: 'table.inflight', message: 'in flight' })}</th>
            <th scope="col">sRTT (ms)</th>
            <th scope="col">{i18n._({ id: 'table.pacing', message: 'pacing (Mbit/s)' })}</th>
            <th scope="col">{i18n._({ id: 'table.state', message: 'state' })}</th>
          </tr>
        </thead>
        <tbody>
          {snap.flows.slice(0, LIVE_MAX).map((f, i) => (
            <tr key={i} data-flow={name(f.id, i)}>
              <th scope="row">
                <InspectButton selection={{ kind: 'flow', id: name(f.id, i) }}>{name(f.id, i)}</InspectButton>
              </th>
              {outsideLifetime(f.state) ? (
                // Not started or done: no window, flight, RTT or pacing to show.
                <>
                  <td>–</td>
                  <td>–</td>
                  <td>–</td>
                  <td>–</td>
                </>
              ) : (
                <>
                  <td>{f.cwnd.toFixed(1)}</td>
                  <td>{formatInt(f.inflight)}</td>
                  <td>{formatRtt(f.srtt_ms)}</td>
                  <td>{formatMbps(f.pacing_rate_mbps)}</td>
                </>
              )}
              <td data-testid="live-state">{stateWords(f.state)}</td>
            </tr>
          ))}
          {(snap.flows_total ?? snap.flows.length) > LIVE_MAX && (
            <tr>
              <td colSpan={6} className="muted">
                {i18n._({ id: 'table.more-flows', message: '… and {n} more flows (all of them in the summary at the end)', values: { n: (snap.flows_total ?? snap.flows.length) - LIVE_MAX } })}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}

/** The preset's headline names (none: Jain's index). */
function useHeadlineNames(): readonly HeadlineName[] {
  const names = useLab((s) => currentPreset(s)?.headline);
  return names && names.length > 0 ? names : DEFAULT_HEADLINE;
}
const DEFAULT_HEADLINE: readonly HeadlineName[] = ['jain'];

/** What the preset is about, first and large (lib/headline.ts computes it from the summary). */
function Headline({ summary }: { summary: Summary }) {
  const names = useHeadlineNames();
  const topology = useLab((s) => s.topology);
  const items = headlineItems(names, summary, topology);
  return (
    <div className="headline" data-testid="headline" data-headline={items.map((i) => i.name).join(' ')}>
      {items.map((it) => (
        <section key={it.name} className="headline-item" data-headline-item={it.name} data-context={it.context ?? ''} aria-label={it.title}>
          <h3>
            {it.title}
            {it.context && <span className="headline-context"> · {it.context}</span>}
          </h3>
          <dl>
            {it.rows.map((r) => (
              <div key={r.key} className="headline-row" data-key={r.key} data-value={r.value ?? ''} {...dataAttrs(r.data)}>
                <dt>{r.label}</dt>
                <dd>
                  <strong className="headline-value" data-testid={it.name === 'jain' ? 'jain' : undefined}>
                    {r.display}
                  </strong>
                  {r.detail && <span className="headline-detail"> {r.detail}</span>}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}

/**
 * The headline at the top of the lab (issue 30, item 12): under the run controls, where it is
 * on screen at 1280×800 without scrolling past the picture and eight charts. While the run
 * plays it says which numbers will come; they are the run's summary, so they appear at its end.
 */
export function HeadlinePanel() {
  const { i18n } = useLingui();
  const summary = useLab(firstSummary);
  const loaded = useLab((s) => s.topology !== null);
  const names = useHeadlineNames();
  if (summary) {
    return (
      <section className="headline-panel" data-testid="headline-panel" data-state="final" aria-label={i18n._({ id: 'table.headline', message: 'Headline result' })}>
        <Headline summary={summary} />
      </section>
    );
  }
  if (!loaded) return null;
  return (
    <section className="headline-panel" data-testid="headline-panel" data-state="pending" aria-label={i18n._({ id: 'table.headline', message: 'Headline result' })}>
      <p className="muted">{i18n._({ id: 'table.headline-pending', message: 'Headline result ({names}): at the end of the run.', values: { names: names.map(headlineTitle).join(i18n._({ id: 'table.list-sep', message: ', ' })) } })}</p>
    </section>
  );
}

function dataAttrs(data: Record<string, string | number> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(data ?? {})) out[`data-${k}`] = String(v);
  return out;
}

export function SummaryTable() {
  const { i18n } = useLingui();
  const summary = useLab(firstSummary);
  if (!summary) return null;
  return (
    <section className="panel summary" data-testid="summary" data-jain={summary.jain ?? ''} data-digest={summary.digest ?? ''} data-duration={summary.duration_s} data-seed={summary.seed} aria-label={i18n._({ id: 'table.summary-label', message: 'Run summary' })}>
      <header className="summary-head">
        <h2>{i18n._({ id: 'table.summary', message: 'Summary' })}</h2>
        <p className="muted">
          <code>{summary.scenario}</code> ·{' '}
          {i18n._({
            id: 'table.summary-details',
            message: 'seed {seed}, {duration} simulated, {events} events in {wall} · engine {engine}',
            values: { seed: summary.seed, duration: formatSeconds(summary.duration_s), events: formatInt(summary.events), wall: formatSeconds(summary.wall_s), engine: summary.engine_version },
          })}
        </p>
        {summary.aborted && (
          <p className="aborted" data-testid="aborted">
            <strong>{i18n._({ id: 'table.stopped-early', message: 'Stopped early:' })}</strong> {summary.aborted}
          </p>
        )}
      </header>
      <div className="summary-tables">
        <table data-testid="summary-flows">
          <caption>{i18n._({ id: 'table.flows', message: 'Flows' })}</caption>
          <thead>
            <tr>
              <th scope="col">{i18n._({ id: 'table.flow', message: 'flow' })}</th>
              <th scope="col">{i18n._({ id: 'table.cc', message: 'congestion control' })}</th>
              <th scope="col">{i18n._({ id: 'table.start', message: 'start (s)' })}</th>
              <th scope="col">FCT (s)</th>
              <th scope="col">{i18n._({ id: 'table.goodput', message: 'goodput (Mbit/s)' })}</th>
              <th scope="col">{i18n._({ id: 'table.sent', message: 'sent' })}</th>
              <th scope="col">{i18n._({ id: 'table.retransmitted', message: 'retransmitted' })}</th>
            </tr>
          </thead>
          <tbody>
            {summary.flows.map((f) => (
              <tr key={f.id} data-flow={f.id}>
                <th scope="row">
                  <InspectButton selection={{ kind: 'flow', id: f.id }}>{f.id}</InspectButton>
                </th>
                <td>{f.scheduler ? `${f.cc} / ${f.scheduler}` : f.cc}</td>
                <td>{f.start_s.toFixed(2)}</td>
                <td>{typeof f.fct_s === 'number' ? f.fct_s.toFixed(3) : '–'}</td>
                <td>{formatMbps(f.goodput_mbps)}</td>
                <td>{formatInt(f.sent_packets)}</td>
                <td>{formatInt(f.retransmitted_packets)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table data-testid="summary-links">
          <caption>{i18n._({ id: 'table.links', message: 'Links' })}</caption>
          <thead>
            <tr>
              <th scope="col">{i18n._({ id: 'table.link', message: 'link' })}</th>
              <th scope="col">{i18n._({ id: 'table.rate', message: 'rate (Mbit/s)' })}</th>
              <th scope="col">{i18n._({ id: 'table.utilisation', message: 'utilisation' })}</th>
              <th scope="col">{i18n._({ id: 'table.drops', message: 'drops' })}</th>
              <th scope="col">{i18n._({ id: 'table.max-queue', message: 'max queue' })}</th>
            </tr>
          </thead>
          <tbody>
            {summary.links.map((l) => (
              <tr key={l.id} data-link={l.id}>
                <th scope="row">
                  <InspectButton selection={{ kind: 'link', id: l.id }}>{l.id}</InspectButton>
                </th>
                <td>{formatMbps(l.rate_mbps)}</td>
                <td>{formatPercent(l.utilization)}</td>
                <td>{formatInt(l.drops)}</td>
                <td>{formatBytes(l.max_queue_bytes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <details className="summary-json">
        <summary>{i18n._({ id: 'table.summary-json', message: 'Summary JSON (as the CLI prints it with --json)' })}</summary>
        <pre data-testid="summary-json">{JSON.stringify(summary, null, 2)}</pre>
      </details>
    </section>
  );
}
