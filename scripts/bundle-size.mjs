// The page's download sizes from a `vite build` (dist/), raw and gzip, split the way a visitor
// pays for them (issue 18: first load ≤ 400 kB gzip):
//  - first load: what index.html loads before any user action — the entry script, the chunks
//    it modulepreloads, the stylesheet — plus the simulation worker the lab starts at once and
//    the engine the page compiles for it (the wasm module, shipped as its xz copy);
//  - lazy: every other asset, fetched only when a view or panel needs it (the editor, compare
//    view and sweep panel chunks: React.lazy in web/src; the sweep worker).
// gzip is level 9, as a static server's precompressed files would be; a server compressing on
// the fly at a lower level sends a few per cent more. An .xz file is sent as it is (no server
// gzips compressed data), so its "gzip" size is its own.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Issue 18's budget for the first load, gzip bytes. */
export const FIRST_LOAD_TARGET_GZIP = 400_000;

/**
 * The engine's file: the wasm module, or (since issue 31 part 5) its xz copy — a reference build
 * (`bench --against` an older commit) still ships the module. Exported as a pattern's source so
 * first-load.mjs can hand it into the page.
 */
export const ENGINE_FILE = 'netlab_wasm_bg([-.][^/]*)?\\.(wasm|xz)$';
const isEngine = (file) => new RegExp(ENGINE_FILE).test(file);

/** Assets the page fetches at start besides the ones index.html names: the worker, the engine. */
const startedAtOnce = (file) => /^sim\.worker-[\w-]+\.js$/.test(file) || isEngine(file);

/**
 * @param {string} dist a vite build's output directory
 * @returns {{firstLoad: {files: {file: string, raw: number, gzip: number}[], raw: number, gzip: number},
 *            lazy: {file: string, raw: number, gzip: number}[]}}
 */
export function bundleSizes(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const named = new Set([...html.matchAll(/(?:src|href)="(?:\.?\/)?assets\/([^"]+)"/g)].map((m) => m[1]));
  const assets = readdirSync(join(dist, 'assets')).sort();
  if (!assets.some((f) => named.has(f))) throw new Error(`${dist}/index.html names no file of ${dist}/assets: not a vite build?`);
  const size = (file, path) => {
    const bytes = readFileSync(path);
    return { file, raw: bytes.length, gzip: file.endsWith('.xz') ? bytes.length : gzipSync(bytes, { level: 9 }).length };
  };
  const first = [size('index.html', join(dist, 'index.html'))];
  const lazy = [];
  // Source maps (`vite build --sourcemap`) are fetched only by a developer's tools.
  for (const f of assets.filter((a) => !a.endsWith('.map'))) {
    const row = size(`assets/${f}`, join(dist, 'assets', f));
    (named.has(f) || startedAtOnce(f) ? first : lazy).push(row);
  }
  const sum = (key) => first.reduce((n, r) => n + r[key], 0);
  return { firstLoad: { files: first, raw: sum('raw'), gzip: sum('gzip') }, lazy };
}

const kb = (n) => `${(n / 1000).toFixed(1)} kB`;

/** Prints the sizes as a table: first-load files and total, then each lazy asset. */
export function printBundleSizes(s) {
  const line = (name, raw, gz) => console.log(`${name.padEnd(44)}${raw.padStart(12)}${gz.padStart(12)}`);
  line('first load (before any user action)', 'raw', 'gzip');
  for (const r of s.firstLoad.files) line(`  ${r.file}`, kb(r.raw), kb(r.gzip));
  line('  total', kb(s.firstLoad.raw), kb(s.firstLoad.gzip));
  const over = s.firstLoad.gzip - FIRST_LOAD_TARGET_GZIP;
  console.log(`  target ≤ ${kb(FIRST_LOAD_TARGET_GZIP)} gzip: ${over > 0 ? `over by ${kb(over)}` : `met, ${kb(-over)} to spare`}`);
  line('lazy (on first use)', '', '');
  for (const r of s.lazy) line(`  ${r.file}`, kb(r.raw), kb(r.gzip));
}

/** What the bench compares with a reference: the first load and the wasm module in it. */
function bundleFigures(s) {
  const wasm = s.firstLoad.files.filter((f) => isEngine(f.file));
  const lazy = s.lazy.reduce((n, r) => n + r.gzip, 0);
  return {
    'first load, gzip': s.firstLoad.gzip,
    'first load, raw': s.firstLoad.raw,
    'wasm, gzip': wasm.reduce((n, f) => n + f.gzip, 0),
    'JS and CSS of the first load, gzip': s.firstLoad.gzip - wasm.reduce((n, f) => n + f.gzip, 0),
    'lazy chunks, gzip': lazy,
  };
}

/** Sizes as ratios this / reference (< 1 is smaller), figure by figure. */
export function bundleRatios(mine, theirs) {
  const a = bundleFigures(mine);
  const b = bundleFigures(theirs);
  return Object.keys(a).map((figure) => ({ figure, bytes: a[figure], ref_bytes: b[figure], ratio: b[figure] > 0 ? a[figure] / b[figure] : null }));
}

/** Prints `bundleRatios` against reference `ref`. */
export function printBundleRatios(ratios, ref) {
  console.log(`against ${ref}: ratio = this / reference (< 1 is smaller)`);
  for (const r of ratios) {
    console.log(`  ${r.figure.padEnd(40)}${kb(r.bytes).padStart(12)}${kb(r.ref_bytes).padStart(12)}${(r.ratio === null ? 'n/a' : `${r.ratio.toFixed(2)}×`).padStart(10)}`);
  }
}
