#!/usr/bin/env node
// Runs every test suite in order and ends with one clear line. Steps whose prerequisites
// failed are skipped (and counted as failed); independent ones still run, so one failure
// does not hide the others. Exit code: 0 only when every step passed.
//   node scripts/test.mjs            (after `node scripts/setup.mjs --browser --python`)
import { join } from 'node:path';
import { ROOT, run } from './lib.mjs';
import { PYTHON } from './python-env.mjs';

const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
const steps = [
  // Includes sim-wasm/core/tests/generated.rs: fails when web/src/generated/ (the page's types,
  // the algorithm registry and the scenario schema) is stale against the Rust types.
  { name: 'cargo test', cmd: 'cargo', args: ['test', '--workspace', '--release'] },
  { name: 'build-wasm', cmd: process.execPath, args: ['scripts/build-wasm.mjs'] },
  { name: 'node tests', cmd: process.execPath, args: ['--test', 'tests-node/'], needs: ['build-wasm'] },
  // editor/graph.test.ts checks its conversions with the engine's validator (the wasm build).
  { name: 'vitest', cmd: bin('vitest'), args: ['run'], needs: ['build-wasm'] },
  { name: 'typecheck', cmd: bin('tsc'), args: ['--noEmit'], needs: ['build-wasm'] },
  { name: 'vite build', cmd: bin('vite'), args: ['build'], needs: ['build-wasm'] },
  // The lab as one HTML file (npm run build:single), which e2e/single-file.spec.ts opens from file://.
  { name: 'vite build (single)', cmd: bin('vite'), args: ['build', '--mode', 'single', '--logLevel', 'warn'], needs: ['build-wasm'] },
  { name: 'playwright', cmd: bin('playwright'), args: ['test'], needs: ['vite build', 'vite build (single)'] },
  // Every preset's quick variant through its shareable URL in headless Chromium: page == CLI,
  // digests == e2e/goldens.json, every claim holds. `cargo test --release` built the CLI.
  { name: 'regress', cmd: process.execPath, args: ['scripts/regress.mjs'], needs: ['cargo test', 'vite build'] },
  // `npm run regress -- --dir … --goldens …` on a folder of scenarios outside public/scenarios.
  {
    name: 'regress (own)',
    cmd: process.execPath,
    args: ['scripts/regress.mjs', '--dir', join(ROOT, 'e2e', 'user-scenarios'), '--goldens', join(ROOT, 'e2e', 'user-goldens.json')],
    needs: ['cargo test', 'vite build'],
  },
  // The Python package (sim-wasm/python) against the CLI `cargo test --release` built: runs,
  // sweeps, a Dask LocalCluster, a killed worker, the campaign store. setup.mjs --python built it.
  // Exit 5 is pytest's "collected no tests": the suite went missing, a failure with its own name.
  {
    name: 'pytest',
    cmd: PYTHON,
    args: ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', 'sim-wasm/python/tests'],
    needs: ['cargo test'],
    exitCodes: { 5: 'pytest collected no tests in sim-wasm/python/tests' },
  },
];

const results = new Map();
const t0 = Date.now();
for (const step of steps) {
  const missing = (step.needs ?? []).filter((n) => results.get(n)?.ok !== true);
  if (missing.length > 0) {
    console.log(`\ntest: SKIP ${step.name} (needs ${missing.join(', ')})`);
    results.set(step.name, { ok: false, note: `skipped: needs ${missing.join(', ')}` });
    continue;
  }
  console.log(`\ntest: ▶ ${step.name}: ${[step.cmd === process.execPath ? 'node' : step.cmd.replace(/^.*\//, ''), ...step.args].join(' ')}`);
  const s0 = Date.now();
  try {
    run(step.cmd, step.args);
    results.set(step.name, { ok: true, note: `${((Date.now() - s0) / 1000).toFixed(1)} s` });
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    const code = msg.match(/exited with (\d+)$/)?.[1];
    results.set(step.name, { ok: false, note: step.exitCodes?.[code] ?? msg });
  }
}

console.log('\ntest: summary');
for (const [name, r] of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${name.padEnd(12)} ${r.note}`);
const failed = [...results.values()].filter((r) => !r.ok).length;
const passed = results.size - failed;
const total = ((Date.now() - t0) / 1000).toFixed(0);
console.log(failed === 0 ? `npm test: ALL PASSED in ${total} s` : `npm test: FAILED (${failed} of ${results.size} steps) in ${total} s`);
console.log(`steps: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
