// Where the page's Web Workers come from. In the normal build each is a file of its own beside
// the page (Vite's `new Worker(new URL(…, import.meta.url))`); the single-file build (`npm run
// build:single`, vite-plugins/single-file.ts) swaps this module for spawn.single.ts, whose
// workers are inlined in the page and started from blob URLs (a page opened from file:// may
// not start a worker from a file). Either way each gets the engine the page compiled
// (lib/wasmModule.ts `withEngine`).
import { withEngine } from '../lib/wasmModule';

/** The simulation worker of a run (sim/pipeline.ts). */
export function simWorker(): Worker {
  return withEngine(new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module' }));
}

/** One worker of a sweep's pool (sweep/pool.ts). */
export function sweepWorker(): Worker {
  return withEngine(new Worker(new URL('./sweep.worker.ts', import.meta.url), { type: 'module' }));
}
