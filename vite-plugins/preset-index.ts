// The preset index split for the first load (issue 31 part 5, first load over a shared
// classroom link). web/src/generated/presets-index.json (written and checked by
// sim-wasm/core/tests/generated.rs) holds every preset's titles, texts, knobs and tour in three
// languages: 35 kB gzip, of which the first run needs one entry. This plugin serves it as
//
//   virtual:netlab/presets — `FILES` (every preset file's name, a few hundred bytes), `FIRST`
//   (the default preset's entry, inlined: no extra request on the common first load),
//   `loadEntry(name)` (one preset's entry as a chunk of its own, ~2 kB: a shared link to another
//   preset waits for that, not for all of them) and `loadIndex()` (the whole index, one chunk,
//   fetched after the first run is live or when a view lists the presets).
//
// web/src/presets.ts is the only importer; vitest.config.ts installs the plugin too.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const ID = 'virtual:netlab/presets';
const ENTRY = 'virtual:netlab/preset-entry/';
const INDEX = fileURLToPath(new URL('../web/src/generated/presets-index.json', import.meta.url));

/** The preset the lab opens when the URL names none. */
export const DEFAULT_PRESET = 'tcp-dumbbell';

interface Entry {
  file: string;
}

export function presetIndex({ first }: { first: string }): Plugin {
  const read = (): Entry[] => JSON.parse(readFileSync(INDEX, 'utf8')) as Entry[];
  return {
    name: 'netlab:preset-index',
    resolveId(id) {
      return id === ID || id.startsWith(ENTRY) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith('\0virtual:netlab/')) return null;
      this.addWatchFile(INDEX);
      const entries = read();
      if (id === `\0${ID}`) {
        if (!entries.some((e) => e.file === first)) this.error(`the default preset '${first}' is not in ${INDEX}`);
        const loaders = entries.map((e) => `  ${JSON.stringify(e.file)}: () => import(${JSON.stringify(ENTRY + e.file)}),`).join('\n');
        return [
          `import first from ${JSON.stringify(ENTRY + first)};`,
          `export const DEFAULT_PRESET = ${JSON.stringify(first)};`,
          `export const FILES = ${JSON.stringify(entries.map((e) => e.file))};`,
          `export const FIRST = first;`,
          `const loaders = {\n${loaders}\n};`,
          `export const loadEntry = (name) => loaders[name]().then((m) => m.default);`,
          // The JSON module (Vite's json plugin) keeps its own chunk.
          `export const loadIndex = () => import(${JSON.stringify(INDEX)}).then((m) => m.default);`,
        ].join('\n');
      }
      const name = id.slice(`\0${ENTRY}`.length);
      const entry = entries.find((e) => e.file === name);
      if (!entry) this.error(`no preset '${name}' in ${INDEX}`);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(entry))});`;
    },
  };
}
