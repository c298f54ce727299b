import { describe, expect, it } from 'vitest';
import { SeriesBuffer } from '../lib/seriesBuffer';
import { geometry, lastTime, plotSvg, pointCount, readings, ticks, timeRange, timeScale, valueScale, visibleMax } from './lineChart';

function buf(points: [number, number][]): SeriesBuffer {
  const b = new SeriesBuffer(64);
  for (const [t, v] of points) b.push(t, v);
  return b;
}

const queue = { key: 'link/b/queue', label: 'b', color: '#d55e00', buf: buf([[0, 0], [1, 50_000], [2, 20_000], [3, 10_000]]), factor: 1e-3 };
const cwnd = { key: 'flow/f1/cwnd', label: 'f1', color: '#0072b2', buf: buf([[0, 10], [1, 40], [2, 30]]) };

describe('line chart geometry', () => {
  it('leaves the margins for the axes, wider in projector mode, with thicker lines', () => {
    const g = geometry(600, 240, false);
    expect([g.innerW, g.innerH, g.lineWidth]).toEqual([600 - 56 - 14, 240 - 10 - 38, 1]);
    const p = geometry(600, 240, true);
    expect(p.innerW).toBeLessThan(g.innerW);
    expect(p.lineWidth).toBe(2.5);
    // A box not laid out yet still gives a drawable area.
    expect(geometry(0, 0, false).innerW).toBe(10);
  });

  it('shows the whole run, or the window', () => {
    expect(timeRange(null, 30)).toEqual([0, 30]);
    expect(timeRange([5, 8], 30)).toEqual([5, 8]);
    expect(timeRange(null, 0)).toEqual([0, 1]);
  });
});

describe('line chart scales', () => {
  const g = geometry(600, 240, false);

  it('fits the y axis to what is visible, factor and guides included', () => {
    expect(visibleMax([queue], [], null, [0, 3])).toBeCloseTo(50);
    // Zoomed past the peak: only what the window shows counts.
    expect(visibleMax([queue], [], [2, 3], [2, 3])).toBeCloseTo(20);
    expect(visibleMax([queue], [{ value: 80, color: '#000' }], null, [0, 3])).toBe(80);
    expect(visibleMax([], [], null, [0, 1])).toBe(0);
  });

  it('tops the y axis 5 % over the data unless the top is fixed, starting at 0', () => {
    const fit = valueScale(50, undefined, g);
    expect(fit.domain()[0]).toBe(0);
    expect(fit.domain()[1]).toBeGreaterThanOrEqual(52.5);
    expect(fit.domain()[1]).toBeLessThanOrEqual(60);
    expect(valueScale(50, 1, g).domain()).toEqual([0, 1]);
    expect(valueScale(0, undefined, g).domain()).toEqual([0, 1]);
    // Upside down on screen: 0 at the bottom of the plot.
    expect(fit(0)).toBe(g.innerH);
  });

  it('puts ticks inside the plot at readable spacing', () => {
    const x = timeScale([0, 30], g);
    const y = valueScale(50, undefined, g);
    const tk = ticks({ x, y }, g);
    expect(tk.x.length).toBeGreaterThanOrEqual(2);
    expect(tk.x.length).toBeLessThanOrEqual(Math.floor(g.innerW / 80) * 2 + 1);
    for (const t of tk.x) expect(t.at).toBeGreaterThanOrEqual(0);
    for (const t of tk.x) expect(t.at).toBeLessThanOrEqual(g.innerW);
    expect(tk.y[0]).toEqual({ value: 0, at: g.innerH, text: '0' });
  });
});

describe('line chart read-outs and export', () => {
  it('reads each series at the nearest point, scaled, with its unit', () => {
    const r = readings([queue, cwnd], 1.1, 'kB', 8);
    expect(r.map((x) => x.key)).toEqual([queue.key, cwnd.key]);
    expect(r[0]!.text).toContain('50');
    expect(r[0]!.text).toContain('kB');
    expect(readings([queue, cwnd], 1, '', 1)).toHaveLength(1);
    expect(readings([{ ...cwnd, buf: buf([]) }], 1, '', 8)[0]!.text).toBe('–');
  });

  it('counts points and says where the lines end', () => {
    expect(pointCount([queue, cwnd])).toBe(7);
    expect(lastTime([queue, cwnd])).toBe('3');
    expect(lastTime([])).toBe('');
  });

  it('exports every series as a clipped vector path, guides dashed, colours escaped', () => {
    const g = geometry(600, 240, false);
    const scales = { x: timeScale([0, 3], g), y: valueScale(50, undefined, g) };
    const svg = plotSvg([queue, { ...cwnd, dashed: true, color: '"x"' }], [{ value: 40, color: '#111' }], scales, g, 'clip-a');
    expect(svg.match(/<path /g)).toHaveLength(2);
    expect(svg).toContain('clip-path="url(#clip-a)"');
    expect(svg).toContain('stroke-dasharray="4 4"');
    expect(svg).toContain('stroke-dasharray="5 3"');
    expect(svg).toContain('&quot;x&quot;');
    // The queue's peak (50 kB after its factor) is drawn at its scaled height.
    const first = /<path d="([^"]+)"/.exec(svg)![1]!;
    const ys = [...first.matchAll(/,(-?[\d.]+)/g)].map((m) => Number(m[1]));
    expect(Math.min(...ys)).toBeCloseTo(scales.y(50), 2);
  });
});
