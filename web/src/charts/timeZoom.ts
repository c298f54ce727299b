// Framework-free time-axis zoom for a chart's plot area, on d3-zoom (timeBehaviours.ts): created once per element
// in an effect, then kept in step with the shared time window by `update`. Wheel or pinch
// zooms the time axis, drag pans it, double-click shows the whole run again. Every chart
// reports its gestures through `onWindow`; the store holds the one window all charts show,
// so zooming one chart zooms the others.
import type { TimeWindow } from '../types';
import { deferred, timeBehaviours } from './behaviours';

export interface TimeZoom {
  /** Re-fits the behaviour to the plot size and the run length, and shows `window`. */
  update(width: number, height: number, duration: number, window: TimeWindow): void;
  destroy(): void;
}

/** Deepest zoom: a thousandth of the run. */
export const MAX_SCALE = 1000;

/**
 * The zoom transform (scale k, shift x in pixels) that shows `window` of a run of `duration`
 * seconds on `width` pixels; identity for the whole run.
 */
export function transformFor(window: TimeWindow, duration: number, width: number): { k: number; x: number } {
  if (window === null || duration <= 0 || width <= 0) return { k: 1, x: 0 };
  const [t0, t1] = window;
  const k = Math.min(MAX_SCALE, Math.max(1, duration / Math.max(t1 - t0, duration / MAX_SCALE)));
  return { k, x: -(t0 / duration) * width * k };
}

/** The window a transform shows; null when it shows the whole run. */
export function windowFor(k: number, x: number, duration: number, width: number): TimeWindow {
  if (k <= 1 + 1e-9 || duration <= 0 || width <= 0) return null;
  const t0 = Math.max(0, (-x / (width * k)) * duration);
  const t1 = Math.min(duration, t0 + duration / k);
  return [t0, t1];
}

/**
 * The zoom on `domNode` (a chart's plot area): gestures are reported through `onWindow`. Its
 * d3 code loads once the first run is live (charts/behaviours.ts); until then it only
 * remembers what to show.
 */
export function createTimeZoom(domNode: Element, onWindow: (w: TimeWindow) => void): TimeZoom {
  return deferred(() => timeBehaviours().then((m) => m.zoomOn(domNode, onWindow)));
}
