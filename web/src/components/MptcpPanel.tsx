// The MPTCP view (shown when the run has MPTCP flows): for one connection, each subflow's
// congestion window (series `flow/<id>@p<n>/cwnd`), its share of the data bytes, the
// connection-level receive-buffer occupancy (head-of-line blocking, series `recv_buffer`) and
// the packet scheduler's latest decisions with the terms of the inequality that decided them
// (events `mptcp_sched`). After the run: long-flow and mean throughput and FCT per size class
// as bars (summary `fct_by_class`) and CDFs (the listed flows' `fct_s` by `size_class`).
import { useMemo, useRef, useState } from 'react';
import { decisionLog } from '../family/decisionLog';
import { subflowPath } from '../family/series';
import { fctSample, sortClasses } from '../family/stats';
import { formatBytes, formatMbps, formatPercent } from '../lib/format';
import { colorFor } from '../lib/palette';
import { flowEvents } from '../sim/flowEvents';
import { seriesStore } from '../sim/seriesStore';
import { labStore, useLab } from '../store/store';
import type { EngineEvent, FlowSnapshot, SubflowSnapshot, Summary, TimeWindow } from '../types';
import { FctBars, FctCdf, fctBarValues } from './DistributionCharts';
import { type ChartSeries, LineChart } from './LineChart';

const setWindow = (window: TimeWindow) => labStore.dispatch({ type: 'zoomTime', window });
/** Decisions listed (newest first). */
const DECISIONS_SHOWN = 12;

/** The MPTCP connections that have series (their owners of `recv_buffer`), in engine order. */
function chartedFlows(): string[] {
  return seriesStore.select('flow', 'recv_buffer').map((s) => s.meta.owner);
}

/** Does the loaded run have MPTCP flows? (series at load, live state, or the summary) */
export function useHasMptcp(): boolean {
  const version = useLab((s) => s.seriesVersion);
  const live = useLab((s) => s.snapshot?.flows.some((f) => f.subflows !== undefined) ?? false);
  const done = useLab((s) => s.summary?.flows.some((f) => f.kind === 'mptcp') ?? false);
  const charted = useMemo(() => chartedFlows().length > 0, [version]);
  return charted || live || done;
}

function term(v: number): string {
  return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(5)));
}

