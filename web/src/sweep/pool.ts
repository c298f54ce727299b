// The sweep workers' pool, shared by the BBR sweep figure and the QUIC scheduler comparison:
// a few Web Workers (one core left for the page and the lab's own worker), jobs handed out one
// at a time so a fast worker takes the next job, and a hook that ends the pool with the
// component or when what it was computing no longer describes the page.
import { type DependencyList, useEffect, useRef } from 'react';
import type { SweepIn, SweepOut } from './protocol';
import { sweepWorker } from '../worker/spawn';
import { wordSweep } from '../worker/wording';

/** Workers for `jobs` jobs: at most 4, never more than the cores minus one, at least 1. */
export function poolSize(jobs = Infinity): number {
  return Math.max(1, Math.min(4, jobs, (navigator.hardwareConcurrency || 2) - 1));
}

/**
 * Hands `jobs` out over `workers`, the next job to whichever worker answers; every answer goes
 * to `onAnswer`. An error answer stops that worker taking more (the caller decides what an
 * error means for the rest).
 */
export function runJobs(workers: Worker[], jobs: SweepIn[], onAnswer: (m: SweepOut) => void): void {
  let next = 0;
  const feed = (w: Worker) => {
    const job = jobs[next++];
    if (job) w.postMessage(job);
  };
  for (const w of workers) {
    w.onmessage = (e: MessageEvent<SweepOut>) => {
      onAnswer(wordSweep(e.data));
      if (e.data.type !== 'error') feed(w);
    };
    feed(w);
  }
}

/**
 * A component's pool: `start(n)` replaces it with `n` fresh sweep workers, `stop()` ends them.
 * It also ends — and `onStale` runs — on unmount and whenever `deps` change.
 */
export function useSweepPool(deps: DependencyList, onStale: () => void): { start(n: number): Worker[]; stop(): void } {
  const workers = useRef<Worker[]>([]);
  const stop = () => {
    for (const w of workers.current) w.terminate();
    workers.current = [];
  };
  useEffect(() => {
    stop();
    onStale();
    return stop;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  const start = (n: number) => {
    stop();
    workers.current = Array.from({ length: n }, sweepWorker);
    return workers.current;
  };
  return { start, stop };
}
