// The overview strip above the charts: the whole run's congestion windows (the first chart's
// series) in miniature, with a brush (charts/timeBrush.ts) that picks the time window every
// chart shows. Dragging selects [t0, t1]; zooming or panning a chart moves the brush; a click
// beside the selection, a double-click, Escape or "whole run" shows the whole run. Focused, the
// strip is a slider: ←/→ move the window, Shift+←/→ resize it, Home/End jump.
// data-t0 / data-t1 / data-zoomed mirror the shared window for tests, as on every chart.
import { useLingui } from '@lingui/react';
import { scaleLinear } from 'd3-scale';
import { useEffect, useId, useMemo, useRef } from 'react';
import { chartFrames } from '../charts/frameQueue';
import { type TimeBrush as Brush, createTimeBrush, keyWindow } from '../charts/timeBrush';
import { formatReading } from '../charts/readout';
import { seriesStore } from '../sim/seriesStore';
import { timeSpan } from '../store/state';
import { labStore, useLab } from '../store/store';
import type { TimeWindow } from '../types';
import { useOwnerColors } from './Charts';
import type { ChartSeries } from './LineChart';
import { pointCount, useLineCanvas, useOnScreen, useSize } from './LineChart';

/** Strip margins (px): room for the time axis' labels below. */
const M = { top: 4, right: 14, bottom: 18, left: 14 };
const STRIP_H = 46;

const setWindow = (window: TimeWindow) => labStore.dispatch({ type: 'zoomTime', window });

export function TimeBrush() {
  const { i18n } = useLingui();
  const version = useLab((s) => s.seriesVersion);
  const duration = useLab(timeSpan);
  const timeWindow = useLab((s) => s.timeWindow);
  const loaded = useLab((s) => s.runId > 0);
  const color = useOwnerColors();
  const [boxRef, size] = useSize<HTMLDivElement>();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const brushRef = useRef<SVGGElement>(null);
  const figRef = useRef<HTMLElement>(null);
  const brush = useRef<Brush | null>(null);
  const hintId = useId();
  const d = duration > 0 ? duration : 1;
  const t0 = timeWindow?.[0] ?? 0;
  const t1 = timeWindow?.[1] ?? d;
  const innerW = Math.max(10, Math.floor(size.width - M.left - M.right));

  const series: ChartSeries[] = useMemo(
    () => seriesStore.select('flow', 'cwnd').map((s) => ({ key: s.meta.key, label: s.meta.owner, color: color(s.meta.owner), buf: s.buf })),
    [version, color],
  );
  const x = useMemo(() => scaleLinear().domain([0, d]).range([0, innerW]), [d, innerW]);

  const painter = useLineCanvas(canvasRef, innerW, STRIP_H);

  useEffect(() => {
    const g = brushRef.current;
    if (!g) return;
    brush.current = createTimeBrush(g, setWindow);
    return () => {
      brush.current?.destroy();
      brush.current = null;
    };
  }, []);

  useEffect(() => {
    if (size.width > 0) brush.current?.update(innerW, STRIP_H, d, timeWindow);
  }, [innerW, size.width, d, timeWindow]);

  // Painted in an animation frame and only while on screen, like the charts (LineChart.tsx).
  const visible = useOnScreen(figRef);
  const paintRef = useRef<() => void>(() => {});
  paintRef.current = () => {
    if (!painter.current) return;
    let yMax = 0;
    for (const s of series) if (s.buf.length > 0) yMax = Math.max(yMax, s.buf.max);
    const y = scaleLinear()
      .domain([0, yMax > 0 ? yMax * 1.05 : 1])
      .range([STRIP_H, 0]);
    painter.current.draw(series, x, y);
  };
  useEffect(() => {
    figRef.current?.setAttribute('data-points', String(pointCount(series)));
    if (!painter.current || size.width === 0 || !visible) return;
    chartFrames.request(paintRef, () => paintRef.current());
  }, [version, series, x, size.width, visible]);
  useEffect(() => () => chartFrames.cancel(paintRef), []);

  const onKey = (e: React.KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const next = keyWindow(labStore.getState().timeWindow, duration, e.key, e.shiftKey);
    if (next === undefined) return;
    e.preventDefault();
    setWindow(next);
  };

  const ticks = x.ticks(Math.max(2, Math.floor(innerW / 90)));
  const fmt = x.tickFormat(ticks.length);
  const valueText =
    timeWindow === null ? i18n._({ id: 'brush.whole-run-to', message: 'whole run, 0 to {end}', values: { end: formatReading(d, 's') } }) : i18n._({ id: 'brush.window', message: '{from} to {to} of {end}', values: { from: formatReading(t0, 's'), to: formatReading(t1, 's'), end: formatReading(d, 's') } });

  return (
    <figure
      ref={figRef}
      className="panel time-brush"
      data-testid="time-brush"
      data-points={0}
      data-t0={t0}
      data-t1={t1}
      data-zoomed={timeWindow !== null}
      hidden={!loaded}
    >
      <figcaption>
        <span className="chart-title">{i18n._({ id: 'brush.title', message: 'Time window' })}</span>
        <span className="muted hint" id={hintId}>
          {i18n._({
            id: 'brush.hint',
            message: 'Drag over the run to zoom every chart; ←/→ move, Shift+←/→ resize, Esc or double-click for the whole run',
          })}
        </span>
        {timeWindow !== null && (
          <button type="button" className="link-button" data-testid="time-brush-clear" onClick={() => setWindow(null)}>
            {i18n._({ id: 'chart.whole-run', message: 'whole run' })}
          </button>
        )}
      </figcaption>
      <div
        ref={boxRef}
        className="brush-box"
        style={{ height: STRIP_H + M.top + M.bottom }}
        tabIndex={0}
        role="slider"
        aria-label={i18n._({ id: 'brush.label', message: 'Time window of the charts (overview: congestion window per flow)' })}
        aria-describedby={hintId}
        aria-valuemin={0}
        aria-valuemax={d}
        aria-valuenow={t0}
        aria-valuetext={valueText}
        data-testid="time-brush-strip"
        onKeyDown={onKey}
      >
        <canvas ref={canvasRef} className="brush-canvas" style={{ left: M.left, top: M.top }} aria-hidden="true" />
        {size.width > 0 && (
          <svg className="brush-axis" width={size.width} height={STRIP_H + M.top + M.bottom} aria-hidden="true">
            <g transform={`translate(${M.left},${M.top + STRIP_H})`}>
              <line className="axis" x2={innerW} />
              {ticks.map((t) => (
                <g key={t} transform={`translate(${x(t)},0)`}>
                  <line className="tick-mark" y2={4} />
                  <text className="tick" y={14} textAnchor="middle">
                    {fmt(t)}
                  </text>
                </g>
              ))}
            </g>
          </svg>
        )}
        <svg className="brush-layer" width={Math.max(0, size.width)} height={STRIP_H + M.top} aria-hidden="true">
          <g ref={brushRef} transform={`translate(${M.left},${M.top})`} />
        </svg>
      </div>
    </figure>
  );
}
