// `npm run build:single` (vite build --mode single): the whole lab as ONE self-contained HTML
// file, dist-single/index.html, for a USB stick or a locked-down PC, that works when opened
// from file:// (issue 31 part 4). vite-plugin-singlefile inlines every script, style and asset
// (the engine's wasm as a data URL, which lib/wasmModule.ts compiles like the file) and every
// lazy chunk. What a file:// page cannot do is swapped out here: a module `X.ts` with a sibling
// `X.single.ts` resolves to the sibling — worker/spawn.single.ts (workers inlined, started from
// blob URLs) and presetFetch.single.ts (every preset's text inlined).
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

export function singleFile(): PluginOption[] {
  return [singleVariants(), viteSingleFile()];
}
