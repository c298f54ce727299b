// spawn.ts for the single-file build (vite-plugins/single-file.ts swaps it in): the workers'
// code is inlined in the page (Vite's `?worker&inline`) and each starts from a blob URL, which a
// page opened from file:// may do.
import SimWorker from './sim.worker.ts?worker&inline';
import SweepWorker from './sweep.worker.ts?worker&inline';

export function simWorker(): Worker {
  return new SimWorker();
}

export function sweepWorker(): Worker {
  return new SweepWorker();
}
