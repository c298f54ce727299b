// The QUIC streams view (shown when the run has QUIC flows): each stream's queued and
// delivered bytes, live (snapshot bars, and the `stream/<flow>:<name>/…` series as lines);
// which stream the scheduler picked and why (events `stream_pick`, per-stream pick counts);
// and the scheduler comparison: the same scenario and seed once per stream scheduler, each
// run to the end in a sweep worker, drawn as one latency box per scheduler per stream.
import { useMemo, useState } from 'react';
import { STREAM_SCHEDULERS, type StreamBoxes, streamBoxes, withStreamScheduler } from '../family/compare';
import { decisionLog } from '../family/decisionLog';
import { isEvent } from '../sim/flowEvents';
import { engine } from '../lib/engine';
import { formatBytes, formatInt } from '../lib/format';
import { colorFor } from '../lib/palette';
import { lab } from '../sim/controller';
import { seriesStore } from '../sim/seriesStore';
import { useLab } from '../store/store';
import type { FlowSnapshot, Summary } from '../types';
import { poolSize, runJobs, useSweepPool } from '../sweep/pool';
import { LatencyBoxPlot } from './DistributionCharts';
import { PLAIN_LINES, TimeChart, chartSeries, chartWords } from './Charts';
import { CHARTS } from '../charts/catalogue';
import type { ChartKind } from '../generated';
import type { ChartSeries } from './LineChart';
import { useLingui } from '@lingui/react';
import { useHasQuic } from './familyPresence';
import { i18n } from '../i18n/i18n';
import { stateWords } from '../inspector/messages';

const WORKERS = poolSize(STREAM_SCHEDULERS.length);
const PICKS_SHOWN = 12;


