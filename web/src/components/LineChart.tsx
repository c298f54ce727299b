// A live line chart: SVG axes and legend rendered by React from D3 scales, lines painted on
// a canvas by charts/lineCanvas.ts. `data-points` tells tests how many points were drawn.
import { scaleLinear } from 'd3-scale';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { type CanvasSeries, type Guide, type LineCanvas, createLineCanvas } from '../charts/lineCanvas';
import { type TimeZoom, createTimeZoom } from '../charts/timeZoom';
import type { TimeWindow } from '../types';

export interface ChartSeries extends CanvasSeries {
  key: string;
  label: string;
}

interface Props {
  testId: string;
  title: string;
  xLabel: string;
  yLabel: string;
  xMax: number;
  /** The shared visible time range (null = the whole run) and how to change it. */
  timeWindow: TimeWindow;
  onWindow: (w: TimeWindow) => void;
  series: ChartSeries[];
  guides?: Guide[];
  /** Legend text for the dashed guide lines. */
  guideLabel?: string;
  /** Changes whenever the series' points change (forces a repaint). */
  version: number;
  emptyText?: string;
}

const M = { top: 10, right: 14, bottom: 38, left: 56 };
/** One shared empty list, so a chart without guides does not see new props on every render. */
const NO_GUIDES: Guide[] = [];
/** Many-flow scenarios would drown the legend: list the first few. */
const LEGEND_MAX = 8;

export function useSize<T extends HTMLElement>(): [React.RefObject<T | null>, { width: number; height: number }] {
  const ref = useRef<T>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      setSize((s) => (s.width === width && s.height === height ? s : { width, height }));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, size];
}

export function LineChart({ testId, title, xLabel, yLabel, xMax, timeWindow, onWindow, series, guides = NO_GUIDES, guideLabel, version, emptyText }: Props) {
  const [boxRef, size] = useSize<HTMLDivElement>();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const painter = useRef<LineCanvas | null>(null);
  const zoomer = useRef<TimeZoom | null>(null);
  const onWindowRef = useRef(onWindow);
  onWindowRef.current = onWindow;
  // The drawn-point count goes straight to the DOM: keeping it in state would re-render the
  // chart after every paint, and under a fast stream of ticks React reports an update loop.
  const figRef = useRef<HTMLElement>(null);
  const duration = xMax > 0 ? xMax : 1;
  const t0 = timeWindow?.[0] ?? 0;
  const t1 = timeWindow?.[1] ?? duration;

  const innerW = Math.max(10, size.width - M.left - M.right);
  const innerH = Math.max(10, size.height - M.top - M.bottom);

  // The y axis fits what is visible: the whole series, or the zoomed time range.
  let yMax = 0;
  for (const s of series) {
    if (s.buf.length === 0) continue;
    const m = timeWindow === null ? s.buf.max : s.buf.maxIn(t0, t1);
    if (Number.isFinite(m)) yMax = Math.max(yMax, m * (s.factor ?? 1));
  }
  for (const g of guides) yMax = Math.max(yMax, g.value);
  const x = useMemo(() => scaleLinear().domain([t0, t1]).range([0, innerW]), [t0, t1, innerW]);
  const y = scaleLinear()
    .domain([0, yMax > 0 ? yMax * 1.05 : 1])
    .range([innerH, 0])
    .nice(6);

  useEffect(() => {
    const c = canvasRef.current;
    if (!c) return;
    painter.current = createLineCanvas(c);
    return () => {
      painter.current?.destroy();
      painter.current = null;
    };
  }, []);

  useEffect(() => {
    painter.current?.resize(innerW, innerH);
  }, [innerW, innerH]);

  useEffect(() => {
    const c = canvasRef.current;
    if (!c) return;
    zoomer.current = createTimeZoom(c, (w) => onWindowRef.current(w));
    return () => {
      zoomer.current?.destroy();
      zoomer.current = null;
    };
  }, []);

  useEffect(() => {
    zoomer.current?.update(innerW, innerH, duration, timeWindow);
  }, [innerW, innerH, duration, timeWindow]);

  useEffect(() => {
    if (!painter.current || size.width === 0) return;
    figRef.current?.setAttribute('data-points', String(painter.current.draw(series, x, y, guides)));
    // y derives from series and size, which the dependencies cover.
  }, [version, series, x, innerH, size.width, guides]);

  const xTicks = x.ticks(Math.max(2, Math.floor(innerW / 80)));
  const yTicks = y.ticks(Math.max(2, Math.floor(innerH / 40)));
  const yFmt = y.tickFormat(yTicks.length);
  const xFmt = x.tickFormat(xTicks.length);

  return (
    <figure ref={figRef} className="chart" data-testid={testId} data-points={0} data-series={series.length} data-t0={t0} data-t1={t1} data-zoomed={timeWindow !== null}>
      <figcaption>
        <span className="chart-title">{title}</span>
        <ul className="legend" aria-label={`${title} legend`}>
          {series.slice(0, LEGEND_MAX).map((s) => (
            <li key={s.key}>
              <span className={s.dashed ? 'swatch dashed' : 'swatch'} style={{ borderColor: s.color }} aria-hidden="true" />
              {s.label}
            </li>
          ))}
          {series.length > LEGEND_MAX && <li className="muted">+{series.length - LEGEND_MAX} more</li>}
          {guides.length > 0 && guideLabel && (
            <li>
              <span className="swatch dashed" style={{ borderColor: guides[0]!.color }} aria-hidden="true" />
              {guideLabel}
            </li>
          )}
        </ul>
        {timeWindow !== null && (
          <button type="button" className="link-button" data-testid={`${testId}-unzoom`} onClick={() => onWindow(null)}>
            whole run
          </button>
        )}
      </figcaption>
      <div className="chart-box" ref={boxRef}>
        <canvas
          ref={canvasRef}
          className="chart-canvas"
          style={{ left: M.left, top: M.top }}
          role="img"
          aria-label={`${title}: ${yLabel} against ${xLabel}. Scroll to zoom the time axis, drag to pan, double-click for the whole run.`}
        />
        {size.width > 0 && (
          <svg className="chart-axes" width={size.width} height={size.height} aria-hidden="true">
            <g transform={`translate(${M.left},${M.top})`}>
              {yTicks.map((t) => (
                <g key={`y${t}`} transform={`translate(0,${y(t)})`}>
                  <line className="grid" x2={innerW} />
                  <text className="tick" x={-6} dy="0.32em" textAnchor="end">
                    {yFmt(t)}
                  </text>
                </g>
              ))}
              {xTicks.map((t) => (
                <g key={`x${t}`} transform={`translate(${x(t)},${innerH})`}>
                  <line className="tick-mark" y2={5} />
                  <text className="tick" y={17} textAnchor="middle">
                    {xFmt(t)}
                  </text>
                </g>
              ))}
              <line className="axis" y2={innerH} />
              <line className="axis" y1={innerH} y2={innerH} x2={innerW} />
              <text className="axis-label" x={innerW / 2} y={innerH + 33} textAnchor="middle">
                {xLabel}
              </text>
              <text className="axis-label" transform={`translate(${-44},${innerH / 2}) rotate(-90)`} textAnchor="middle">
                {yLabel}
              </text>
            </g>
          </svg>
        )}
        {series.length === 0 && emptyText && <p className="chart-empty">{emptyText}</p>}
      </div>
    </figure>
  );
}
