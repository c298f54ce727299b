// The congestion controller's state over time, one band per flow (BBR: STARTUP, DRAIN,
// PROBE_BW, PROBE_RTT; CUBIC/Reno: slow start, avoidance, recovery, loss). The engine reports
// the state as an index into the series' `states` names; consecutive equal samples merge into
// one segment, so a long run draws a handful of rectangles, not one per sample.
import { scaleLinear } from 'd3-scale';
import { useMemo } from 'react';
import { colorFor } from '../lib/palette';
import { seriesStore } from '../sim/seriesStore';
import { timeSpan } from '../store/state';
import { useLab } from '../store/store';
import { useUi } from '../store/ui';
import { useSize } from './LineChart';
import { mptcpConnections } from './familyPresence';
import { outsideLifetime } from '../lib/lifetime';
import { useLingui } from '@lingui/react';
import { i18n } from '../i18n/i18n';
import { stateWords } from '../inspector/messages';

export interface Segment {
  t0: number;
  t1: number;
  state: number;
}

/** Merge (t, state) samples into segments; each lasts until the next sample's time. */
export function segments(points: readonly { t: number; v: number }[], end: number): Segment[] {
  const out: Segment[] = [];
  for (const p of points) {
    const last = out[out.length - 1];
    if (last && last.state === p.v) continue;
    if (last) last.t1 = p.t;
    out.push({ t0: p.t, t1: p.t, state: p.v });
  }
  const last = out[out.length - 1];
  if (last) last.t1 = Math.max(last.t0, end);
  return out;
}

/**
 * Bands drawn: the first flows, like the live table. Every band re-merges its whole series on
 * each tick, so with 100 flows this view alone kept the page's main thread busy.
 */
const TIMELINE_MAX = 12;
const GAP = 6;
/** Band height, label column and label size: the page's, and projector mode's (an 18 px page). */
const SIZES = { normal: { BAND: 18, LEFT: 90, FONT: 12 }, projector: { BAND: 24, LEFT: 130, FONT: 17 } };
/** Connections named in the note before "and N more". */
const NAMED_MAX = 3;

/**
 * Why a loaded run has no state bands. MPTCP connections report each subflow's window but no
 * controller state (the ECF-3 presets have nothing else), and an empty box reads as broken.
 */
export function noStateNote(mptcp: readonly string[], finished: boolean): string {
  if (mptcp.length === 0) {
    return finished
      ? i18n._({ id: 'timeline.no-state-run', message: 'No flow in this run reports a controller state.' })
      : i18n._({ id: 'timeline.no-state-yet', message: 'No flow has reported a controller state yet.' });
  }
  const quoted = mptcp.slice(0, NAMED_MAX).map((m) => `“${m}”`);
  const names = quoted.join(', ');
  const more = mptcp.length - NAMED_MAX;
  const named = more > 0 ? i18n._({ id: 'timeline.and-more', message: '{names} and {more} more', values: { names, more } }) : names;
  return i18n._({
    id: 'timeline.mptcp-no-state',
    message:
      "No controller state to show: {count, plural, one {the MPTCP connection {named} reports} other {the MPTCP connections {named} report}} no controller state, only each subflow's congestion window (see the MPTCP panel below).",
    values: { count: mptcp.length, named },
  });
}

