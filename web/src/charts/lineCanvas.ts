// Framework-free canvas renderer for live line charts: created once per <canvas> in an
// effect, then `draw` is called with D3 scales whenever data or size change. React owns the
// DOM (axes, legend); this module only paints lines.
import type { ScaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import type { SeriesBuffer } from '../lib/seriesBuffer';

export interface CanvasSeries {
  color: string;
  buf: SeriesBuffer;
  /** Multiplies values before scaling (e.g. bytes → kB). */
  factor?: number;
  dashed?: boolean;
}

export interface LineCanvas {
  /** Paints all series; returns the number of points drawn. */
  draw(series: CanvasSeries[], x: ScaleLinear<number, number>, y: ScaleLinear<number, number>, guides?: Guide[]): number;
  resize(width: number, height: number): void;
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
  // Reused scratch arrays so a redraw allocates little.
  let xs: number[] = [];
  let ys: number[] = [];

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
    draw(series, x, y, guides = []) {
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
      const path = line<number>()
        .x((i) => xs[i]!)
        .y((i) => ys[i]!)
        .context(ctx);
      for (const s of series) {
        const n = s.buf.length;
        if (n === 0) continue;
        const f = s.factor ?? 1;
        xs = new Array<number>(n);
        ys = new Array<number>(n);
        s.buf.forEach((t, v, i) => {
          xs[i] = x(t);
          ys[i] = y(v * f);
        });
        ctx.beginPath();
        path(Array.from({ length: n }, (_, i) => i));
        ctx.strokeStyle = s.color;
        ctx.lineWidth = 1.5;
        ctx.lineJoin = 'round';
        ctx.setLineDash(s.dashed ? [5, 3] : []);
        ctx.stroke();
        drawn += n;
      }
      return drawn;
    },
    destroy() {
      ctx?.clearRect(0, 0, canvas.width, canvas.height);
    },
  };
}
