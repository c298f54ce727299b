#!/usr/bin/env node
// Builds the wasm adapter and its JS bindings into sim-wasm/pkg (git-ignored):
//   cargo build --release --target wasm32-unknown-unknown -p netlab-wasm
//   wasm-bindgen --target web --out-dir sim-wasm/pkg target/.../netlab_wasm.wasm
// Skipped when sim-wasm/pkg is newer than every source file under sim-wasm/ and Cargo.lock.
// `--force` rebuilds regardless.
import { join } from 'node:path';
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
  );
  return oldestOut > newestIn;
}

try {
  if (!process.argv.includes('--force') && upToDate()) {
    say('sim-wasm/pkg up to date');
  } else {
    say('cargo build --release --target wasm32-unknown-unknown -p netlab-wasm');
    run('cargo', ['build', '--release', '--target', 'wasm32-unknown-unknown', '-p', 'netlab-wasm']);
    say('wasm-bindgen --target web --out-dir sim-wasm/pkg');
    run('wasm-bindgen', ['--target', 'web', '--out-dir', PKG, WASM]);
    say('done');
  }
} catch (e) {
  console.error(`build-wasm: FAILED: ${e instanceof StepError || e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
