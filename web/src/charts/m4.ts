// Pixel-column reduction of a polyline before it is stroked: M4 aggregation (Jugel, Jerzak,
// Hackenbroich, Markl, "M4: A Visualization-Oriented Time Series Data Aggregation", PVLDB 7(10),
// 2014). Of all the points that fall into one pixel column only the first, the last, the lowest
// and the highest are kept, in their original order. A line through those four covers exactly
// the pixels the line through all points covers (the paper's error-free rasterisation result),
// so the picture is the same while a chart with thousands of points per series strokes at most
// four vertices per column. The data itself is untouched: this only shortens what the canvas
// rasterises, which is what dominated the page's frame time when a run streams at full speed.
//
// Pure and allocation-free given scratch arrays; unit-tested in m4.test.ts.

/**
 * Reduces the points (xs[i], ys[i]), i < n, in increasing x, to at most four per pixel column of
 * a plot `width` pixels wide, writing them to (outX, outY) in the original order; returns how
 * many were written. Points left of 0 share one column and points at or right of `width` share
 * another, so lines still run to the plot edges when the time axis is zoomed. `dpr` is device
 * pixels per unit of x (a high-density screen has finer columns).
 */
export function m4(xs: ArrayLike<number>, ys: ArrayLike<number>, n: number, width: number, outX: Float64Array, outY: Float64Array, dpr = 1): number {
  let out = 0;
  let i = 0;
  while (i < n) {
    const col = column(xs[i]!, width, dpr);
    // One column: indices of its first, lowest, highest and last points.
    const first = i;
    let lo = i;
    let hi = i;
    let j = i + 1;
    while (j < n && column(xs[j]!, width, dpr) === col) {
      const y = ys[j]!;
      if (y < ys[lo]!) lo = j;
      if (y > ys[hi]!) hi = j;
      j++;
    }
    const last = j - 1;
    // The four in index order, each once (they often coincide).
    const a = Math.min(lo, hi);
    const b = Math.max(lo, hi);
    out = put(first, out);
    if (a !== first) out = put(a, out);
    if (b !== a && b !== first) out = put(b, out);
    if (last !== b && last !== first) out = put(last, out);
    i = j;
  }
  return out;

  function put(k: number, at: number): number {
    outX[at] = xs[k]!;
    outY[at] = ys[k]!;
    return at + 1;
  }
}

/** The pixel column of x, with everything off the plot folded into one column either side. */
function column(x: number, width: number, dpr: number): number {
  if (x < 0) return -1;
  if (x >= width) return Math.ceil(width * dpr);
  return Math.floor(x * dpr);
}
