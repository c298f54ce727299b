// Guided tours, the pure part: which stops a run shows, the band each highlights, and the tour's
// state machine (travelling to a stop → at the stop → Next … → ended). The preset JSON authors
// the stops (sim-wasm/core/src/scenario/tour.rs validates them; tests/tour.rs checks that their
// events happen where they say); sim/tour.ts drives the run from this state; unit-tested.
import type { TourStop } from '../types';

/** The band's width when a stop gives none: the engine's DEFAULT_SPAN_FRACTION of the run. */
export const DEFAULT_SPAN_FRACTION = 0.05;

/** Whether `stop` belongs to the run of `variant` (null = the preset as written, "full"). */
export function appliesTo(stop: TourStop, variant: string | null): boolean {
  if (stop.variant == null) return true;
  return stop.variant === (variant ?? 'full');
}

/**
 * The stops a run of `variant` shows, in time order: those for this variant that lie within the
 * run (`limit`: its end when known, else its duration — a knob may have shortened it).
 */
export function tourStops(tour: readonly TourStop[] | undefined, variant: string | null, limit: number): TourStop[] {
  return (tour ?? []).filter((s) => appliesTo(s, variant) && s.at_s <= limit).sort((a, b) => a.at_s - b.at_s);
}

/** The highlighted band [t0, t1] of `stop` in a run of `duration` seconds. */
export function stopBand(stop: TourStop, duration: number): [number, number] {
  const span = stop.span_s ?? duration * DEFAULT_SPAN_FRACTION;
  return [Math.max(0, stop.at_s - span / 2), stop.at_s + span / 2];
}

/**
 * `off`: no tour. `travelling`: the run plays towards stop `index` and pauses there.
 * `at`: paused at stop `index`, its callout shown.
 */
export type TourState =
  | { status: 'off' }
  | { status: 'travelling' | 'at'; stops: TourStop[]; index: number; runId: number };

export type TourAction =
  | { type: 'start'; stops: TourStop[]; runId: number }
  /** The run paused at simulated time `t` (run `runId`). */
  | { type: 'paused'; t: number; runId: number }
  | { type: 'next' }
  | { type: 'end' };

export const TOUR_OFF: TourState = { status: 'off' };

/** Within a nanosecond: the worker pauses exactly at the stop, on the engine's ns grid. */
const sameTime = (a: number, b: number) => Math.abs(a - b) < 1e-9 * Math.max(1, Math.abs(a));

export function tourReducer(s: TourState, a: TourAction): TourState {
  switch (a.type) {
    case 'start':
      return a.stops.length === 0 ? TOUR_OFF : { status: 'travelling', stops: a.stops, index: 0, runId: a.runId };
    case 'paused':
      if (s.status !== 'travelling' || a.runId !== s.runId || !sameTime(a.t, s.stops[s.index]!.at_s)) return s;
      return { ...s, status: 'at' };
    case 'next':
      if (s.status !== 'at') return s;
      return s.index + 1 < s.stops.length ? { ...s, status: 'travelling', index: s.index + 1 } : TOUR_OFF;
    case 'end':
      return s.status === 'off' ? s : TOUR_OFF;
  }
}

/** The stop on screen (its callout and band), or null while travelling or off. */
export function currentStop(s: TourState): TourStop | null {
  return s.status === 'at' ? s.stops[s.index]! : null;
}
