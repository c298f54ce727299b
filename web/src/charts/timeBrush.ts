// The overview strip's brush over the whole run, on d3-brush: dragging selects [t0, t1] and sets
// the one time window all charts show (the same store value the charts' wheel zoom sets, see
// charts/timeZoom.ts), so the brush follows zooming and panning in the charts, and they follow
// the brush. Clearing the brush (a click beside it, a double-click, or the "whole run" button)
// shows the whole run. The keyboard moves and resizes the window (`keyWindow`).
//
// The mapping functions are pure and unit-tested (timeBrush.test.ts); `createTimeBrush` wires
// them to d3-brush and is created once per element in an effect, like createTimeZoom.
import type { TimeWindow } from '../types';
import { deferred, timeBehaviours } from './behaviours';
import { MAX_SCALE } from './timeZoom';

/** The narrowest window: the charts' deepest zoom (a thousandth of the run). */
export function minSpan(duration: number): number {
  return duration / MAX_SCALE;
}

/**
 * A window [t0, t1] made valid for a run of `duration` seconds: cut to the run, at least
 * `minSpan` wide (widened about its centre, then pushed back inside), null when it covers the
 * whole run (or the run has no length).
 */
export function clampWindow(t0: number, t1: number, duration: number): TimeWindow {
  if (!(duration > 0) || !Number.isFinite(t0) || !Number.isFinite(t1)) return null;
  let a = Math.max(0, Math.min(t0, t1, duration));
  let b = Math.min(duration, Math.max(t0, t1, 0));
  const min = minSpan(duration);
  if (b - a < min) {
    const mid = (a + b) / 2;
    a = Math.min(Math.max(0, mid - min / 2), duration - min);
    b = a + min;
  }
  if (a <= 0 && b >= duration) return null;
  return [a, b];
}

/** The window a brush selection of pixels [x0, x1] on a strip `width` px wide stands for. */
export function windowFromPixels(x0: number, x1: number, width: number, duration: number): TimeWindow {
  if (!(width > 0)) return null;
  return clampWindow((x0 / width) * duration, (x1 / width) * duration, duration);
}

/** The brush selection in pixels that shows `window`; null (no brush) for the whole run. */
export function pixelsFromWindow(window: TimeWindow, width: number, duration: number): [number, number] | null {
  if (window === null || !(duration > 0) || !(width > 0)) return null;
  const px = (t: number) => Math.min(width, Math.max(0, (t / duration) * width));
  return [px(window[0]), px(window[1])];
}

/** Fraction of the window's width one arrow key moves or resizes it by. */
export const KEY_STEP = 0.1;

/**
 * The window after a key on the focused strip, or undefined when the key does nothing here:
 * ←/→ move it by a tenth of its width, Shift+←/→ narrow or widen it by a tenth (its start
 * stays), Home/End move it to the start/end of the run, Escape shows the whole run.
 */
export function keyWindow(window: TimeWindow, duration: number, key: string, shift: boolean): TimeWindow | undefined {
  if (!(duration > 0)) return undefined;
  const [t0, t1] = window ?? [0, duration];
  const span = t1 - t0;
  const step = span * KEY_STEP;
  switch (key) {
    case 'ArrowLeft':
      if (shift) return clampWindow(t0, t1 - step, duration);
      return window === null ? null : clampWindow(Math.max(0, t0 - step), Math.max(0, t0 - step) + span, duration);
    case 'ArrowRight':
      if (shift) return clampWindow(t0, Math.min(duration, t1 + step), duration);
      return window === null ? null : clampWindow(Math.min(duration - span, t0 + step), Math.min(duration - span, t0 + step) + span, duration);
    case 'Home':
      return window === null ? null : clampWindow(0, span, duration);
    case 'End':
      return window === null ? null : clampWindow(duration - span, duration, duration);
    case 'Escape':
      return null;
    default:
      return undefined;
  }
}

export interface TimeBrush {
  /** Re-fits the brush to the strip size and the run length, and shows `window`. */
  update(width: number, height: number, duration: number, window: TimeWindow): void;
  destroy(): void;
}

/**
 * The brush on the SVG group `node`; user gestures are reported through `onWindow`. Its d3 code
 * loads once the first run is live (charts/behaviours.ts); until then it only remembers what to show.
 */
export function createTimeBrush(node: SVGGElement, onWindow: (w: TimeWindow) => void): TimeBrush {
  return deferred(() => timeBehaviours().then((m) => m.brushOn(node, onWindow)));
}
