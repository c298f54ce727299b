// `npm run build:single` (vite build --mode single): the whole lab as ONE self-contained HTML
// file, dist-single/index.html, for a USB stick or a locked-down PC, that works when opened
// from file:// (issue 31 part 4). vite-plugin-singlefile inlines every script, style and asset
// (the engine's xz copy as a data URL, which lib/wasmModule.ts decodes and compiles like the file) and every
// lazy chunk. What a file:// page cannot do is swapped out here: a module `X.ts` with a sibling
// `X.single.ts` resolves to the sibling — worker/spawn.single.ts (workers inlined, started from
// blob URLs) and presetFetch.single.ts (every preset's text inlined). The engine is in the file
// once, its xz copy as the page's data URL: every worker gets the module the page compiled
// (worker/engineStart.ts), and the bindings' own wasm URL is cut out as in every build
// (one-wasm.ts).
import { existsSync } from 'node:fs';
import type { Plugin, PluginOption } from 'vite';
import { viteSingleFile } from 'vite-plugin-singlefile';
import { oneWasm } from './one-wasm.ts';

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

export function singleFile(): PluginOption[] {
  return [singleVariants(), oneWasm(), viteSingleFile()];
}
