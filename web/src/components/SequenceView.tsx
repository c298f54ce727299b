// The sequence/time diagram of one flow (issue 16): the textbook picture of a connection —
// sender's axis left, receiver's right, time downward; data segments slanted left to right,
// labelled by sequence number, ACKs back in a lighter shade, losses as a line ending in a
// cross where the packet was lost, retransmissions in their own colour, RTO / fast-retransmit
// / PTO markers on the sender's axis. Geometry in charts/sequence.ts; the packets come from the
// engine's per-packet trace of the flow (sim/trace.rs) through the worker's 'trace' request.
//
// Which window (charts/sequenceWindow.ts, issue 32): it opens on a readable one — the first loss
// of the trace and its recovery, or the first round trips without a loss; the time brush (or a
// chart's zoom) sets it while the shared window is zoomed; the zoom buttons, the wheel or "follow
// the clock" make it end at the simulated time on screen (following the run while it plays,
// jumping with a seek) spanning a few round trips. At most SEQ_BUDGET lines are drawn: past that
// the engine samples every k-th packet (drops and retransmissions always kept) and the view
// says so.
//
// The flow's tracing starts when the view first asks; the worker keeps it for backward seeks
// and reloads (which re-run from t = 0, so the trace then covers the whole run), and "Trace
// from t = 0" re-runs to the time on screen for that (the run is deterministic: same state).
// Closing the view turns tracing off (no cost when nobody looks).
//
// Where the ordinary lines of a direction would be denser than the pixel rows, they are drawn
// as bands with counts (charts/sequenceBands.ts); losses and retransmissions stay lines.
import { scaleLinear } from 'd3-scale';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type SeqLine, linesOf, markersOf, pathsOf, zoomSpan } from '../charts/sequence';
import { bandLines } from '../charts/sequenceBands';
import { type SeqWindowMode, brushWindow, firstLoss, readableWindow } from '../charts/sequenceWindow';
import * as winMsg from '../charts/sequenceWindowMessages';
import type { TraceWindow } from '../generated';
import * as msg from '../lesson/messages';
import { dropForLine } from '../lesson/drop';
import { followRequestForLine } from '../follow/pick';
import * as followMsg from '../follow/messages';
import { colorFor } from '../lib/palette';
import { lab } from '../sim/controller';
import { labStore, useLab } from '../store/store';
import { useSize } from './LineChart';
import { i18n } from '../i18n/i18n';

/** Lines drawn at most (the engine samples beyond it). */
export const SEQ_BUDGET = 2000;
/** Default window: this many base round trips of the flow. */
const DEFAULT_RTTS = 4;
/** Data lines labelled with their sequence number when no more than this many are drawn. */
const LABEL_MAX = 60;
const HEIGHT = 460;
/** Trace requests are at least this far apart (ms). */
const ASK_EVERY_MS = 100;
/** Records asked for when looking for the first loss over the whole trace (losses and retransmissions are always all returned). */
const SCAN_BUDGET = 200;
const MARGIN = { top: 28, bottom: 16, side: 90 };

const COLORS = { data: '#0072B2', ack: '#6fa3cc', retx: '#D55E00', drop: '#c0001a', syn: '#009E73' };

function fmtTime(t: number): string {
  if (t === 0) return '0 s';
  return t >= 1 ? `${t.toFixed(3)} s` : `${(t * 1e3).toFixed(t >= 0.01 ? 1 : 3)} ms`;
}

function strokeOf(l: SeqLine, byPath: boolean): string {
  if (l.dropped) return COLORS.drop;
  if (l.retx) return COLORS.retx;
  if (l.kind === 'syn') return COLORS.syn;
  if (l.kind === 'ack') return COLORS.ack;
  return byPath ? colorFor(l.path) : COLORS.data;
}

