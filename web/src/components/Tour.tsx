// The guided tour on the page: the "Tour" button (shown when the preset has stops for the run
// on screen) and the callout at a stop — its time, title and text, Next and End tour (→ / Esc).
// At a stop the named chart is scrolled into view and draws the stop's band (LineChart reads
// `tourBandFor`); the other charts dim a little (the `tour-dim` class).
import { useLingui } from '@lingui/react';
import { localText } from '../i18n/localText';
import { useEffect, useRef } from 'react';
import { currentStop, stopBand } from '../lib/tour';
import { formatReading } from '../charts/readout';
import { labTourMismatch, labTourStops, tour, useTour } from '../sim/tour';
import { useLab } from '../store/store';

/** The band a chart (by its test id, `chart-<id>`) highlights now, or null. */
export function useTourBand(testId: string): [number, number] | null {
  const stop = useTour(currentStop);
  const duration = useLab((s) => s.duration);
  if (stop === null || `chart-${stop.chart}` !== testId) return null;
  return stopBand(stop, duration);
}

/** Whether a tour stop is on screen and names another chart than `testId` (that chart dims). */
export function useTourDims(testId: string): boolean {
  const stop = useTour(currentStop);
  return stop !== null && testId.startsWith('chart-') && `chart-${stop.chart}` !== testId;
}

export function TourButton() {
  const { i18n } = useLingui();
  const count = useLab((s) => labTourStops(s).length);
  const withheld = useLab(labTourMismatch);
  const active = useTour((t) => t.status !== 'off');
  if (withheld !== null && !active) {
    return (
      <p className="tour-bar muted" data-testid="tour-withheld">
        {i18n._({ id: 'tour.withheld', message: 'No tour: {reason}.', values: { reason: withheld } })}
      </p>
    );
  }
  if (count === 0) return null;
  return (
    <div className="tour-bar">
      {active ? (
        <button type="button" data-testid="tour-end" onClick={() => tour.end()}>
          {i18n._({ id: 'tour.end', message: 'End tour' })}
        </button>
      ) : (
        <button type="button" className="primary" data-testid="tour-start" data-stops={count} onClick={() => tour.start()} title={i18n._({ id: 'tour.start.help', message: 'Play the run and pause at its key moments' })}>
          {i18n._({ id: 'tour.start', message: '▶ Tour ({count} stops)', values: { count } })}
        </button>
      )}
    </div>
  );
}

export function TourCallout() {
  const { i18n } = useLingui();
  const state = useTour((t) => t);
  const stop = currentStop(state);
  const duration = useLab((s) => s.duration);
  const nextRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (stop === null) return;
    const chart = document.querySelector(`[data-testid="chart-${stop.chart}"]`);
    chart?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    // Focus Next, so Enter and Space continue (→ and Esc work from anywhere).
    nextRef.current?.focus({ preventScroll: true });
  }, [stop]);
  if (state.status === 'off') return null;
  if (stop === null) {
    return (
      <div className="tour-callout travelling" data-testid="tour-callout" data-state="travelling" data-tour-stop={state.index} role="status">
        {i18n._({
          id: 'tour.travelling',
          message: 'Tour: playing to stop {n} of {total} ({at})…',
          values: { n: state.index + 1, total: state.stops.length, at: formatReading(state.stops[state.index]!.at_s, 's') },
        })}
      </div>
    );
  }
  const [t0, t1] = stopBand(stop, duration);
  const last = state.index + 1 === state.stops.length;
  return (
    <div
      className="tour-callout"
      data-testid="tour-callout"
      data-state="at"
      data-tour-stop={state.index}
      data-at={stop.at_s}
      data-chart={stop.chart}
      data-band-t0={t0}
      data-band-t1={t1}
      role="dialog"
      aria-label={i18n._({ id: 'tour.stop.label', message: 'Tour stop {n} of {total}', values: { n: state.index + 1, total: state.stops.length } })}
    >
      <p className="tour-where muted">
        {i18n._({
          id: 'tour.stop.where',
          message: 'Stop {n} of {total} · t = {at}',
          values: { n: state.index + 1, total: state.stops.length, at: formatReading(stop.at_s, 's') },
        })}
      </p>
      <h3 className="tour-title">{localText(stop.title, i18n.locale)}</h3>
      <p className="tour-text">{localText(stop.text, i18n.locale)}</p>
      <div className="tour-actions">
        <button type="button" className="link-button" data-testid="tour-end-callout" onClick={() => tour.end()} title={i18n._({ id: 'tour.end.help', message: 'End the tour (Esc)' })}>
          {i18n._({ id: 'tour.end', message: 'End tour' })}
        </button>
        <button ref={nextRef} type="button" className="primary" data-testid="tour-next" onClick={() => (last ? tour.end() : tour.next())} title={i18n._({ id: 'tour.next.help', message: 'Play on to the next stop (→)' })}>
          {last ? i18n._({ id: 'tour.finish', message: 'Finish' }) : i18n._({ id: 'tour.next', message: 'Next →' })}
        </button>
      </div>
    </div>
  );
}
