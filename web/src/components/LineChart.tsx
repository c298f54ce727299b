// A live line chart: SVG axes and legend rendered by React from D3 scales, lines painted on
// a canvas by charts/lineCanvas.ts. `data-points` tells tests how many points were drawn and
// `data-last-t` how far in time the lines reach.
// Legend entries toggle their series; hovering the plot shows every visible series' value at
// that time (with its unit); SVG/PNG buttons export the chart as vector lines plus axes.
import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { type ReactNode, type RefObject, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { chartFrames } from '../charts/frameQueue';
import { type CanvasSeries, type Guide, type LineCanvas, createLineCanvas } from '../charts/lineCanvas';
import { formatReading, nearest } from '../charts/readout';
import { type TimeZoom, createTimeZoom } from '../charts/timeZoom';
import { downloadChart, chartDocument } from '../lib/download';
import { escapeXml, fileName } from '../lib/export';
import { labStore } from '../store/store';
import { useUi } from '../store/ui';
import type { TimeWindow } from '../types';
import { firstSummary } from '../store/run';
import { useTourBand, useTourDims } from './Tour';

export interface ChartSeries extends CanvasSeries {
  key: string;
  label: string;
}

export interface LineChartProps {
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
  /** The unit of the plotted (factor-scaled) values, for the hover read-out. */
  unit?: string;
  /** A fixed top of the y axis (charts set side by side share one scale); else fit the data. */
  yTop?: number;
  /** How flows are drawn: 'flows' (one line each) or 'aggregate' (worker/aggregate.ts). */
  mode?: 'flows' | 'aggregate';
  /** Most series named in the legend (the rest are counted). */
  legendMax?: number;
  /** Shown above the plot (the aggregate view's selector and flow picker). */
  controls?: ReactNode;
}

const M_NORMAL = { top: 10, right: 14, bottom: 38, left: 56 };
/** Projector mode: room for 15 px tick labels. */
const M_PROJECTOR = { top: 12, right: 18, bottom: 46, left: 72 };
/** Line width on the canvas (1 px is Skia's fast path; see charts/lineCanvas.ts). */
const LINE_NORMAL = 1;
const LINE_PROJECTOR = 2.5;
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

/**
 * Whether the element is on screen (or within a screen's margin of it). Charts below the fold or
 * in a hidden view skip their canvas repaints while a run streams, and repaint when scrolled to.
 */
export function useOnScreen(ref: React.RefObject<Element | null>): boolean {
  const [visible, setVisible] = useState(true);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(([entry]) => setVisible(entry?.isIntersecting ?? true), { rootMargin: '100px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [ref]);
  return visible;
}

/** Points in the series (what a chart plots; tests compare runs by it). */
export function pointCount(series: readonly CanvasSeries[]): number {
  let n = 0;
  for (const s of series) n += s.buf.length;
  return n;
}

/** The time of the newest point in the series (where the lines end); '' when there is none. */
function lastTime(series: readonly CanvasSeries[]): string {
  let t = -Infinity;
  for (const s of series) if (s.buf.length > 0) t = Math.max(t, s.buf.lastT);
  return Number.isFinite(t) ? String(t) : '';
}

export function LineChart({ testId, title, xLabel, yLabel, xMax, timeWindow, onWindow, series: allSeries, guides = NO_GUIDES, guideLabel, version, emptyText, unit = '', yTop, mode = 'flows', legendMax = LEGEND_MAX, controls }: LineChartProps) {
  const [boxRef, size] = useSize<HTMLDivElement>();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const axesRef = useRef<SVGSVGElement>(null);
  // Series switched off in the legend, by key; they stay off while the run goes on.
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const [hover, setHover] = useState<{ px: number; t: number } | null>(null);
  const series = useMemo(() => (hidden.size === 0 ? allSeries : allSeries.filter((s) => !hidden.has(s.key))), [allSeries, hidden]);
  const toggle = (key: string) =>
    setHidden((h) => {
      const next = new Set(h);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const zoomer = useRef<TimeZoom | null>(null);
  const onWindowRef = useRef(onWindow);
  onWindowRef.current = onWindow;
  // The drawn-point count goes straight to the DOM: keeping it in state would re-render the
  // chart after every paint, and under a fast stream of ticks React reports an update loop.
  const figRef = useRef<HTMLElement>(null);
  const duration = xMax > 0 ? xMax : 1;
  const t0 = timeWindow?.[0] ?? 0;
  const t1 = timeWindow?.[1] ?? duration;

  const projector = useUi((s) => s.projector);
  // A guided tour's stop on this chart: a band on the time axis around the moment (components/Tour.tsx).
  const tourBand = useTourBand(testId);
  const dimmed = useTourDims(testId);
  const M = projector ? M_PROJECTOR : M_NORMAL;
  const lineWidth = projector ? LINE_PROJECTOR : LINE_NORMAL;
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
  const painter = useLineCanvas(canvasRef, innerW, innerH);
  const x = useMemo(() => scaleLinear().domain([t0, t1]).range([0, innerW]), [t0, t1, innerW]);
  const y = scaleLinear()
    .domain([0, yTop !== undefined && yTop > 0 ? yTop : yMax > 0 ? yMax * 1.05 : 1])
    .range([innerH, 0])
    .nice(6);


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

  // The paint itself waits for an animation frame (charts/frameQueue.ts) and is skipped while
  // the chart is off screen; the point count is written at once, so it is always current.
  const visible = useOnScreen(figRef);
  const paintRef = useRef<() => void>(() => {});
  paintRef.current = () => {
    if (!painter.current) return;
    painter.current.draw(series, x, y, guides, lineWidth);
    figRef.current?.setAttribute('data-vertices', String(painter.current.vertices));
  };
  useEffect(() => {
    figRef.current?.setAttribute('data-points', String(pointCount(series)));
    figRef.current?.setAttribute('data-last-t', lastTime(series));
    if (!painter.current || size.width === 0 || !visible) return;
    chartFrames.request(paintRef, () => paintRef.current());
    // y derives from series and size, which the dependencies cover.
  }, [version, series, x, innerH, size.width, guides, yTop, visible, lineWidth]);
  useEffect(() => () => chartFrames.cancel(paintRef), []);

  const xTicks = x.ticks(Math.max(2, Math.floor(innerW / 80)));
  const yTicks = y.ticks(Math.max(2, Math.floor(innerH / 40)));
  const yFmt = y.tickFormat(yTicks.length);
  const xFmt = x.tickFormat(xTicks.length);

  const readings =
    hover === null
      ? []
      : series.slice(0, LEGEND_MAX).map((s) => {
          const p = nearest(s.buf.toArray(), hover.t);
          return { key: s.key, label: s.label, color: s.color, text: p ? formatReading(p.v * (s.factor ?? 1), unit) : '–' };
        });

  /** The chart as a standalone SVG: the axes as drawn, the visible lines as vector paths. */
  const exportSvg = (): string | null => {
    const axes = axesRef.current;
    if (!axes) return null;
    const path = line<{ t: number; v: number }>()
      .x((p) => x(p.t))
      .y((p) => y(p.v));
    const clip = `clip-${testId}`;
    let body = `<g transform="translate(${M.left},${M.top})"><clipPath id="${clip}"><rect width="${innerW}" height="${innerH}"/></clipPath><g clip-path="url(#${clip})">`;
    for (const g of guides) body += `<line x1="0" x2="${innerW}" y1="${y(g.value)}" y2="${y(g.value)}" stroke="${escapeXml(g.color)}" stroke-dasharray="4 4"/>`;
    for (const s of series) {
      const f = s.factor ?? 1;
      const pts = s.buf
        .toArray()
        .map((p) => ({ t: p.t, v: p.v * f }));
      const d = path(pts);
      if (d) body += `<path d="${d}" fill="none" stroke="${escapeXml(s.color)}" stroke-width="1.5" stroke-linejoin="round"${s.dashed ? ' stroke-dasharray="5 3"' : ''}/>`;
    }
    body += '</g></g>';
    const legend = series.slice(0, LEGEND_MAX).map((s) => ({ label: s.label, color: s.color, dashed: s.dashed }));
    return chartDocument(axes, title, legend, body);
  };
  const exportAs = (format: 'svg' | 'png') => {
    const doc = exportSvg();
    if (!doc) return;
    const st = labStore.getState();
    const name = fileName(firstSummary(st)?.scenario ?? st.presetName, st.seed, testId.replace(/^chart-/, ''), format).replace(/\.(svg|png)$/, '');
    void downloadChart(doc, name, format);
  };

  return (
    <figure
      ref={figRef}
      className={dimmed ? 'chart tour-dim' : tourBand ? 'chart tour-focus' : 'chart'}
      data-testid={testId}
      data-line-width={lineWidth}
      data-points={0}
      data-series={allSeries.length}
      data-mode={mode}
      data-series-count={allSeries.length}
      data-visible={series.length}
      data-t0={t0}
      data-t1={t1}
      data-y-top={y.domain()[1]}
      data-zoomed={timeWindow !== null}
    >
      <figcaption>
        <span className="chart-title">{title}</span>
        {controls}
        <ul className="legend" aria-label={`${title} legend (click to show or hide a series)`}>
          {allSeries.slice(0, legendMax).map((s) => (
            <li key={s.key}>
              <button
                type="button"
                className={hidden.has(s.key) ? 'legend-toggle off' : 'legend-toggle'}
                aria-pressed={!hidden.has(s.key)}
                data-series-key={s.key}
                data-hidden={hidden.has(s.key)}
                onClick={() => toggle(s.key)}
                title={hidden.has(s.key) ? 'Show this series' : 'Hide this series'}
              >
                <span className={s.dashed ? 'swatch dashed' : 'swatch'} style={{ borderColor: s.color }} aria-hidden="true" />
                {s.label}
              </button>
            </li>
          ))}
          {allSeries.length > legendMax && <li className="muted">+{allSeries.length - legendMax} more</li>}
          {guides.length > 0 && guideLabel && (
            <li>
              <span className="swatch dashed" style={{ borderColor: guides[0]!.color }} aria-hidden="true" />
              {guideLabel}
            </li>
          )}
        </ul>
        <span className="chart-export">
          <button type="button" className="link-button" data-testid={`${testId}-export-svg`} onClick={() => exportAs('svg')} disabled={size.width === 0}>
            SVG
          </button>
          <button type="button" className="link-button" data-testid={`${testId}-export-png`} onClick={() => exportAs('png')} disabled={size.width === 0}>
            PNG
          </button>
        </span>
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
          onMouseMove={(e) => {
            const r = e.currentTarget.getBoundingClientRect();
            const px = Math.max(0, Math.min(innerW, e.clientX - r.left));
            setHover({ px, t: x.invert(px) });
          }}
          onMouseLeave={() => setHover(null)}
        />
        {size.width > 0 && (
          <svg ref={axesRef} className="chart-axes" width={size.width} height={size.height} aria-hidden="true">
            <g transform={`translate(${M.left},${M.top})`}>
              {tourBand !== null && (
                <rect
                  className="tour-band"
                  data-testid="tour-band"
                  data-t0={tourBand[0]}
                  data-t1={tourBand[1]}
                  x={Math.max(0, Math.min(innerW, x(tourBand[0])))}
                  width={Math.max(2, Math.min(innerW, x(tourBand[1])) - Math.max(0, x(tourBand[0])))}
                  y={0}
                  height={innerH}
                />
              )}
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
                  <text className="tick" y={projector ? 21 : 17} textAnchor="middle">
                    {xFmt(t)}
                  </text>
                </g>
              ))}
              {hover !== null && <line className="hover-line" x1={hover.px} x2={hover.px} y2={innerH} />}
              <line className="axis" y2={innerH} />
              <line className="axis" y1={innerH} y2={innerH} x2={innerW} />
              <text className="axis-label" x={innerW / 2} y={innerH + (projector ? 41 : 33)} textAnchor="middle">
                {xLabel}
              </text>
              <text className="axis-label" transform={`translate(${projector ? -58 : -44},${innerH / 2}) rotate(-90)`} textAnchor="middle">
                {yLabel}
              </text>
            </g>
          </svg>
        )}
        {series.length === 0 && emptyText && <p className="chart-empty">{emptyText}</p>}
        {hover !== null && readings.length > 0 && (
          <div
            className="readout"
            data-testid={`${testId}-readout`}
            data-t={hover.t}
            style={hover.px > innerW / 2 ? { right: M.right + innerW - hover.px + 12, top: M.top + 4 } : { left: M.left + hover.px + 12, top: M.top + 4 }}
          >
            <div className="readout-t">t = {formatReading(hover.t, 's')}</div>
            {readings.map((r) => (
              <div key={r.key} className="readout-row" data-series-key={r.key}>
                <span className="swatch" style={{ borderColor: r.color }} aria-hidden="true" /> {r.label}: <strong>{r.text}</strong>
              </div>
            ))}
          </div>
        )}
      </div>
    </figure>
  );
}

/** The line painter on `canvasRef`'s canvas, made once and kept at `width` × `height`. */
export function useLineCanvas(canvasRef: RefObject<HTMLCanvasElement | null>, width: number, height: number): RefObject<LineCanvas | null> {
  const painter = useRef<LineCanvas | null>(null);
  useEffect(() => {
    const c = canvasRef.current;
    if (!c) return;
    painter.current = createLineCanvas(c);
    return () => {
      painter.current?.destroy();
      painter.current = null;
    };
  }, [canvasRef]);
  useEffect(() => {
    painter.current?.resize(width, height);
  }, [width, height]);
  return painter;
}
