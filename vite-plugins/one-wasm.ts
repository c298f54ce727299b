// The engine ships once, as sim-wasm/pkg/netlab_wasm_bg.wasm.xz (scripts/build-wasm.mjs), which
// lib/wasmModule.ts fetches, decodes and compiles; every worker gets that module
// (worker/engineStart.ts). The wasm-bindgen bindings still name their own default,
// `new URL('netlab_wasm_bg.wasm', import.meta.url)`, which would make the build emit the 1.2 MB
// raw module beside the xz copy (and precache it: offline.ts), or inline it again into each
// worker of the single-file build. Nothing calls the bindings without a module, so that default
// is cut out of every bundle (the page's and each worker's).
import type { Plugin } from 'vite';

const BINDINGS_URL = "new URL('netlab_wasm_bg.wasm', import.meta.url)";

/** The bindings without their default wasm URL. */
export function oneWasm(): Plugin {
  return {
    name: 'netlab:one-wasm',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('netlab_wasm.js')) return null;
      if (!code.includes(BINDINGS_URL)) this.error(`${id} no longer has ${BINDINGS_URL}: update vite-plugins/one-wasm.ts`);
      return code.replace(BINDINGS_URL, "(() => { throw new Error('the engine comes compiled from lib/wasmModule.ts, not from the bindings\\' own URL'); })()");
    },
  };
}
