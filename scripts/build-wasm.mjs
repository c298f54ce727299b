#!/usr/bin/env node
// Builds the wasm adapter and its JS bindings into sim-wasm/pkg (git-ignored):
//   cargo build --release --target wasm32-unknown-unknown -p netlab-wasm
//   wasm-bindgen --target web --experimental-reset-state-function --out-dir sim-wasm/pkg …
// The reset function lets the lab's worker drop an instance a panic trapped and start a fresh
// one (web/src/worker/sim.worker.ts) instead of failing every call until a reload.
// Skipped when sim-wasm/pkg is newer than every source file under sim-wasm/, Cargo.lock and
// this script (its flags shape the output).
// `--force` rebuilds regardless.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT, StepError, log, mtime, newestUnder, run } from './lib.mjs';

const say = (msg) => log('build-wasm', msg);
const WASM = join(ROOT, 'target', 'wasm32-unknown-unknown', 'release', 'netlab_wasm.wasm');
const PKG = join(ROOT, 'sim-wasm', 'pkg');
const OUTPUTS = ['netlab_wasm.js', 'netlab_wasm_bg.wasm', 'netlab_wasm.d.ts'].map((f) => join(PKG, f));

function upToDate() {
  const outTimes = OUTPUTS.map(mtime);
  if (outTimes.some((t) => t === null)) return false;
  const oldestOut = Math.min(...outTimes);
  const newestIn = Math.max(
    newestUnder(join(ROOT, 'sim-wasm'), new Set(['pkg', 'target', 'node_modules'])),
    mtime(join(ROOT, 'Cargo.lock')) ?? 0,
    mtime(join(ROOT, 'Cargo.toml')) ?? 0,
    mtime(fileURLToPath(import.meta.url)) ?? 0,
  );
  return oldestOut > newestIn;
}

try {
  if (!process.argv.includes('--force') && upToDate()) {
    say('sim-wasm/pkg up to date');
  } else {
    say('cargo build --release --target wasm32-unknown-unknown -p netlab-wasm');
    run('cargo', ['build', '--release', '--target', 'wasm32-unknown-unknown', '-p', 'netlab-wasm']);
    say('wasm-bindgen --target web --experimental-reset-state-function --out-dir sim-wasm/pkg');
    run('wasm-bindgen', ['--target', 'web', '--experimental-reset-state-function', '--out-dir', PKG, WASM]);
    say('done');
  }
} catch (e) {
  console.error(`build-wasm: FAILED: ${e instanceof StepError || e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
