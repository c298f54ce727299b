// Framework-free canvas renderer for live line charts: created once per <canvas> in an
// effect, then `draw` is called with D3 scales whenever data or size change. React owns the
// DOM (axes, legend); this module only paints lines.
import type { ScaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import type { SeriesBuffer } from '../lib/seriesBuffer';
import { m4 } from './m4';
import { bursts } from './bursts';

export interface CanvasSeries {
  color: string;
  buf: SeriesBuffer;
  /** Multiplies values before scaling (e.g. bytes → kB). */
  factor?: number;
  dashed?: boolean;
  /**
   * The line's capacity (plotted units): every run of points above it is a burst of held-back
   * data (charts/bursts.ts), marked with a triangle at its peak (goodput above the bottleneck).
   */
  markAbove?: number;
}

/** The burst marker: a filled triangle pointing up, `r` px from its centre to a corner. */
export function burstMarker(cx: number, cy: number, r = 5): [number, number][] {
  return [
    [cx, cy - r],
    [cx + r, cy + r * 0.7],
    [cx - r, cy + r * 0.7],
  ];
}

/** The series' points as plotted (factor applied), for the burst finder. */
export function plotted(s: CanvasSeries): { t: number; v: number }[] {
  const f = s.factor ?? 1;
  return s.buf.toArray().map((p) => ({ t: p.t, v: p.v * f }));
}

export interface LineCanvas {
  /**
   * Paints all series; returns the number of series points plotted. Lines are stroked through
   * the M4 reduction of those points (charts/m4.ts): the same pixels, far fewer vertices.
   */
  draw(series: CanvasSeries[], x: ScaleLinear<number, number>, y: ScaleLinear<number, number>, guides?: Guide[], lineWidth?: number): number;
  resize(width: number, height: number): void;
  /** Vertices the last draw stroked (for tests: at most four per pixel column and series). */
  readonly vertices: number;
  destroy(): void;
}

export interface Guide {
  /** A horizontal reference line at this (already scaled-by-factor) value. */
  value: number;
  color: string;
}

export function createLineCanvas(canvas: HTMLCanvasElement): LineCanvas {
  const ctx = canvas.getContext('2d');
  let width = 0;
  let height = 0;
  let dpr = 1;
  // Reused scratch arrays (pixel positions, then their M4 reduction) so a redraw allocates
  // nothing once they have grown to the longest series.
  let xs = new Float64Array(0);
  let ys = new Float64Array(0);
  let rx = new Float64Array(0);
  let ry = new Float64Array(0);
  let index = new Uint32Array(0);
  /** Vertices stroked by the last draw (after the M4 reduction). */
  let vertices = 0;

  return {
    resize(w, h) {
      dpr = Math.max(1, globalThis.devicePixelRatio || 1);
      width = Math.max(1, Math.floor(w));
      height = Math.max(1, Math.floor(h));
      canvas.width = Math.floor(width * dpr);
      canvas.height = Math.floor(height * dpr);
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
    },
    draw(series, x, y, guides = [], lineWidth = 1) {
      if (!ctx) return 0;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.clearRect(0, 0, width, height);
      for (const g of guides) {
        const gy = Math.round(y(g.value)) + 0.5;
        ctx.save();
        ctx.strokeStyle = g.color;
        ctx.setLineDash([4, 4]);
        ctx.lineWidth = 1;
        ctx.beginPath();
        ctx.moveTo(0, gy);
        ctx.lineTo(width, gy);
        ctx.stroke();
        ctx.restore();
      }
      let drawn = 0;
      vertices = 0;
      const path = line<number>()
        .x((i) => rx[i]!)
        .y((i) => ry[i]!)
        .context(ctx);
      for (const s of series) {
        const n = s.buf.length;
        if (n === 0) continue;
        const f = s.factor ?? 1;
        if (xs.length < n) {
          const cap = Math.max(n, 2 * xs.length);
          xs = new Float64Array(cap);
          ys = new Float64Array(cap);
          rx = new Float64Array(cap);
          ry = new Float64Array(cap);
          index = Uint32Array.from({ length: cap }, (_, i) => i);
        }
        // The scales are linear and unclamped: one multiply-add per point instead of a scale
        // call (this loop runs over every stored point of every series on each repaint).
        const bx = x(0);
        const ax = x(1) - bx;
        const by = y(0);
        const ay = (y(1) - by) * f;
        s.buf.forEach((t, v, i) => {
          xs[i] = ax * t + bx;
          ys[i] = ay * v + by;
        });
        const m = m4(xs, ys, n, width, rx, ry, dpr);
        ctx.beginPath();
        path(index.subarray(0, m) as unknown as number[]);
        ctx.strokeStyle = s.color;
        // One pixel: Skia rasterises 1 px anti-aliased lines on a fast path; at 1.5 px a jagged
        // series (a cwnd saw-tooth, a queue) cost ten times as much CPU raster per repaint,
        // which made the frames long while the charts streamed (measured in headless Chromium).
        // Projector mode asks for thicker lines anyway: legibility from the back of a room is
        // worth that raster cost there.
        ctx.lineWidth = lineWidth;
        ctx.lineJoin = 'round';
        ctx.setLineDash(s.dashed ? [5, 3] : []);
        ctx.stroke();
        if (s.markAbove !== undefined) {
          ctx.setLineDash([]);
          ctx.fillStyle = s.color;
          for (const b of bursts(plotted(s), s.markAbove)) {
            const pts = burstMarker(x(b.peakT), y(b.peakV));
            ctx.beginPath();
            ctx.moveTo(pts[0]![0], pts[0]![1]);
            for (const [px, py] of pts.slice(1)) ctx.lineTo(px, py);
            ctx.closePath();
            ctx.fill();
          }
        }
        drawn += n;
        vertices += m;
      }
      return drawn;
    },
    get vertices() {
      return vertices;
    },
    destroy() {
      ctx?.clearRect(0, 0, canvas.width, canvas.height);
    },
  };
}
