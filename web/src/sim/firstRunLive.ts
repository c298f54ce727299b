// When the page's first run has gone live: its clock passed 0, or it settled without moving
// (paused by `?autoplay=0`, finished, failed). Once true it stays true, for the page's life.
//
// Everything the first run does not need waits for this (issue 31 part 5, first load over a
// shared classroom link: on a 2 Mbit/s link shared by a class, every byte fetched before the
// clock moves delays it): the whole preset index, the panels below the fold and those a
// scenario without MPTCP or QUIC never shows, the charts' zoom and brush behaviours, and the
// service worker's precache of the whole app.
import { useSyncExternalStore } from 'react';
import { timeBehavioursMayLoad } from '../charts/behaviours';
import type { LabState } from '../store/state';
import { labStore } from '../store/store';

const isLive = (s: LabState) => s.simTime > 0 || s.error !== null || s.run === 'paused' || s.run === 'finished';

let live = false;
let resolveLive: () => void = () => {};
const livePromise = new Promise<void>((resolve) => (resolveLive = resolve));
const listeners = new Set<() => void>();

const stop = labStore.subscribe(check);
check();

function check(): void {
  if (live || !isLive(labStore.getState())) return;
  live = true;
  stop?.();
  resolveLive();
  timeBehavioursMayLoad();
  for (const fn of [...listeners]) fn();
}

/** Resolves once the first run is live (at once when it already is). */
export function firstRunLive(): Promise<void> {
  return livePromise;
}

/** Whether the first run is live yet, in a component (re-renders once, when it goes live). */
export function useFirstRunLive(): boolean {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => live,
  );
}
