// How a worker starts its wasm engine: from the module the page compiled (lib/wasmModule.ts,
// handed over by worker/spawn.ts as the worker's first message), so no worker fetches or
// compiles the wasm again; when the page could not compile it (null), the bindings fetch the
// file themselves as before. The single-file build relies on it: its workers carry no wasm.
import init from '@netlab/wasm';

let gotModule: (m: WebAssembly.Module | null) => void = () => {};
const pageModule = new Promise<WebAssembly.Module | null>((resolve) => (gotModule = resolve));
let ready: Promise<unknown> | null = null;

/** The page's `{ type: 'module' }` message. */
export function receiveModule(module: WebAssembly.Module | null): void {
  gotModule(module);
}

/** Starts the engine once (waiting for the page's module); resolves when it can be called. */
export function startEngine(): Promise<unknown> {
  ready ??= pageModule.then((module) => (module ? init({ module_or_path: module }) : init()));
  return ready;
}
