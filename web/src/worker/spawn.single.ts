// spawn.ts for the single-file build (vite-plugins/single-file.ts swaps it in): the workers'
// code is inlined in the page (Vite's `?worker&inline`) and each starts from a blob URL, which a
// page opened from file:// may do. They carry no wasm: each gets the page's compiled engine.
import { withEngine } from '../lib/wasmModule';
import SimWorker from './sim.worker.ts?worker&inline';
import SweepWorker from './sweep.worker.ts?worker&inline';

export function simWorker(): Worker {
  return withEngine(new SimWorker());
}

export function sweepWorker(): Worker {
  return withEngine(new SweepWorker());
}
