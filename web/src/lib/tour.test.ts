import { describe, expect, it } from 'vitest';
import type { TourStop } from '../types';
import { TOUR_OFF, currentStop, stopBand, tourReducer, tourStops } from './tour';

const stop = (at_s: number, extra: Partial<TourStop> = {}): TourStop => ({ at_s, title: `t${at_s}`, text: 'x', chart: 'cwnd', ...extra });

describe('tourStops', () => {
  const tour = [stop(1), stop(8, { variant: 'quick' }), stop(20, { variant: 'full' }), stop(4)];
  it('keeps the stops of the variant, in time order', () => {
    expect(tourStops(tour, 'quick', 10).map((s) => s.at_s)).toEqual([1, 4, 8]);
    expect(tourStops(tour, null, 30).map((s) => s.at_s)).toEqual([1, 4, 20]);
  });
  it('drops stops after the run ends (a knob shortened it, or every flow finished)', () => {
    expect(tourStops(tour, null, 5).map((s) => s.at_s)).toEqual([1, 4]);
    expect(tourStops(undefined, null, 5)).toEqual([]);
  });
});

describe('stopBand', () => {
  it('centres the span on the stop, default 5 % of the run, never before 0', () => {
    expect(stopBand(stop(6.7, { span_s: 0.5 }), 10)).toEqual([6.45, 6.95]);
    expect(stopBand(stop(3), 10)).toEqual([2.75, 3.25]);
    expect(stopBand(stop(0.1, { span_s: 1 }), 10)).toEqual([0, 0.6]);
  });
});

describe('tourReducer', () => {
  const stops = [stop(1), stop(4), stop(8)];
  const started = tourReducer(TOUR_OFF, { type: 'start', stops, runId: 3 });
  it('travels to the first stop and shows it only when the run pauses exactly there', () => {
    expect(started).toMatchObject({ status: 'travelling', index: 0 });
    expect(currentStop(started)).toBeNull();
    // A pause elsewhere (the user paused on the way) or of another run is not the stop.
    expect(tourReducer(started, { type: 'paused', t: 0.5, runId: 3 })).toBe(started);
    expect(tourReducer(started, { type: 'paused', t: 1, runId: 4 })).toBe(started);
    const at = tourReducer(started, { type: 'paused', t: 1, runId: 3 });
    expect(currentStop(at)?.at_s).toBe(1);
  });
  it('Next travels on, the last Next and End turn it off', () => {
    let s = tourReducer(started, { type: 'paused', t: 1, runId: 3 });
    s = tourReducer(s, { type: 'next' });
    expect(s).toMatchObject({ status: 'travelling', index: 1 });
    expect(tourReducer(s, { type: 'next' })).toBe(s); // Next only at a stop
    s = tourReducer(s, { type: 'paused', t: 4, runId: 3 });
    s = tourReducer(tourReducer(s, { type: 'next' }), { type: 'paused', t: 8, runId: 3 });
    expect(currentStop(s)?.at_s).toBe(8);
    expect(tourReducer(s, { type: 'next' })).toBe(TOUR_OFF);
    expect(tourReducer(started, { type: 'end' })).toBe(TOUR_OFF);
  });
  it('a tour without stops does not start', () => {
    expect(tourReducer(TOUR_OFF, { type: 'start', stops: [], runId: 1 })).toBe(TOUR_OFF);
  });
});