export function SequenceView() {
  const topology = useLab((s) => s.topology);
  const runId = useLab((s) => s.runId);
  const flows = topology?.flows ?? [];
  const [flow, setFlow] = useState(0);
  const [path, setPath] = useState<number | null>(null);
  const baseRtt = (flows[flow]?.base_rtt_ms ?? 50) / 1000;
  const [span, setSpan] = useState<number | null>(null);
  const windowSpan = span ?? Math.max(1e-3, DEFAULT_RTTS * baseRtt);
  const [answer, setAnswer] = useState<{ trace: TraceWindow | null; error: string | null; at: number; start: number; end: number; mode: SeqWindowMode; loss: number | null }>({
    trace: null,
    error: null,
    at: 0,
    start: 0,
    end: 0,
    mode: 'auto',
    loss: null,
  });
  const [ref, size] = useSize<HTMLDivElement>();
  // Which window (see the header): a readable one first, the brush's while it is zoomed.
  const [mode, setMode] = useState<SeqWindowMode>('auto');
  const brush = useLab((s) => s.timeWindow);
  useEffect(() => {
    if (brush) setMode('brush');
    else setMode((m) => (m === 'brush' ? 'live' : m));
  }, [brush]);

  // A new run: the first flow again, the default span, a readable window.
  useEffect(() => {
    setFlow(0);
    setPath(null);
    setSpan(null);
    setMode(labStore.getState().timeWindow ? 'brush' : 'auto');
  }, [runId]);

  // Follow the clock: ask for the window ending at the time on screen whenever the lab's state
  // changes (a tick, a seek, a re-run), one request in flight at a time and at most one per
  // ASK_EVERY_MS; a change during a request or the wait is asked for after it (so the last state
  // is always shown, even when a re-run lands on the time it started from).
  const want = useRef({ flow, span: windowSpan, mode, brush, rtt: baseRtt });
  want.current = { flow, span: windowSpan, mode, brush, rtt: baseRtt };
  useEffect(() => {
    if (flows.length === 0) return;
    let busy = false;
    let dirty = true;
    let live = true;
    let last = -Infinity;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const pump = () => {
      if (busy || !live || timer !== null || !dirty) return;
      const wait = last + ASK_EVERY_MS - performance.now();
      if (wait > 0) {
        timer = setTimeout(() => {
          timer = null;
          pump();
        }, wait);
        return;
      }
      dirty = false;
      busy = true;
      last = performance.now();
      const now = labStore.getState().simTime;
      const { flow: f, span: w, mode: m, brush: b, rtt } = want.current;
      const ask = async () => {
        if (m === 'brush' && b) {
          const bw = brushWindow(b, now);
          if (bw) return { win: bw, mode: m, loss: null, a: await lab.trace(f, bw[0], bw[1], SEQ_BUDGET) };
        }
        if (m === 'auto') {
          // The whole trace, sampled (losses and retransmissions all kept), to find the window.
          const all = await lab.trace(f, 0, now, SCAN_BUDGET);
          const rw = all.trace ? readableWindow(all.trace, rtt, now) : null;
          if (rw) return { win: rw, mode: m, loss: all.trace ? (firstLoss(all.trace)?.seq ?? null) : null, a: await lab.trace(f, rw[0], rw[1], SEQ_BUDGET) };
        }
        const lw: [number, number] = [Math.max(0, now - w), now];
        return { win: lw, mode: 'live' as const, loss: null, a: await lab.trace(f, lw[0], lw[1], SEQ_BUDGET) };
      };
      void ask().then(({ win, mode: shown, loss, a }) => {
        busy = false;
        if (!live) return;
        setAnswer({ ...a, at: now, start: win[0], end: win[1], mode: shown, loss });
        pump();
      });
    };
    const changed = () => {
      dirty = true;
      pump();
    };
    pump();
    const unsubscribe = labStore.subscribe(changed);
    return () => {
      live = false;
      if (timer !== null) clearTimeout(timer);
      unsubscribe();
    };
  }, [flows.length, flow, windowSpan, runId, mode, brush]);

  // Closing the view stops tracing.
  useEffect(() => () => void lab.trace(null, 0, 0, 1), []);

  const w = answer.trace;
  // "Drop this packet" from a line (issue 32): in a paused run, a click on a data or ACK line.
  const paused = useLab((s) => s.run === 'paused');
  const [pickedLine, setPickedLine] = useState<SeqLine | null>(null);
  const end = answer.end;
  const lines = useMemo(() => (w ? linesOf(w, end, path, baseRtt / 2) : []), [w, end, path, baseRtt]);
  const markers = useMemo(() => (w ? markersOf(w.events) : []), [w]);
  const paths = useMemo(() => (w ? pathsOf(w) : []), [w]);
  const byPath = paths.length > 1 && path === null;

  const width = Math.max(320, size.width || 640);
  const x = scaleLinear().domain([0, 1]).range([MARGIN.side, width - MARGIN.side]);
  const shownSpan = Math.max(1e-6, end - answer.start);
  const y = scaleLinear()
    .domain([answer.start, end])
    .range([MARGIN.top, HEIGHT - MARGIN.bottom]);
  const ticks = y.ticks(6);
  const visible = (l: SeqLine) => l.t1 >= y.domain()[0]! - 1e-12;
  const drawn = lines.filter(visible);
  const count = (p: (l: SeqLine) => boolean) => drawn.filter(p).length;
  const dataLines = count((l) => l.kind === 'data');
  const ackLines = count((l) => l.kind === 'ack');
  const drops = count((l) => l.dropped);
  const retx = count((l) => l.retx);
  const labelled = dataLines <= LABEL_MAX;
  const plotPx = HEIGHT - MARGIN.top - MARGIN.bottom;
  const banded = bandLines(drawn, plotPx / shownSpan, plotPx);
  // The buttons and the wheel zoom the window that ends at the time on screen (from the one shown).
  const zoom = (factor: number) => {
    setSpan(zoomSpan(answer.mode === 'live' ? windowSpan : shownSpan, factor));
    setMode('live');
  };

  return (
    <section
      className="panel sequence"
      data-testid="sequence-view"
      aria-label={i18n._({ id: 'seq.title', message: 'Sequence diagram' })}
      data-flow={flow}
      data-window-end={end}
      data-now={answer.at}
      data-window-start={answer.start}
      data-window-span={shownSpan}
      data-mode={answer.mode}
      data-first-loss={answer.loss ?? ''}
      data-data-lines={dataLines}
      data-ack-lines={ackLines}
      data-drops={drops}
      data-retx={retx}
      data-markers={markers.length}
      data-stride={w?.stride ?? 1}
      data-tracing-since={w?.tracing_since_s ?? ''}
      data-paths={paths.length}
      data-bands={banded.bands.length}
    >
      <div className="sequence-controls">
        <label>
          {i18n._({ id: 'seq.flow', message: 'Flow' })}{' '}
          <select data-testid="sequence-flow" value={flow} onChange={(e) => {
              setFlow(Number(e.target.value));
              setPath(null);
            }}>
            {flows.map((f, i) => (
              <option key={f.id} value={i}>
                {f.id} ({f.cc})
              </option>
            ))}
          </select>
        </label>
        {paths.length > 1 && (
          <label>
            {i18n._({ id: 'seq.subflow', message: 'Subflow' })}{' '}
            <select data-testid="sequence-path" value={path ?? ''} onChange={(e) => setPath(e.target.value === '' ? null : Number(e.target.value))}>
              <option value="">{i18n._({ id: 'seq.all-paths', message: 'all (coloured by path)' })}</option>
              {paths.map((p) => (
                <option key={p} value={p}>
                  {i18n._({ id: 'seq.path', message: 'path {p}', values: { p } })}
                </option>
              ))}
            </select>
          </label>
        )}
        <span className="sequence-zoom">
          {i18n._({ id: 'seq.window', message: 'Window {span}', values: { span: fmtTime(shownSpan) } })}{' '}
          <button type="button" data-testid="sequence-zoom-in" onClick={() => zoom(0.5)} aria-label={i18n._({ id: 'seq.zoom-in', message: 'Zoom in (shorter window)' })}>
            +
          </button>
          <button type="button" data-testid="sequence-zoom-out" onClick={() => zoom(2)} aria-label={i18n._({ id: 'seq.zoom-out', message: 'Zoom out (longer window)' })}>
            −
          </button>{' '}
          {answer.mode !== 'live' && (
            <button type="button" data-testid="sequence-live" onClick={() => setMode('live')}>
              {winMsg.followClock()}
            </button>
          )}{' '}
          {answer.mode !== 'auto' && (
            <button type="button" data-testid="sequence-auto" onClick={() => setMode('auto')}>
              {winMsg.readable()}
            </button>
          )}
        </span>
      </div>
      <p className="muted sequence-note" data-testid="sequence-note">
        {answer.error
          ? i18n._({ id: 'seq.no-trace', message: 'No trace: {error}', values: { error: answer.error } })
          : w === null
            ? i18n._({ id: 'seq.waiting', message: 'Waiting for the run…' })
            : [
                i18n._({ id: 'seq.lines', message: '{flow}: {data} data, {acks} ACK lines', values: { flow: w.flow_id, data: dataLines, acks: ackLines } }),
                drops > 0 ? i18n._({ id: 'seq.lost', message: '{n} lost', values: { n: drops } }) : null,
                retx > 0 ? i18n._({ id: 'seq.retransmitted', message: '{n} retransmitted', values: { n: retx } }) : null,
                w.stride > 1
                  ? i18n._({ id: 'seq.stride', message: 'showing every {stride}-th packet of {matched} (losses and retransmissions all)', values: { stride: w.stride, matched: w.matched } })
                  : null,
                w.tracing_since_s > 0 ? i18n._({ id: 'seq.traced-since', message: 'traced since {t}', values: { t: fmtTime(w.tracing_since_s) } }) : null,
                banded.bands.length > 0 ? msg.bandedNote(banded.bands.length) : null,
                answer.mode === 'auto' ? (answer.loss !== null ? winMsg.onFirstLoss(answer.loss) : winMsg.onFirstRtts()) : answer.mode === 'brush' ? winMsg.onBrush() : null,
              ]
                .filter(Boolean)
                .join(' · ')}
        {w !== null && w.tracing_since_s > 0 && (
          <>
            {' '}
            <button type="button" data-testid="sequence-from-start" onClick={() => lab.seek(labStore.getState().simTime, true)}>
              {i18n._({ id: 'seq.from-start', message: 'Trace from t = 0' })}
            </button>
          </>
        )}
      </p>
      <div ref={ref} className="sequence-canvas" onWheel={(e) => zoom(e.deltaY > 0 ? 1.25 : 0.8)}>
        <svg width={width} height={HEIGHT} role="img" aria-label={w ? i18n._({ id: 'seq.svg-label', message: 'Sequence diagram of {flow}', values: { flow: w.flow_id } }) : i18n._({ id: 'seq.svg-label-none', message: 'Sequence diagram of a flow' })}>
          <text x={x(0)} y={14} textAnchor="middle" className="sequence-axis-title">
            {i18n._({ id: 'seq.sender', message: 'sender' })}
          </text>
          <text x={x(1)} y={14} textAnchor="middle" className="sequence-axis-title">
            {i18n._({ id: 'seq.receiver', message: 'receiver' })}
          </text>
          {[0, 1].map((side) => (
            <line key={side} x1={x(side)} x2={x(side)} y1={MARGIN.top} y2={HEIGHT - MARGIN.bottom} stroke="currentColor" strokeWidth={1.5} />
          ))}
          {ticks.map((t) => (
            <g key={t} className="sequence-tick">
              <line x1={x(0) - 4} x2={x(0)} y1={y(t)} y2={y(t)} stroke="currentColor" />
              <text x={x(0) - 6} y={y(t) + 4} textAnchor="end">
                {fmtTime(t)}
              </text>
            </g>
          ))}
          <defs>
            <clipPath id="sequence-plot">
              <rect x={0} y={MARGIN.top} width={width} height={HEIGHT - MARGIN.top - MARGIN.bottom} />
            </clipPath>
          </defs>
          <g className="sequence-bands" clipPath="url(#sequence-plot)">
            {banded.bands.map((b) => {
              const pts = [
                [x(b.x0), y(b.sentFrom)],
                [x(b.x0), y(b.sentTo)],
                [x(b.x1), y(b.arriveTo)],
                [x(b.x1), y(b.arriveFrom)],
              ];
              const fill = b.kind === 'ack' ? COLORS.ack : byPath ? colorFor(b.path) : COLORS.data;
              return (
                <g key={`${b.kind}/${b.path}/${b.sentFrom}`} data-testid="sequence-band" data-kind={b.kind} data-count={b.count}>
                  <polygon points={pts.map((p) => p.join(',')).join(' ')} fill={fill} fillOpacity={0.3} stroke={fill} strokeWidth={0.5}>
                    <title>{msg.bandTitle(b.count, b.kind, fmtTime(b.sentFrom), fmtTime(b.sentTo))}</title>
                  </polygon>
                  <text x={x((b.x0 + b.x1) / 2)} y={y((b.sentFrom + b.arriveTo) / 2) + 4} textAnchor="middle" className="sequence-band-count">
                    {msg.bandCount(b.count)}
                  </text>
                </g>
              );
            })}
          </g>
          <g className="sequence-lines" clipPath="url(#sequence-plot)">
            {banded.lines.map((l, i) => (
              <g
                key={i}
                data-kind={l.kind}
                data-retx={l.retx || undefined}
                data-dropped={l.dropped || undefined}
                data-seq={l.seq}
                data-t0={l.t0}
                onClick={() => paused && l.kind !== 'syn' && (l.kind === 'data' || (!l.dropped && paths.length <= 1)) && setPickedLine(l)}
              >
                {paused && (
                  // A wider, invisible stroke: a 1 px line is too thin to click.
                  <line className="sequence-hit" x1={x(l.x0)} y1={y(l.t0)} x2={x(l.x1)} y2={y(l.t1)} stroke="transparent" strokeWidth={7} pointerEvents="stroke" />
                )}
                <line
                  x1={x(l.x0)}
                  y1={y(l.t0)}
                  x2={x(l.x1)}
                  y2={y(l.t1)}
                  stroke={strokeOf(l, byPath)}
                  strokeWidth={l.kind === 'ack' ? 1 : l.retx || l.dropped ? 1.6 : 1}
                  strokeDasharray={l.inFlight ? '3 2' : undefined}
                >
                  <title>{i18n._({ id: 'seq.line-title', message: '{label} · sent {t}', values: { label: l.label, t: fmtTime(l.t0) } })}</title>
                </line>
                {l.dropped && (
                  <path
                    className="sequence-drop"
                    d={`M${x(l.x1) - 5},${y(l.t1) - 5}l10,10m0,-10l-10,10`}
                    stroke={COLORS.drop}
                    strokeWidth={2}
                  />
                )}
                {labelled && l.kind === 'data' && (
                  <text x={x(l.x0) + 4} y={y(l.t0) - 2} className="sequence-label">
                    {l.seq}
                  </text>
                )}
              </g>
            ))}
          </g>
          <g className="sequence-markers">
            {markers
              .filter((m) => m.t >= y.domain()[0]! && m.t <= end)
              .map((m, i) => (
                <g key={i} data-testid="sequence-marker" data-what={m.what}>
                  <circle cx={x(0)} cy={y(m.t)} r={4} fill={COLORS.retx} />
                  <text x={x(0) - 8} y={y(m.t) - 6} textAnchor="end" className="sequence-marker-label" fill={COLORS.retx}>
                    {m.what === 'lost' ? i18n._({ id: 'seq.legend-lost', message: 'lost' }) : m.what}
                  </text>
                  <title>{i18n._({ id: 'seq.marker-title', message: '{detail} at {t}', values: { detail: m.detail, t: fmtTime(m.t) } })}</title>
                </g>
              ))}
          </g>
        </svg>
      </div>
      {pickedLine && w && paused && (
        <p className="packet-pick-line" data-testid="sequence-pick" data-seq={pickedLine.seq} data-kind={pickedLine.kind}>
          {pickedLine.label}{' '}
          {!pickedLine.dropped && paths.length <= 1 && (
            <button
              type="button"
              data-testid="sequence-drop"
              onClick={() => {
                lab.editDrops(dropForLine(pickedLine, w), pickedLine.kind !== 'syn' ? followRequestForLine(pickedLine, w.flow) : undefined);
                setPickedLine(null);
              }}
            >
              {msg.dropThisPacket(pickedLine.kind === 'data')}
            </button>
          )}{' '}
          {pickedLine.kind !== 'syn' && (
            <button
              type="button"
              data-testid="sequence-follow"
              onClick={() => {
                lab.follow(followRequestForLine(pickedLine, w.flow));
                setPickedLine(null);
              }}
            >
              {pickedLine.kind === 'data' ? followMsg.followThis() : followMsg.followAck()}
            </button>
          )}{' '}
          <button type="button" onClick={() => setPickedLine(null)}>
            {msg.close()}
          </button>
        </p>
      )}
      <p className="muted sequence-legend">
        {/* The colours as swatches beside text in the text colour: the pale ACK blue and the
            retransmission orange are too faint on white to be read as text (WCAG AA). */}
        <LegendKey color={COLORS.data} label={i18n._({ id: 'seq.data', message: 'data' })} /> · <LegendKey color={COLORS.ack} label="ACK" /> ·{' '}
        <LegendKey color={COLORS.retx} label={i18n._({ id: 'seq.retransmission', message: 'retransmission' })} /> · <span>
          <svg className="legend-cross" width="10" height="10" aria-hidden="true">
            <path d="M1 1L9 9M9 1L1 9" stroke={COLORS.drop} strokeWidth="2" />
          </svg>{' '}
          {i18n._({ id: 'seq.legend-lost', message: 'lost' })}
        </span>{' '}
        · {i18n._({ id: 'seq.legend-rest', message: "dashed: in flight · markers on the sender's axis: RTO, FR (fast retransmit), PTO" })} · {msg.bandLegend()}
      </p>
    </section>
  );
}

function LegendKey({ color, label }: { color: string; label: string }) {
  return (
    <span>
      <span className="swatch" style={{ borderColor: color }} aria-hidden="true" /> {label}
    </span>
  );
}
