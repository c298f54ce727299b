// `npm run build:single` (vite build --mode single): the whole lab as ONE self-contained HTML
// file, dist-single/index.html, for a USB stick or a locked-down PC, that works when opened
// from file:// (issue 31 part 4). vite-plugin-singlefile inlines every script, style and asset
// (the engine's wasm as a data URL, which lib/wasmModule.ts compiles like the file) and every
// lazy chunk. What a file:// page cannot do is swapped out here: a module `X.ts` with a sibling
// `X.single.ts` resolves to the sibling — worker/spawn.single.ts (workers inlined, started from
// blob URLs) and presetFetch.single.ts (every preset's text inlined). The engine's wasm is in
// the file once, as the page's data URL: every worker gets the module the page compiled
// (worker/engineStart.ts), so the bindings' own `new URL('netlab_wasm_bg.wasm', …)`, which
// would inline it again into each worker, is cut out (`oneWasm`).
import { existsSync } from 'node:fs';
import type { Plugin, PluginOption } from 'vite';
import { viteSingleFile } from 'vite-plugin-singlefile';

function singleVariants(): Plugin {
  return {
    name: 'netlab:single-variants',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || source.includes('?') || importer.endsWith('.single.ts')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !resolved.id.endsWith('.ts')) return null;
      const single = resolved.id.replace(/\.ts$/, '.single.ts');
      return existsSync(single) ? single : null;
    },
  };
}

const BINDINGS_URL = "new URL('netlab_wasm_bg.wasm', import.meta.url)";

/** The bindings without their default wasm URL (in the page and in each worker bundle). */
export function oneWasm(): Plugin {
  return {
    name: 'netlab:one-wasm',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('netlab_wasm.js')) return null;
      if (!code.includes(BINDINGS_URL)) this.error(`${id} no longer has ${BINDINGS_URL}: update vite-plugins/single-file.ts`);
      return code.replace(BINDINGS_URL, "(() => { throw new Error('the single-file build has no wasm file: the page compiles the engine'); })()");
    },
  };
}

export function singleFile(): PluginOption[] {
  return [singleVariants(), oneWasm(), viteSingleFile()];
}