function Decisions({ index, version }: { index: number | null; version: number }) {
  // `version` re-renders the list when decisions arrive.
  void version;
  const list: EngineEvent[] = index === null ? [] : decisionLog.recent(index, DECISIONS_SHOWN);
  return (
    <section className="family-decisions" data-testid="mptcp-decisions" data-count={list.length}>
      <h3>Scheduler decisions (newest first)</h3>
      {list.length === 0 ? (
        <p className="muted">No decision yet.</p>
      ) : (
        <ol>
          {list.map((e, i) => {
            const path = typeof e.path === 'number' ? e.path : null;
            const terms = Array.isArray(e.terms) ? (e.terms as { name: string; value: number }[]) : [];
            return (
              <li key={`${e.t_ns}-${i}`} data-testid="mptcp-decision" data-reason={String(e.reason ?? '')} data-path={path ?? ''} data-t-ns={e.t_ns}>
                <span className="muted">{(e.t_ns / 1e9).toFixed(6)} s</span>{' '}
                <strong>{path === null ? 'wait' : `path ${path}`}</strong> — {String(e.reason ?? '')}
                {terms.length > 0 && (
                  <span className="terms">
                    {' '}
                    [
                    {terms.map((t, k) => (
                      <span key={t.name} data-term={t.name} data-value={t.value}>
                        {k > 0 ? ', ' : ''}
                        {t.name} = {term(t.value)}
                      </span>
                    ))}
                    ]
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function Shares({ subflows, final }: { subflows: { path: number; bytes_share: number; cwnd?: number; srtt_ms?: number }[]; final: boolean }) {
  return (
    <section className="family-shares" data-testid="mptcp-subflows" data-count={subflows.length} data-final={final}>
      <h3>Share of the data bytes per subflow{final ? ' (whole run)' : ''}</h3>
      <ul>
        {subflows.map((s) => (
          <li key={s.path} data-testid="mptcp-subflow" data-path={s.path} data-share={s.bytes_share}>
            <span className="share-label">path {s.path}</span>
            <span className="share-bar" aria-hidden="true">
              <span style={{ width: `${Math.min(100, Math.max(0, s.bytes_share * 100))}%`, background: colorFor(s.path - 1) }} />
            </span>
            <span className="share-value">{formatPercent(s.bytes_share)}</span>
            {s.cwnd !== undefined && (
              <span className="muted">
                {' '}
                cwnd {s.cwnd}, sRTT {s.srtt_ms?.toFixed(1)} ms
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Throughput({ summary }: { summary: Summary | null }) {
  if (!summary || summary.fct_by_class === undefined) return null;
  const classes = sortClasses(Object.keys(summary.fct_by_class).filter((c) => c !== 'all'));
  const warmup = summary.warmup_s ?? 0;
  const sample = fctSample(summary.flows, warmup);
  const unlisted = summary.flows_unlisted ?? 0;
  const note = sample.inWarmup
    ? `CDF of the ${sample.n} listed flows: the first arrivals, all in the ${warmup} s warm-up (${unlisted} more not listed); the bars count the flows after it`
    : unlisted > 0
      ? `CDF of the ${sample.n} listed flows (${unlisted} more not listed; the bars count all)`
      : undefined;
  return (
    <section className="family-results" data-testid="mptcp-results">
      <dl className="fields">
        <dt>long-flow throughput (G3)</dt>
        <dd data-testid="mptcp-long-mbps" data-value={summary.long_flow_mbps ?? ''}>
          {formatMbps(summary.long_flow_mbps)} Mbit/s
        </dd>
        <dt>mean flow throughput</dt>
        <dd data-testid="mptcp-mean-mbps" data-value={summary.mean_flow_mbps ?? ''}>
          {formatMbps(summary.mean_flow_mbps)} Mbit/s
        </dd>
      </dl>
      <div className="charts">
        <FctBars byClass={summary.fct_by_class} classes={classes} />
        {/* The bars' FCTs widen the CDF's axis, so both charts cover the same FCTs. */}
        <FctCdf fcts={sample.fcts} span={fctBarValues(summary.fct_by_class, classes)} note={note} />
      </div>
    </section>
  );
}

export function MptcpPanel() {
  const has = useHasMptcp();
  const version = useLab((s) => s.seriesVersion);
  const duration = useLab((s) => s.duration);
  const timeWindow = useLab((s) => s.timeWindow);
  const snap = useLab((s) => s.snapshot);
  const summary = useLab((s) => s.summary);
  const selection = useLab((s) => s.selection);
  const runId = useLab((s) => s.runId);
  const [picked, setPicked] = useState<{ runId: number; id: string } | null>(null);

  const charted = useMemo(() => chartedFlows(), [version]);
  const live: FlowSnapshot[] = snap?.flows.filter((f) => f.subflows !== undefined) ?? [];
  const options = charted.length > 0 ? charted : live.map((f) => f.id);
  // Which connection: the user's pick, else the one selected in the inspector, else the first
  // one sending now (short flows come and go), else the first.
  const selected = selection && (selection.kind === 'flow' ? selection.id : selection.kind === 'subflow' ? selection.flow : null);
  const sending = live.find((f) => f.state !== 'done' && f.state !== 'waiting' && options.includes(f.id))?.id;
  const flow =
    (picked?.runId === runId && options.includes(picked.id) ? picked.id : undefined) ??
    (selected && options.includes(selected) ? selected : undefined) ??
    sending ??
    options[0] ??
    null;
  const f = live.find((x) => x.id === flow);
  // Flow index by id, remembered past a flow's end so its decisions stay listed.
  const indices = useRef<{ runId: number; map: Map<string, number> }>({ runId, map: new Map() });
  if (indices.current.runId !== runId) indices.current = { runId, map: new Map() };
  for (const x of live) if (typeof x.index === 'number') indices.current.map.set(x.id, x.index);
  const index = (flow !== null ? indices.current.map.get(flow) : undefined) ?? null;

  const cwnd: ChartSeries[] = useMemo(() => {
    if (flow === null) return [];
    return seriesStore
      .select('flow', 'cwnd')
      .map((s) => ({ s, path: subflowPath(s.meta.owner, flow) }))
      .filter((x): x is { s: (typeof x)['s']; path: number } => x.path !== null)
      .map(({ s, path }) => ({ key: s.meta.key, label: `path ${path}`, color: colorFor(path - 1), buf: s.buf }));
  }, [version, flow]);
  const recv: ChartSeries[] = useMemo(() => {
    const s = flow === null ? undefined : seriesStore.select('flow', 'recv_buffer').find((x) => x.meta.owner === flow);
    return s ? [{ key: s.meta.key, label: `${flow} receive buffer`, color: colorFor(3), buf: s.buf, factor: 1e-3 }] : [];
  }, [version, flow]);

  if (!has) return null;
  // The flow scheduler's choice of paths when the connection started (FSFS: by size class).
  const chosen = index !== null ? flowEvents.latestFor(index).find((e) => e.type === 'mptcp_paths') : undefined;
  const chosenPaths = Array.isArray(chosen?.paths) ? (chosen.paths as number[]) : null;
  const done = summary?.flows.find((x) => x.id === flow);
  // The snapshot types subflows generically; MPTCP's entries are SubflowSnapshot.
  const subflows: (SubflowSnapshot | { path: number; bytes_share: number })[] = (f?.subflows as SubflowSnapshot[] | undefined) ?? done?.subflows ?? [];

  return (
    <section className="panel family mptcp" data-testid="mptcp-panel" data-flow={flow ?? ''} data-flow-index={index ?? ''} data-subflows={subflows.length} aria-label="MPTCP">
      <header className="family-head">
        <h2>MPTCP</h2>
        <label>
          connection{' '}
          <select data-testid="mptcp-flow" value={flow ?? ''} onChange={(e) => setPicked({ runId, id: e.target.value })}>
            {options.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        </label>
        <span className="muted" data-testid="mptcp-state" data-state={f?.state ?? ''}>
          {f ? `${f.state}, receive buffer ${formatBytes(f.recv_buffer_bytes)}` : flow ? 'not running now' : ''}
        </span>
        {chosenPaths && (
          <span className="muted" data-testid="mptcp-paths" data-paths={chosenPaths.join(',')} data-class={String(chosen?.size_class ?? '')}>
            flow scheduler: size class {String(chosen?.size_class ?? '?')} → path{chosenPaths.length > 1 ? 's' : ''} {chosenPaths.join(', ')}
          </span>
        )}
      </header>
      <div className="charts">
        <LineChart
          testId="chart-subflow-cwnd"
          title={`Congestion window per subflow${flow ? ` (${flow})` : ''}`}
          xLabel="simulated time (s)"
          yLabel="cwnd (packets)"
          xMax={duration}
          timeWindow={timeWindow}
          onWindow={setWindow}
          series={cwnd}
          version={version}
          emptyText="No subflow series for this connection"
        />
        <LineChart
          testId="chart-recv-buffer"
          title="Receive buffer: data held out of order"
          xLabel="simulated time (s)"
          yLabel="occupancy (kB)"
          xMax={duration}
          timeWindow={timeWindow}
          onWindow={setWindow}
          series={recv}
          version={version}
          emptyText="No receive-buffer series for this connection"
        />
      </div>
      <div className="family-row">
        <Shares subflows={subflows} final={!f && done !== undefined} />
        <Decisions index={index} version={decisionLog.version} />
      </div>
      <Throughput summary={summary} />
    </section>
  );
}
