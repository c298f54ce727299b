// The embed code the lab last made for its run ("Copy embed code", embed/EmbedButton.tsx): kept
// apart from the lab store, whose reducer is about the simulation. The run's link is the
// worker's (sim/controller.ts `share('embed')`); the snippet is embed/snippet.ts's.
import { useSyncExternalStore } from 'react';
import { createStore } from '../store/store';

/** The snippet and the run it shows (a snippet of another run is stale). */
export interface EmbedCode {
  snippet: string;
  runId: number;
}

export const embedCodeStore = createStore<EmbedCode | null, EmbedCode | null>((_, next) => next, null);

export function useEmbedCode(): EmbedCode | null {
  return useSyncExternalStore(embedCodeStore.subscribe, embedCodeStore.getState);
}