function StreamTable({ flow }: { flow: FlowSnapshot }) {
  const streams = flow.streams ?? [];
  const maxBytes = Math.max(1, ...streams.flatMap((s) => [Number(s.queued_bytes) || 0, Number(s.delivered_bytes) || 0]));
  const totalPicks = streams.reduce((n, s) => n + (Number(s.picks) || 0), 0);
  return (
    <table className="family-streams" data-testid="quic-streams" data-flow={flow.id} data-count={streams.length}>
      <caption>
        {i18n._({ id: 'quic.streams-of', message: 'Streams of {id} ({state}, cwnd {cwnd} pkts)', values: { id: flow.id, state: stateWords(flow.state), cwnd: flow.cwnd } })}
      </caption>
      <thead>
        <tr>
          <th scope="col">{i18n._({ id: 'quic.stream', message: 'stream' })}</th>
          <th scope="col" title={i18n._({
              id: 'quic.params-title',
              message: 'weight ({wfq}), priority ({abs}), urgency ({rfc}); {inc} = incremental',
              values: { wfq: 'wfq, wfq-spread, wfq-bytes', abs: 'abs', rfc: 'rfc9218', inc: i18n._({ id: 'quic.inc', message: 'inc' }) },
            })}>
            {i18n._({ id: 'quic.params', message: 'w / prio / urg' })}
          </th>
          <th scope="col">{i18n._({ id: 'quic.queued', message: 'queued' })}</th>
          <th scope="col">{i18n._({ id: 'quic.delivered', message: 'delivered' })}</th>
          <th scope="col">{i18n._({ id: 'quic.picks', message: 'picks' })}</th>
          <th scope="col">{i18n._({ id: 'quic.last-reason', message: 'last pick reason' })}</th>
        </tr>
      </thead>
      <tbody>
        {streams.map((s, i) => {
          const queued = Number(s.queued_bytes) || 0;
          const delivered = Number(s.delivered_bytes) || 0;
          const picks = Number(s.picks) || 0;
          return (
            <tr
              key={String(s.id)}
              data-testid="quic-stream"
              data-stream={String(s.name)}
              data-id={String(s.id)}
              data-queued={queued}
              data-delivered={delivered}
              data-picks={picks}
              data-reason={String(s.last_pick_reason ?? '')}
            >
              <th scope="row">
                <span className="dot" style={{ background: colorFor(i) }} aria-hidden="true" /> {String(s.name)} <span className="muted">#{String(s.id)}</span>
              </th>
              <td>
                {String(s.weight)} / {String(s.priority)} / {String(s.urgency)}
                {s.incremental ? ` ${i18n._({ id: 'quic.inc', message: 'inc' })}` : ''}
              </td>
              <td>
                <span className="share-bar" title={i18n._({ id: 'quic.queued-title', message: '{bytes} queued', values: { bytes: formatBytes(queued) } })}>
                  <span style={{ width: `${(queued / maxBytes) * 100}%`, background: colorFor(i) }} />
                </span>{' '}
                {formatBytes(queued)}
              </td>
              <td>
                <span className="share-bar" title={i18n._({ id: 'quic.delivered-title', message: '{bytes} delivered', values: { bytes: formatBytes(delivered) } })}>
                  <span style={{ width: `${(delivered / maxBytes) * 100}%`, background: colorFor(i) }} />
                </span>{' '}
                {formatBytes(delivered)}
              </td>
              <td>
                {formatInt(picks)}
                <span className="muted"> ({totalPicks > 0 ? ((picks / totalPicks) * 100).toFixed(0) : 0} %)</span>
              </td>
              <td>{String(s.last_pick_reason ?? '').replace(/_/g, ' ')}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Picks({ flow, version }: { flow: FlowSnapshot; version: number }) {
  void version; // re-render when picks arrive
  const names = new Map((flow.streams ?? []).map((s) => [Number(s.id), String(s.name)]));
  const list = typeof flow.index === 'number' ? decisionLog.recent(flow.index, PICKS_SHOWN).filter((e) => isEvent(e, 'stream_pick')) : [];
  return (
    <section className="family-decisions" data-testid="quic-picks" data-count={list.length}>
      <h3>{i18n._({ id: 'quic.picks-title', message: 'Scheduler picks (newest first)' })}</h3>
      {list.length === 0 ? (
        <p className="muted">{i18n._({ id: 'quic.no-pick', message: 'No pick yet.' })}</p>
      ) : (
        <ol>
          {list.map((e, i) => {
            const id = Number(e.stream);
            return (
              <li key={`${e.t_ns}-${i}`} data-testid="quic-pick" data-stream={names.get(id) ?? String(id)} data-reason={String(e.reason ?? '')} data-retransmission={String(e.retransmission === true)} data-t-ns={e.t_ns}>
                <span className="muted">{(e.t_ns / 1e9).toFixed(6)} s</span> <strong>{names.get(id) ?? `#${id}`}</strong> — {String(e.reason ?? '').replace(/_/g, ' ')}
                {e.retransmission === true && <span className="tag"> {i18n._({ id: 'quic.retransmission', message: 'retransmission' })}</span>}
              </li>
            );
          })}
        </ol>
      )}
      <p className="muted">{i18n._({ id: 'quic.pick-logged', message: 'A pick is logged when the choice changes (at most 50 a second).' })}</p>
    </section>
  );
}

type CompareStatus = { kind: 'idle' } | { kind: 'running'; done: number } | { kind: 'done' } | { kind: 'error'; message: string };

/** Runs the loaded scenario once per stream scheduler (same seed) and draws latency boxes. */
function SchedulerComparison() {
  const presetName = useLab((s) => s.presetName);
  const variant = useLab((s) => s.variant);
  const edits = useLab((s) => s.knobEdits);
  const seed = useLab((s) => s.seed);
  const [status, setStatus] = useState<CompareStatus>({ kind: 'idle' });
  const [runs, setRuns] = useState<{ scheduler: string; summary: Summary }[]>([]);
  // Another scenario, variant, knob setting or seed: the boxes no longer describe it.
  const { start: startPool, stop } = useSweepPool([presetName, variant, edits, seed], () => {
    setStatus({ kind: 'idle' });
    setRuns([]);
  });

  const start = async () => {
    stop();
    setRuns([]);
    setStatus({ kind: 'running', done: 0 });
    let base: string;
    try {
      const text = lab.presetText(presetName);
      if (text === undefined) throw new Error(i18n._({ id: 'quic.no-scenario', message: 'no scenario loaded' }));
      base = (await engine()).apply_knobs(text, JSON.stringify(edits), variant);
    } catch (e) {
      setStatus({ kind: 'error', message: e instanceof Error ? e.message : String(e) });
      return;
    }
    const results: ({ scheduler: string; summary: Summary } | undefined)[] = [];
    let done = 0;
    const jobs = STREAM_SCHEDULERS.map((scheduler, i) => ({ type: 'summary' as const, id: i, scenario: withStreamScheduler(base, scheduler), seed }));
    runJobs(startPool(WORKERS), jobs, (m) => {
      if (m.type === 'error') {
        setStatus({ kind: 'error', message: m.message });
        stop();
        return;
      }
      if (m.type !== 'summary') return;
      results[m.id] = { scheduler: STREAM_SCHEDULERS[m.id]!, summary: m.summary };
      done += 1;
      // Keep the schedulers' order whatever order the workers finish in.
      setRuns(results.filter((r): r is { scheduler: string; summary: Summary } => r !== undefined));
      if (done === STREAM_SCHEDULERS.length) {
        setStatus({ kind: 'done' });
        stop();
      } else {
        setStatus({ kind: 'running', done });
      }
    });
  };

  const boxes: StreamBoxes[] = useMemo(() => streamBoxes(runs), [runs]);
  const running = status.kind === 'running';
  return (
    <section className="family-compare" data-testid="quic-compare" data-status={status.kind} data-runs={runs.length}>
      <div className="sweep-head">
        <h3>{i18n._({ id: 'quic.compare-title', message: 'Message latency by stream scheduler' })}</h3>
        <button type="button" data-testid="quic-compare-run" onClick={() => void start()} disabled={running}>
          {running ? i18n._({ id: 'quic.comparing', message: 'Comparing…' }) : i18n._({ id: 'quic.compare', message: 'Compare schedulers' })}
        </button>
        {running && (
          <button
            type="button"
            data-testid="quic-compare-stop"
            onClick={() => {
              stop();
              setStatus({ kind: 'idle' });
            }}
          >
            {i18n._({ id: 'quic.stop', message: 'Stop' })}
          </button>
        )}
        <span className="muted" data-testid="quic-compare-progress">
          {status.kind === 'running' && i18n._({ id: 'quic.progress', message: '{done} / {total} runs', values: { done: status.done, total: STREAM_SCHEDULERS.length } })}
          {status.kind === 'done' && i18n._({ id: 'quic.done', message: '{schedulers}: same scenario, seed {seed}', values: { schedulers: STREAM_SCHEDULERS.join(', '), seed } })}
          {status.kind === 'idle' &&
            i18n._({ id: 'quic.idle', message: 'runs this scenario (seed {seed}) with each of {schedulers} in {workers, plural, one {# worker} other {# workers}}', values: { seed, schedulers: STREAM_SCHEDULERS.join(', '), workers: WORKERS } })}
        </span>
      </div>
      {status.kind === 'error' && (
        <p role="alert" className="error-banner" data-testid="quic-compare-error">
          {status.message}
        </p>
      )}
      {boxes.length > 0 && <LatencyBoxPlot streams={boxes} schedulers={runs.map((r) => r.scheduler)} />}
      {status.kind === 'done' && boxes.length === 0 && <p className="muted">{i18n._({ id: 'quic.no-messages', message: 'No stream of this scenario writes messages (bulk streams have no message latency).' })}</p>}
    </section>
  );
}

function streamLines(kind: ChartKind, version: number): ChartSeries[] {
  void version;
  return chartSeries(CHARTS[kind], seriesStore, PLAIN_LINES);
}

export function QuicPanel() {
  useLingui();
  const has = useHasQuic();
  const version = useLab((s) => s.seriesVersion);
  const snap = useLab((s) => s.snapshot);
  const queued = useMemo(() => streamLines('stream-queued', version), [version]);
  const delivered = useMemo(() => streamLines('stream-delivered', version), [version]);
  if (!has) return null;
  const flows = snap?.flows.filter((f) => f.streams !== undefined) ?? [];
  return (
    <section className="panel family quic" data-testid="quic-panel" data-flows={flows.length} aria-label={i18n._({ id: 'quic.title', message: 'QUIC streams' })}>
      <header className="family-head">
        <h2>{i18n._({ id: 'quic.title', message: 'QUIC streams' })}</h2>
      </header>
      <div className="charts">
        <TimeChart kind="stream-queued" {...chartWords('stream-queued')} series={queued} />
        <TimeChart kind="stream-delivered" {...chartWords('stream-delivered')} series={delivered} />
      </div>
      {flows.length === 0 && <p className="muted">{i18n._({ id: 'quic.press-play', message: 'Press Play or Step to see the streams.' })}</p>}
      {flows.map((f) => (
        <div className="family-row quic-row" key={f.id}>
          <StreamTable flow={f} />
          <Picks flow={f} version={decisionLog.version} />
        </div>
      ))}
      <SchedulerComparison />
    </section>
  );
}