export function StateTimeline() {
  useLingui();
  const version = useLab((s) => s.seriesVersion);
  const duration = useLab(timeSpan);
  const timeWindow = useLab((s) => s.timeWindow);
  const loaded = useLab((s) => s.runId > 0);
  const finished = useLab((s) => s.run === 'finished');
  const [ref, size] = useSize<HTMLDivElement>();
  const projector = useUi((s) => s.projector);
  const all = useMemo(() => seriesStore.select('flow', 'state'), [version]);
  // Runs with many flows are drawn as aggregates (worker/aggregate.ts): then the worker sends
  // the state of the top flows only, and the caption says so.
  const aggregate = useLab((s) => s.columns[0]?.aggregate ?? null);
  const rows = useMemo(
    () =>
      all.slice(0, TIMELINE_MAX).map((s) => ({
        owner: s.meta.owner,
        names: s.meta.states ?? [],
        segs: segments(s.buf.toArray(), s.buf.lastT),
      })),
    [all],
  );
  // Every controller state name any flow uses, for one shared colour key; "not started" and
  // "done" (outside the flow's lifetime) are drawn as an outline, not as a state.
  const names = useMemo(() => [...new Set(rows.flatMap((r) => r.names))].filter((n) => !outsideLifetime(n)), [rows]);
  const note = useMemo(() => (rows.length === 0 ? noStateNote(mptcpConnections(), finished) : null), [rows, finished]);
  const [x0, x1] = timeWindow ?? [0, duration || 1];
  const { BAND, LEFT, FONT } = SIZES[projector ? 'projector' : 'normal'];
  const x = scaleLinear().domain([x0, x1]).range([LEFT, Math.max(LEFT + 10, size.width - 14)]).clamp(true);
  const height = rows.length * (BAND + GAP) + GAP;
  const total = rows.reduce((n, r) => n + r.segs.length, 0);
  return (
    <figure
      className="chart state-timeline"
      data-testid="state-timeline"
      data-segments={total}
      data-flows={all.length}
      hidden={!loaded}
    >
      <figcaption>
        <span className="chart-title">{i18n._({ id: 'timeline.title', message: 'Controller state per flow' })}</span>
        {aggregate ? (
          <span className="muted hint" data-testid="state-timeline-top">
            {' '}
            {i18n._({ id: 'timeline.top', message: 'the {shown} flows with most goodput (and any picked) of {total}', values: { shown: all.length, total: aggregate.flows.length } })}
          </span>
        ) : (
          all.length > rows.length && (
            <span className="muted hint">
              {' '}
              {i18n._({ id: 'timeline.first', message: 'first {shown} of {total} flows', values: { shown: rows.length, total: all.length } })}
            </span>
          )
        )}
      </figcaption>
      {note !== null && (
        <p className="muted" data-testid="state-timeline-note">
          {note}
        </p>
      )}
      <div ref={ref} className="timeline-body" hidden={note !== null}>
        <svg width={size.width} height={height} role="img" aria-label={i18n._({ id: 'timeline.svg-label', message: 'Controller state per flow over simulated time' })}>
          {rows.map((r, i) => {
            const y = GAP + i * (BAND + GAP);
            return (
              <g key={r.owner} data-flow={r.owner}>
                <text x={LEFT - 6} y={y + BAND / 2} dy="0.35em" textAnchor="end" className="timeline-label" style={{ fontSize: FONT }}>
                  {r.owner}
                </text>
                {r.segs.map((s, k) => {
                  const name = r.names[s.state] ?? '?';
                  const w = Math.max(1, x(s.t1) - x(s.t0));
                  const idle = outsideLifetime(name);
                  return (
                    <rect
                      key={k}
                      x={x(s.t0)}
                      y={y}
                      width={w}
                      height={BAND}
                      className={idle ? 'state-idle' : undefined}
                      fill={idle ? 'none' : colorFor(names.indexOf(name))}
                      data-state={name}
                      data-t0={s.t0}
                      data-t1={s.t1}
                    >
                      <title>{`${r.owner}: ${stateWords(name)}, ${s.t0.toFixed(3)}–${s.t1.toFixed(3)} s`}</title>
                    </rect>
                  );
                })}
              </g>
            );
          })}
        </svg>
      </div>
      <ul className="legend" aria-label={i18n._({ id: 'timeline.states', message: 'States' })}>
        {names.map((n, i) => (
          <li key={n}>
            <span className="swatch state-swatch" style={{ borderColor: colorFor(i) }} aria-hidden="true" />
            {stateWords(n)}
          </li>
        ))}
        {rows.some((r) => r.segs.some((g) => outsideLifetime(r.names[g.state]))) && (
          <li key="idle">
            <span className="swatch state-swatch state-idle" aria-hidden="true" />
            {i18n._({ id: 'timeline.idle', message: 'not started / done (no controller state)' })}
          </li>
        )}
      </ul>
    </figure>
  );
}
