#!/usr/bin/env node
// Builds the wasm adapter and its JS bindings into sim-wasm/pkg (git-ignored):
//   cargo build --profile wasm --target wasm32-unknown-unknown -p netlab-wasm
//   wasm-bindgen --target web --experimental-reset-state-function --out-dir sim-wasm/pkg …
// The reset function lets the lab's worker drop an instance a panic trapped and start a fresh
// one (web/src/worker/sim.worker.ts) instead of failing every call until a reload.
// The `wasm` profile (Cargo.toml: opt-level "s", fat LTO) is this module's alone, so the native
// CLI keeps `release`; netlab-core builds without its `schema` feature here (sim-wasm/Cargo.toml),
// which keeps schemars' code (a fifth of the module) out of the download.
// Then binaryen's wasm-opt (npm devDependency `binaryen`) rewrites sim-wasm/pkg/netlab_wasm_bg.wasm
// in place: the module is most of the page's first load (issue 18: first load ≤ 400 kB gzip).
// -O3 rather than -Oz: on the opt-level "s" module both give 1.23 MB / 466 kB gzip (-Oz 0.1 %
// smaller), and -O3 is the level that optimises for speed. wasm-opt only rewrites code (no float
// reassociation), so every digest stays the native one (tests-node/wasm.test.mjs checks).
// Last, the module is compressed once more, with xz, into sim-wasm/pkg/netlab_wasm_bg.wasm.xz:
// that file, not the .wasm, is what the page downloads (lib/wasmModule.ts decodes it as it
// arrives with xz-decompress and compiles the result streaming). A classroom's server gzips the
// .wasm to 476 kB; xz (LZMA2, preset 9e) packs the same bytes into 353 kB, a quarter less, and
// the decoder costs the page 9 kB.
// scripts/xz.py writes it with Python's lzma (liblzma, the library behind the xz tool): python3
// is already a requirement of the repo (the Python package).
// Skipped when sim-wasm/pkg is newer than every source file under sim-wasm/ (but the Python
// package's sim-wasm/python), Cargo.lock and
// this script (its flags shape the output).
// `--force` rebuilds regardless.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT, StepError, log, mtime, newestUnder, run } from './lib.mjs';

const say = (msg) => log('build-wasm', msg);
const WASM = join(ROOT, 'target', 'wasm32-unknown-unknown', 'wasm', 'netlab_wasm.wasm');
const PKG = join(ROOT, 'sim-wasm', 'pkg');
const WASM_OPT = join(ROOT, 'node_modules', '.bin', 'wasm-opt');
const PKG_WASM = join(PKG, 'netlab_wasm_bg.wasm');
const PKG_XZ = join(PKG, 'netlab_wasm_bg.wasm.xz');
const OUTPUTS = ['netlab_wasm.js', 'netlab_wasm_bg.wasm', 'netlab_wasm.d.ts'].map((f) => join(PKG, f));
const XZ_SCRIPT = join(ROOT, 'scripts', 'xz.py');

/** Writes the xz copy the page downloads (removed first, so a failure leaves none behind). */
function compress() {
  rmSync(PKG_XZ, { force: true });
  say('xz sim-wasm/pkg/netlab_wasm_bg.wasm -> netlab_wasm_bg.wasm.xz');
  run('python3', [XZ_SCRIPT, PKG_WASM, PKG_XZ]);
}

/** Whether the xz copy is older than the module or than the script that writes it. */
function xzStale() {
  const t = mtime(PKG_XZ);
  return t === null || t <= Math.max(mtime(PKG_WASM) ?? Infinity, mtime(XZ_SCRIPT) ?? 0);
}

function upToDate() {
  const outTimes = OUTPUTS.map(mtime);
  if (outTimes.some((t) => t === null)) return false;
  const oldestOut = Math.min(...outTimes);
  const newestIn = Math.max(
    newestUnder(join(ROOT, 'sim-wasm'), new Set(['pkg', 'target', 'node_modules', 'python'])),
    mtime(join(ROOT, 'Cargo.lock')) ?? 0,
    mtime(join(ROOT, 'Cargo.toml')) ?? 0,
    mtime(fileURLToPath(import.meta.url)) ?? 0,
  );
  return oldestOut > newestIn;
}

try {
  if (!process.argv.includes('--force') && upToDate()) {
    if (xzStale()) compress();
    say('sim-wasm/pkg up to date');
  } else {
    say('cargo build --profile wasm --target wasm32-unknown-unknown -p netlab-wasm');
    run('cargo', ['build', '--profile', 'wasm', '--target', 'wasm32-unknown-unknown', '-p', 'netlab-wasm']);
    say('wasm-bindgen --target web --experimental-reset-state-function --out-dir sim-wasm/pkg');
    run('wasm-bindgen', ['--target', 'web', '--experimental-reset-state-function', '--out-dir', PKG, WASM]);
    say('wasm-opt -O3 sim-wasm/pkg/netlab_wasm_bg.wasm');
    try {
      run(WASM_OPT, ['-O3', PKG_WASM, '-o', PKG_WASM]);
    } catch (e) {
      // The bindgen output is newer than every source: left in place it would pass the
      // up-to-date check next time and ship unoptimised. Removing it forces a rebuild.
      rmSync(PKG_WASM, { force: true });
      throw e;
    }
    compress();
    say('done');
  }
} catch (e) {
  console.error(`build-wasm: FAILED: ${e instanceof StepError || e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
