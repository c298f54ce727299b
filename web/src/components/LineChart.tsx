// A live line chart, the React side: the legend and the SVG axes rendered from what the
// framework-free core computes (charts/lineChart.ts: geometry, scales, ticks, read-out, export;
// on the canvas the line painter and the time-axis zoom). `data-points` tells tests how many
// points were drawn and `data-last-t` how far in time the lines reach.
// Legend entries toggle their series; hovering the plot shows every visible series' value at
// that time (with its unit); SVG/PNG buttons export the chart as vector lines plus axes.
import { type ReactNode, type RefObject, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { type CanvasSeries, type Guide, type LineCanvas, createLineCanvas } from '../charts/lineCanvas';
import { formatReading } from '../charts/readout';
import { type LineChartCore, createLineChart, geometry, lastTime, plotSvg, pointCount, readings, ticks, timeRange, timeScale, valueScale, visibleMax } from '../charts/lineChart';
import { downloadChart, chartDocument } from '../lib/download';
import { useUi } from '../store/ui';
import type { TimeWindow } from '../types';
import { useTourBand, useTourDims } from './Tour';
import { ChartData, ChartDataToggle } from './ChartData';
import { i18n } from '../i18n/i18n';

export { pointCount };

export interface ChartSeries extends CanvasSeries {
  key: string;
  label: string;
}

/** The time axis: its label, the run's length, the window shown (null: all) and how to change it. */
export interface TimeAxis {
  label: string;
  max: number;
  window: TimeWindow;
  onWindow: (w: TimeWindow) => void;
}

/** The value axis: its label, the unit of the plotted (factor-scaled) values for the read-out,
 * and a fixed top (charts set side by side share one scale), else it fits the data. */
export interface ValueAxis {
  label: string;
  unit?: string;
  top?: number;
}

export interface LineChartProps {
  testId: string;
  title: string;
  time: TimeAxis;
  y: ValueAxis;
  series: ChartSeries[];
  guides?: Guide[];
  /** Legend text for the dashed guide lines. */
  guideLabel?: string;
  /** Changes whenever the series' points change (forces a repaint). */
  version: number;
  emptyText?: string;
  /** How flows are drawn: 'flows' (one line each) or 'aggregate' (worker/aggregate.ts). */
  mode?: 'flows' | 'aggregate';
  /** Most series named in the legend (the rest are counted). */
  legendMax?: number;
  /** Shown above the plot (the aggregate view's selector and flow picker). */
  controls?: ReactNode;
  /** A legend entry explaining the ▲ markers of lines with `markAbove` (shown when any is drawn). */
  markNote?: string;
  /** Extra data-* attributes of the figure (what tests and read-outs key on). */
  data?: Record<string, string | number>;
  /** The exported file's name without extension (asked at export time). */
  exportName: () => string;
}

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

export function LineChart({ testId, title, time, y: yAxis, series: allSeries, guides = NO_GUIDES, guideLabel, version, emptyText, mode = 'flows', legendMax = LEGEND_MAX, controls, markNote, data, exportName }: LineChartProps) {
  const dataAttrs = data ? Object.fromEntries(Object.entries(data).map(([k, v]) => [`data-${k}`, v])) : {};
  const [boxRef, size] = useSize<HTMLDivElement>();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const axesRef = useRef<SVGSVGElement>(null);
  // Series switched off in the legend, by key; they stay off while the run goes on.
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const [hover, setHover] = useState<{ px: number; t: number } | null>(null);
  // The text alternative (components/ChartData.tsx) is open.
  const [dataOpen, setDataOpen] = useState(false);
  const series = useMemo(() => (hidden.size === 0 ? allSeries : allSeries.filter((s) => !hidden.has(s.key))), [allSeries, hidden]);
  const toggle = (key: string) =>
    setHidden((h) => {
      const next = new Set(h);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const { window: timeWindow, onWindow, label: xLabel } = time;
  const onWindowRef = useRef(onWindow);
  onWindowRef.current = onWindow;
  // The drawn-point count goes straight to the DOM: keeping it in state would re-render the
  // chart after every paint, and under a fast stream of ticks React reports an update loop.
  const figRef = useRef<HTMLElement>(null);
  const range = timeRange(timeWindow, time.max);
  const [t0, t1] = range;

  const projector = useUi((s) => s.projector);
  // A guided tour's stop on this chart: a band on the time axis around the moment (components/Tour.tsx).
  const tourBand = useTourBand(testId);
  const dimmed = useTourDims(testId);
  const g = geometry(size.width, size.height, projector);
  const { m: M, innerW, innerH, lineWidth } = g;
  const x = useMemo(() => timeScale([t0, t1], g), [t0, t1, innerW]);
  const y = valueScale(visibleMax(series, guides, timeWindow, range), yAxis.top, g);

  const core = useRef<LineChartCore | null>(null);
  useEffect(() => {
    const c = canvasRef.current;
    if (!c) return;
    core.current = createLineChart(
      c,
      (w) => onWindowRef.current(w),
      (vertices) => figRef.current?.setAttribute('data-vertices', String(vertices)),
    );
    return () => {
      core.current?.destroy();
      core.current = null;
    };
  }, []);

  // The paint waits for an animation frame and is skipped while the chart is off screen; the
  // point count is written at once, so it is always current.
  const visible = useOnScreen(figRef);
  useEffect(() => {
    figRef.current?.setAttribute('data-points', String(pointCount(series)));
    figRef.current?.setAttribute('data-last-t', lastTime(series));
    core.current?.update({ series, guides, scales: { x, y }, g, duration: time.max > 0 ? time.max : 1, window: timeWindow }, size.width > 0 && visible);
    // y derives from series and size, which the dependencies cover.
  }, [version, series, x, innerH, size.width, guides, yAxis.top, visible, lineWidth, timeWindow, time.max]);

  const tk = ticks({ x, y }, g);
  const reads = hover === null ? [] : readings(series, hover.t, yAxis.unit ?? '', LEGEND_MAX);

  const exportAs = (format: 'svg' | 'png') => {
    const axes = axesRef.current;
    if (!axes) return;
    const legend = series.slice(0, LEGEND_MAX).map((s) => ({ label: s.label, color: s.color, dashed: s.dashed }));
    const doc = chartDocument(axes, title, legend, plotSvg(series, guides, { x, y }, g, `clip-${testId}`));
    void downloadChart(doc, exportName(), format);
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
      {...dataAttrs}
    >
      <figcaption>
        <span className="chart-title">{title}</span>
        {controls}
        <ul className="legend" aria-label={i18n._({ id: 'chart.legend-label', message: '{title} legend (click to show or hide a series)', values: { title } })}>
          {allSeries.slice(0, legendMax).map((s) => (
            <li key={s.key}>
              <button
                type="button"
                className={hidden.has(s.key) ? 'legend-toggle off' : 'legend-toggle'}
                aria-pressed={!hidden.has(s.key)}
                data-series-key={s.key}
                data-hidden={hidden.has(s.key)}
                onClick={() => toggle(s.key)}
                title={hidden.has(s.key) ? i18n._({ id: 'chart.show-series', message: 'Show this series' }) : i18n._({ id: 'chart.hide-series', message: 'Hide this series' })}
              >
                <span className={s.dashed ? 'swatch dashed' : 'swatch'} style={{ borderColor: s.color }} aria-hidden="true" />
                {s.label}
              </button>
            </li>
          ))}
          {allSeries.length > legendMax && <li className="muted">{i18n._({ id: 'chart.more-series', message: '+{n} more', values: { n: allSeries.length - legendMax } })}</li>}
          {guides.length > 0 && guideLabel && (
            <li>
              <span className="swatch dashed" style={{ borderColor: guides[0]!.color }} aria-hidden="true" />
              {guideLabel}
            </li>
          )}
          {markNote && (
            <li data-testid={`${testId}-mark-note`}>
              <span className="mark-swatch" aria-hidden="true">
                ▲
              </span>{' '}
              {markNote}
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
          <ChartDataToggle testId={testId} open={dataOpen} onToggle={() => setDataOpen((o) => !o)} />
        </span>
        {timeWindow !== null && (
          <button type="button" className="link-button" data-testid={`${testId}-unzoom`} onClick={() => onWindow(null)}>
            {i18n._({ id: 'chart.whole-run', message: 'whole run' })}
          </button>
        )}
      </figcaption>
      <div className="chart-box" ref={boxRef}>
        <canvas
          ref={canvasRef}
          className="chart-canvas"
          style={{ left: M.left, top: M.top }}
          role="img"
          aria-label={i18n._({
            id: 'chart.canvas-label',
            message: '{title}: {y} against {x}. Scroll to zoom the time axis, drag to pan, double-click for the whole run.',
            values: { title, y: yAxis.label, x: xLabel },
          })}
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
              {tk.y.map((t) => (
                <g key={`y${t.value}`} transform={`translate(0,${t.at})`}>
                  <line className="grid" x2={innerW} />
                  <text className="tick" x={-6} dy="0.32em" textAnchor="end">
                    {t.text}
                  </text>
                </g>
              ))}
              {tk.x.map((t) => (
                <g key={`x${t.value}`} transform={`translate(${t.at},${innerH})`}>
                  <line className="tick-mark" y2={5} />
                  <text className="tick" y={projector ? 21 : 17} textAnchor="middle">
                    {t.text}
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
                {yAxis.label}
              </text>
            </g>
          </svg>
        )}
        {series.length === 0 && emptyText && <p className="chart-empty">{emptyText}</p>}
        {hover !== null && reads.length > 0 && (
          <div
            className="readout"
            data-testid={`${testId}-readout`}
            data-t={hover.t}
            style={hover.px > innerW / 2 ? { right: M.right + innerW - hover.px + 12, top: M.top + 4 } : { left: M.left + hover.px + 12, top: M.top + 4 }}
          >
            <div className="readout-t">t = {formatReading(hover.t, 's')}</div>
            {reads.map((r) => (
              <div key={r.key} className="readout-row" data-series-key={r.key}>
                <span className="swatch" style={{ borderColor: r.color }} aria-hidden="true" /> {r.label}: <strong>{r.text}</strong>
              </div>
            ))}
          </div>
        )}
      </div>
      {dataOpen && <ChartData testId={testId} title={title} unit={yAxis.unit ?? ''} series={allSeries} version={version} />}
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
