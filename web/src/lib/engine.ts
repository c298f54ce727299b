// The wasm engine on the page's own thread, for quick pure calls that must answer while the
// user types (validate_scenario, describe_preset, apply_knobs). Simulations never run here:
// they run in Web Workers. The bindings are imported on first use (the editor, a QUIC panel
// edit), so their glue code stays out of the page's first-load script (issue 18).
import { wasmModule } from './wasmModule';

type Wasm = typeof import('@netlab/wasm');

let ready: Promise<Wasm> | null = null;

export function engine(): Promise<Wasm> {
  ready ??= import('@netlab/wasm').then(async (wasm) => {
    // The module the page compiled at start (lib/wasmModule.ts), the engine's one download.
    await wasm.default({ module_or_path: await wasmModule() });
    return wasm;
  });
  ready.catch(() => {
    ready = null; // the download failed: the next call tries again
  });
  return ready;
}
