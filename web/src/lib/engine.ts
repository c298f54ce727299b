// The wasm engine on the page's own thread, for quick pure calls that must answer while the
// user types (validate_scenario, describe_preset, apply_knobs). Simulations never run here:
// they run in Web Workers. The bindings are imported on first use (the editor, a QUIC panel
// edit), so their glue code stays out of the page's first-load script (issue 18).
import { wasmModule } from './wasmModule';

type Wasm = typeof import('@netlab/wasm');

let ready: Promise<Wasm> | null = null;

export function engine(): Promise<Wasm> {
  ready ??= import('@netlab/wasm').then(async (wasm) => {
    // The module the page compiled at start (lib/wasmModule.ts); without it, the glue fetches.
    const module = await wasmModule().catch(() => undefined);
    await wasm.default(module ? { module_or_path: module } : undefined);
    return wasm;
  });
  return ready;
}
