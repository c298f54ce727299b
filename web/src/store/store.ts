// A minimal external store (reducer + subscribe) read by components through selectors.
import { useSyncExternalStore } from 'react';
import { type Action, type LabState, initialState, reducer } from './state';

export interface Store<S, A> {
  getState(): S;
  dispatch(a: A): void;
  subscribe(fn: () => void): () => void;
}

export function createStore<S, A>(reduce: (s: S, a: A) => S, initial: S): Store<S, A> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch(a) {
      const next = reduce(state, a);
      if (next === state) return;
      state = next;
      for (const fn of [...listeners]) fn();
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}

export const labStore = createStore<LabState, Action>(reducer, initialState);

/** Subscribes a component to one slice of the lab state. Return stable values from `select`. */
export function useLab<T>(select: (s: LabState) => T): T {
  return useSyncExternalStore(labStore.subscribe, () => select(labStore.getState()));
}
