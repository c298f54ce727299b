// The d3 behaviours of the time axis: the charts' wheel / drag zoom (d3-zoom) and the overview
// strip's brush (d3-brush), both with d3-transition under them. A chunk of its own, loaded once
// the first run is live (charts/behaviours.ts; issue 31 part 5, first load over a shared
// classroom link): a run needs them only when someone zooms or brushes. The mapping between
// pixels and time windows is in timeZoom.ts and timeBrush.ts (pure, unit-tested).
import { type BrushBehavior, type D3BrushEvent, brushSelection, brushX } from 'd3-brush';
import { select } from 'd3-selection';
import { type D3ZoomEvent, type ZoomBehavior, zoom, zoomIdentity } from 'd3-zoom';
import type { TimeWindow } from '../types';
import { type TimeBrush, pixelsFromWindow, windowFromPixels } from './timeBrush';
import { MAX_SCALE, type TimeZoom, transformFor, windowFor } from './timeZoom';

/** d3-zoom on a chart's plot area (timeZoom.ts's createTimeZoom). */
export function zoomOn(domNode: Element, onWindow: (w: TimeWindow) => void): TimeZoom {
  const sel = select(domNode);
  let width = 0;
  let duration = 0;
  // Set while we move the behaviour ourselves, so that echo is not reported back.
  let syncing = false;
  const behaviour: ZoomBehavior<Element, unknown> = zoom<Element, unknown>()
    .scaleExtent([1, MAX_SCALE])
    .on('zoom', (event: D3ZoomEvent<Element, unknown>) => {
      if (syncing) return;
      onWindow(windowFor(event.transform.k, event.transform.x, duration, width));
    });
  sel.call(behaviour).on('dblclick.zoom', null).on('dblclick.reset', () => onWindow(null));

  return {
    update(w, h, d, window) {
      width = w;
      duration = d;
      behaviour.extent([
        [0, 0],
        [w, h],
      ]);
      behaviour.translateExtent([
        [0, 0],
        [w, h],
      ]);
      const { k, x } = transformFor(window, d, w);
      syncing = true;
      try {
        sel.call(behaviour.transform, zoomIdentity.translate(x, 0).scale(k));
      } finally {
        syncing = false;
      }
    },
    destroy() {
      sel.on('.zoom', null).on('dblclick.reset', null);
    },
  };
}

/** d3-brush on the overview strip's SVG group `node` (timeBrush.ts's createTimeBrush). */
export function brushOn(node: SVGGElement, onWindow: (w: TimeWindow) => void): TimeBrush {
  const g = select(node);
  let width = 0;
  let duration = 0;
  // True while the user drags: the store's echo of the drag must not move the brush under them.
  let dragging = false;
  const behaviour: BrushBehavior<unknown> = brushX<unknown>()
    .on('start', (event: D3BrushEvent<unknown>) => {
      if (event.sourceEvent) dragging = true;
    })
    .on('brush', (event: D3BrushEvent<unknown>) => {
      if (!event.sourceEvent || !event.selection) return;
      const [x0, x1] = event.selection as [number, number];
      onWindow(windowFromPixels(x0, x1, width, duration));
    })
    .on('end', (event: D3BrushEvent<unknown>) => {
      if (!event.sourceEvent) return;
      dragging = false;
      // A click beside the selection clears it: the whole run.
      const sel = event.selection as [number, number] | null;
      onWindow(sel === null ? null : windowFromPixels(sel[0], sel[1], width, duration));
    });
  g.call(behaviour);
  g.on('dblclick.reset', () => onWindow(null));

  return {
    update(w, h, d, window) {
      const resized = w !== width;
      width = w;
      duration = d;
      if (resized) {
        behaviour.extent([
          [0, 0],
          [w, h],
        ]);
        g.call(behaviour);
      }
      if (dragging) return;
      const want = pixelsFromWindow(window, w, d);
      const have = brushSelection(node) as [number, number] | null;
      const same = want === null ? have === null : have !== null && Math.abs(have[0] - want[0]) < 0.5 && Math.abs(have[1] - want[1]) < 0.5;
      if (!same) g.call(behaviour.move, want);
    },
    destroy() {
      g.on('.brush', null).on('dblclick.reset', null);
    },
  };
}
