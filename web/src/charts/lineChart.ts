// Framework-free core of the live line chart (issue 28; the timeZoom.ts shape): its geometry,
// D3 scales and ticks, the hover read-out, the vector export, and — on a <canvas> — the line
// painter (lineCanvas.ts) and the time-axis zoom (timeZoom.ts) together, created once and kept
// up to date by `update`. components/LineChart.tsx only wires it to React: it renders the
// legend and the SVG axes from what this module computes, and calls it when props change.
//
// The y axis fits what is visible (the whole run, or the zoomed time window) unless the caller
// fixes its top (A/B compare's columns share one scale); it starts at 0 and is rounded to nice
// ticks. Everything but `createLineChart` is pure (unit-tested in lineChart.test.ts).
import { type ScaleLinear, scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { chartFrames } from './frameQueue';
import { type CanvasSeries, type Guide, burstMarker, createLineCanvas, plotted } from './lineCanvas';
import { bursts } from './bursts';
import { formatReading, nearest } from './readout';
import { type TimeZoom, createTimeZoom } from './timeZoom';
import { escapeXml } from '../lib/export';
import type { TimeWindow } from '../types';

export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** Where the plot sits in the chart's box, and how thick lines are. */
export interface Geometry {
  m: Margins;
  innerW: number;
  innerH: number;
  lineWidth: number;
  projector: boolean;
}

const M_NORMAL: Margins = { top: 10, right: 14, bottom: 38, left: 56 };
/** Projector mode: room for 15 px tick labels. */
const M_PROJECTOR: Margins = { top: 12, right: 18, bottom: 46, left: 72 };
/** Line width on the canvas (1 px is Skia's fast path; see lineCanvas.ts). */
const LINE_NORMAL = 1;
const LINE_PROJECTOR = 2.5;

/** The plot area of a `width` × `height` box (at least 10 px each way). */
export function geometry(width: number, height: number, projector: boolean): Geometry {
  const m = projector ? M_PROJECTOR : M_NORMAL;
  return { m, innerW: Math.max(10, width - m.left - m.right), innerH: Math.max(10, height - m.top - m.bottom), lineWidth: projector ? LINE_PROJECTOR : LINE_NORMAL, projector };
}

/** The time range shown: the window, else the whole run (`duration`, at least 1 s of axis when unknown). */
export function timeRange(window: TimeWindow, xMax: number): [number, number] {
  const duration = xMax > 0 ? xMax : 1;
  return [window?.[0] ?? 0, window?.[1] ?? duration];
}

/** The largest value visible in the time range (factor applied), guides included; 0 for none. */
export function visibleMax(series: readonly CanvasSeries[], guides: readonly Guide[], window: TimeWindow, [t0, t1]: [number, number]): number {
  let top = 0;
  for (const s of series) {
    if (s.buf.length === 0) continue;
    const m = window === null ? s.buf.max : s.buf.maxIn(t0, t1);
    if (Number.isFinite(m)) top = Math.max(top, m * (s.factor ?? 1));
  }
  for (const g of guides) top = Math.max(top, g.value);
  return top;
}

export interface Scales {
  x: ScaleLinear<number, number>;
  y: ScaleLinear<number, number>;
}

/** The time scale over the plot's width. */
export function timeScale([t0, t1]: [number, number], g: Geometry): ScaleLinear<number, number> {
  return scaleLinear().domain([t0, t1]).range([0, g.innerW]);
}

/** The value scale: from 0 to the fixed top, else 5 % above the visible maximum (1 when empty), nice. */
export function valueScale(visible: number, yTop: number | undefined, g: Geometry): ScaleLinear<number, number> {
  return scaleLinear()
    .domain([0, yTop !== undefined && yTop > 0 ? yTop : visible > 0 ? visible * 1.05 : 1])
    .range([g.innerH, 0])
    .nice(6);
}

export interface Tick {
  value: number;
  /** Pixel position along its axis. */
  at: number;
  text: string;
}

/** The axes' ticks: about one per 80 px of time and one per 40 px of value. */
export function ticks({ x, y }: Scales, g: Geometry): { x: Tick[]; y: Tick[] } {
  const xs = x.ticks(Math.max(2, Math.floor(g.innerW / 80)));
  const ys = y.ticks(Math.max(2, Math.floor(g.innerH / 40)));
  const xFmt = x.tickFormat(xs.length);
  const yFmt = y.tickFormat(ys.length);
  return { x: xs.map((v) => ({ value: v, at: x(v), text: xFmt(v) })), y: ys.map((v) => ({ value: v, at: y(v), text: yFmt(v) })) };
}

export interface ReadoutSeries extends CanvasSeries {
  key: string;
  label: string;
}

/** Each series' value nearest to time `t` (factor applied), with its unit; '–' where it has none. */
export function readings(series: readonly ReadoutSeries[], t: number, unit: string, max: number): { key: string; label: string; color: string; text: string }[] {
  return series.slice(0, max).map((s) => {
    const p = nearest(s.buf.toArray(), t);
    return { key: s.key, label: s.label, color: s.color, text: p ? formatReading(p.v * (s.factor ?? 1), unit) : '–' };
  });
}

/** Points in the series (what a chart plots; tests compare runs by it). */
export function pointCount(series: readonly CanvasSeries[]): number {
  let n = 0;
  for (const s of series) n += s.buf.length;
  return n;
}

/** The time of the newest point in the series (where the lines end); '' when there is none. */
export function lastTime(series: readonly CanvasSeries[]): string {
  let t = -Infinity;
  for (const s of series) if (s.buf.length > 0) t = Math.max(t, s.buf.lastT);
  return Number.isFinite(t) ? String(t) : '';
}

/**
 * The plot as SVG markup for a standalone export: guides dashed, every series a vector path,
 * clipped to the plot area (`clipId` must be unique in the document).
 */
export function plotSvg(series: readonly CanvasSeries[], guides: readonly Guide[], { x, y }: Scales, g: Geometry, clipId: string): string {
  const path = line<{ t: number; v: number }>()
    .x((p) => x(p.t))
    .y((p) => y(p.v));
  let body = `<g transform="translate(${g.m.left},${g.m.top})"><clipPath id="${clipId}"><rect width="${g.innerW}" height="${g.innerH}"/></clipPath><g clip-path="url(#${clipId})">`;
  for (const gd of guides) body += `<line x1="0" x2="${g.innerW}" y1="${y(gd.value)}" y2="${y(gd.value)}" stroke="${escapeXml(gd.color)}" stroke-dasharray="4 4"/>`;
  for (const s of series) {
    const f = s.factor ?? 1;
    const d = path(s.buf.toArray().map((p) => ({ t: p.t, v: p.v * f })));
    if (d) body += `<path d="${d}" fill="none" stroke="${escapeXml(s.color)}" stroke-width="1.5" stroke-linejoin="round"${s.dashed ? ' stroke-dasharray="5 3"' : ''}/>`;
    if (s.markAbove !== undefined) {
      for (const b of bursts(plotted(s), s.markAbove)) {
        const pts = burstMarker(x(b.peakT), y(b.peakV));
        body += `<path class="burst" d="M${pts.map(([px, py]) => `${px},${py}`).join('L')}Z" fill="${escapeXml(s.color)}"/>`;
      }
    }
  }
  return `${body}</g></g>`;
}

/** What a chart shows at one moment: its lines, guides, scales and plot area. */
export interface ChartState {
  series: readonly CanvasSeries[];
  guides: readonly Guide[];
  scales: Scales;
  g: Geometry;
  /** The run's length and the time window shown (for the zoom behaviour). */
  duration: number;
  window: TimeWindow;
}

/** A chart's canvas: lines painted on the next animation frame, the time axis zoomed by gestures. */
export interface LineChartCore {
  /** Shows `state`: re-fits the zoom and schedules a paint (none when `paint` is false: off screen). */
  update(state: ChartState, paint: boolean): void;
  /** Vertices the last paint stroked (for tests). */
  readonly vertices: number;
  destroy(): void;
}

/**
 * The core on `canvas`: `onWindow` hears the zoom gestures, `painted` each finished paint
 * (with the vertices stroked). Paints wait for an animation frame (frameQueue.ts), so a burst
 * of updates paints once.
 */
export function createLineChart(canvas: HTMLCanvasElement, onWindow: (w: TimeWindow) => void, painted: (vertices: number) => void): LineChartCore {
  const painter = createLineCanvas(canvas);
  const zoom: TimeZoom = createTimeZoom(canvas, onWindow);
  // The frame queue keys a pending paint by this object; the latest state wins.
  const frame = { current: () => {} };
  let size = { w: 0, h: 0 };
  // The zoom is moved only when what it shows changed: moving it on every data tick would
  // fight a gesture in progress.
  let zoomed = '';
  return {
    update(state, paint) {
      const { g } = state;
      if (g.innerW !== size.w || g.innerH !== size.h) {
        painter.resize(g.innerW, g.innerH);
        size = { w: g.innerW, h: g.innerH };
      }
      const shown = `${g.innerW} ${g.innerH} ${state.duration} ${state.window?.join(' ') ?? ''}`;
      if (shown !== zoomed) {
        zoom.update(g.innerW, g.innerH, state.duration, state.window);
        zoomed = shown;
      }
      if (!paint) return;
      frame.current = () => {
        painter.draw([...state.series], state.scales.x, state.scales.y, [...state.guides], g.lineWidth);
        painted(painter.vertices);
      };
      chartFrames.request(frame, () => frame.current());
    },
    get vertices() {
      return painter.vertices;
    },
    destroy() {
      chartFrames.cancel(frame);
      zoom.destroy();
      painter.destroy();
    },
  };
}
