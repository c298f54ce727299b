// The guided tour's driver: plays the lab's run from stop to stop. The worker pauses exactly at
// each stop's time (`play until`, worker/sim.worker.ts), the tour state (lib/tour.ts) turns
// that pause into the stop's callout, and Next plays on to the following stop.
//
// The tour ends when the user seeks or steps (the run is no longer where the tour put it), when
// another run loads (a knob, the variant, the editor: the tour described the old one), when the
// run ends before the next stop, or on End tour / Esc. Play at a stop is Next; Pause on the way
// just pauses (Play resumes towards the same stop).
import { useSyncExternalStore } from 'react';
import { type TourState, TOUR_OFF, currentStop, tourReducer, tourStops } from '../lib/tour';
import { currentPreset, defaultKnobValues, type LabState } from '../store/state';
import { tourMismatch } from '../lib/tourFit';
import { createStore, labStore } from '../store/store';
import type { TourStop } from '../types';
import { lab } from './controller';

export const tourStore = createStore(tourReducer, TOUR_OFF);

export function useTour<T>(select: (s: TourState) => T): T {
  return useSyncExternalStore(tourStore.subscribe, () => select(tourStore.getState()));
}

/** The stops the lab's current run shows (its preset's tour, under its variant, inside the run). */
export function labTourStops(s: LabState): TourStop[] {
  if (labTourMismatch(s) !== null) return [];
  const preset = currentPreset(s);
  const variant = s.variant ?? preset?.origin?.variant ?? null;
  return tourStops(preset?.tour, variant, s.end ?? s.duration);
}

/** Why the preset's tour is not offered for the scenario on screen (lib/tourFit.ts), or null. */
export function labTourMismatch(s: LabState): string | null {
  const preset = currentPreset(s);
  return tourMismatch(preset, defaultKnobValues(preset, s.variant), s.knobValues);
}

class TourDriver {
  private cleanups: (() => void)[] = [];

  /** Starts the tour of the run on screen, from its beginning (reloading it when it is past the first stop). */
  start(): void {
    this.end();
    const s = labStore.getState();
    const stops = labTourStops(s);
    const first = stops[0];
    if (first === undefined) return;
    if (s.runId !== 0 && s.run !== 'finished' && s.run !== 'loading' && s.seekTarget === null && s.simTime < first.at_s) {
      this.begin(stops);
      return;
    }
    // Too late for the first stop: the same run again from t = 0, paused, then the tour.
    const before = s.runId;
    const off = labStore.subscribe(() => {
      const now = labStore.getState();
      if (now.run === 'error') return void off();
      if (now.runId !== before && now.run === 'paused') {
        off();
        this.begin(labTourStops(now));
      }
    });
    this.cleanups.push(off);
    lab.reset();
  }

  next(): void {
    tourStore.dispatch({ type: 'next' });
    this.travel();
  }

  end(): void {
    for (const fn of this.cleanups.splice(0)) fn();
    tourStore.dispatch({ type: 'end' });
  }

  private begin(stops: TourStop[]): void {
    const runId = labStore.getState().runId;
    tourStore.dispatch({ type: 'start', stops, runId });
    this.cleanups.push(
      labStore.subscribe(() => this.follow()),
      lab.onIntent((intent) => {
        const t = tourStore.getState();
        if (intent === 'seek' || intent === 'step') this.end();
        else if (intent === 'play' && t.status === 'at') this.next();
        else if (intent === 'play' && t.status === 'travelling') this.travel();
      }),
    );
    const keys = (e: KeyboardEvent) => this.key(e);
    // Capture: ahead of the lab's own shortcuts, where → is Step.
    window.addEventListener('keydown', keys, true);
    this.cleanups.push(() => window.removeEventListener('keydown', keys, true));
    this.travel();
  }

  /** Plays towards the stop the tour is travelling to. */
  private travel(): void {
    const t = tourStore.getState();
    if (t.status === 'travelling') lab.playUntil(t.stops[t.index]!.at_s);
    else if (t.status === 'off') this.end();
  }

  /** The run changed: arrived at the stop, or a new run, or the end. */
  private follow(): void {
    const t = tourStore.getState();
    if (t.status === 'off') return;
    const s = labStore.getState();
    if (s.runId !== t.runId || s.run === 'error') return void this.end();
    if (s.run === 'paused' && s.seekTarget === null) tourStore.dispatch({ type: 'paused', t: s.simTime, runId: s.runId });
    else if (s.run === 'finished') this.end();
  }

  private key(e: KeyboardEvent): void {
    const t = tourStore.getState();
    if (t.status === 'off' || e.ctrlKey || e.metaKey || e.altKey) return;
    const el = e.target as HTMLElement | null;
    if (el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable)) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopImmediatePropagation();
      this.end();
    } else if (e.key === 'ArrowRight' && currentStop(t) !== null && !e.shiftKey) {
      e.preventDefault();
      e.stopImmediatePropagation();
      this.next();
    }
  }
}

export const tour = new TourDriver();
