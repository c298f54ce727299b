// The wasm engine on the page's own thread, for quick pure calls that must answer while the
// user types (validate_scenario, describe_preset, apply_knobs). Simulations never run here:
// they run in Web Workers.
import init, * as wasm from '@netlab/wasm';

let ready: Promise<typeof wasm> | null = null;

export function engine(): Promise<typeof wasm> {
  ready ??= init().then(() => wasm);
  return ready;
}
