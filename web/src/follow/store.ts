// The followed packet (issue 32 §2), kept apart from the lab store: what the page asked to follow,
// in which run, and the engine's journey of it as the worker last sent it (with each tick).
import { useSyncExternalStore } from 'react';
import type { FollowRequest, Journey } from '../generated';
import { createStore } from '../store/store';

export interface FollowState {
  /** What is followed (null: nothing), and the run it belongs to. */
  request: FollowRequest | null;
  runId: number;
  /** The journey at the time on screen (null until the packet is sent). */
  journey: Journey | null;
  /** Why the engine refused to follow it. */
  error: string | null;
}

export type FollowAction =
  | { type: 'follow'; request: FollowRequest | null; runId: number }
  | { type: 'journey'; journey: Journey | null; error: string | null; runId: number };

export const initialFollow: FollowState = { request: null, runId: 0, journey: null, error: null };

export function followReducer(s: FollowState, a: FollowAction): FollowState {
  switch (a.type) {
    case 'follow':
      return { request: a.request, runId: a.runId, journey: null, error: null };
    case 'journey':
      // A journey of another run (one loaded since) is not the followed packet's.
      if (a.runId !== s.runId || (s.request === null && a.error === null)) return s;
      return { ...s, journey: a.journey, error: a.error, request: a.error !== null ? null : s.request };
  }
}

export const followStore = createStore<FollowState, FollowAction>(followReducer, initialFollow);

export function useFollow<T>(select: (s: FollowState) => T): T {
  return useSyncExternalStore(followStore.subscribe, () => select(followStore.getState()));
}
