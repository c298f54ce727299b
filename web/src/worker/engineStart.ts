// How a worker starts its wasm engine: from the module the page compiled (lib/wasmModule.ts,
// handed over by worker/spawn.ts as the worker's first message), so no worker fetches or
// compiles the wasm again. When the page could not get it (null: the network failed), the
// worker fetches, decodes and compiles it itself the page's way; that code (and its xz decoder)
// is a chunk of its own, loaded only then, so the worker's first load stays small. The bindings'
// own `new URL('netlab_wasm_bg.wasm', …)` is never used: the build ships only the xz copy
// (vite-plugins/single-file.ts `oneWasm`).
import init from '@netlab/wasm';

let gotModule: (m: WebAssembly.Module | null) => void = () => {};
const pageModule = new Promise<WebAssembly.Module | null>((resolve) => (gotModule = resolve));
let ready: Promise<unknown> | null = null;

/** The page's `{ type: 'module' }` message. */
export function receiveModule(module: WebAssembly.Module | null): void {
  gotModule(module);
}

/** The engine could not be downloaded (the network, not the engine): the page says so and offers
 * to try again (components/ErrorBanner.tsx), which the next `startEngine` does. */
export class EngineDownloadFailed extends Error {}

/** The worker's own try at the page's download, when the page's failed. */
async function download(): Promise<WebAssembly.Module> {
  try {
    return await (await import('../lib/wasmModule')).compileEngine();
  } catch (e) {
    throw new EngineDownloadFailed(e instanceof Error ? e.message : String(e));
  }
}

/** Starts the engine once (waiting for the page's module); resolves when it can be called. */
export function startEngine(): Promise<unknown> {
  ready ??= pageModule
    .then((module) => module ?? download())
    .then((module) => init({ module_or_path: module }));
  ready.catch(() => {
    ready = null; // the next call tries again (the page's module, if it came, is kept)
  });
  return ready;
}
