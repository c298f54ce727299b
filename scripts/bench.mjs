#!/usr/bin/env node
// Native vs wasm speed on the same scenarios: wall time, events/s, simulated packets/s and
// peak memory per engine, plus the wasm/native wall-time ratio. Each engine runs each preset
// REPEATS times (the wasm module once per process, so later runs are JIT-warm); the median
// wall time is reported. Prints a table and writes reports/bench.json.
//   node scripts/bench.mjs [--repeat N] [preset ...]
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT, StepError, run } from './lib.mjs';

/** Presets to measure; extend freely (each must exist in public/scenarios). */
// The fixed benchmark, then the full-scale bbr-fairness experiment (200 s, 2 BBR flows) and
// the full-scale mptcp-fsfs-load experiment (10 paths × 100 Mbit/s, 100 s, 100 flows/s).
const PRESETS = ['bench-two-flows', 'bbr-fairness', 'mptcp-fsfs-load'];
const SEED = 1;
const argv = process.argv.slice(2);
const repeatAt = argv.indexOf('--repeat');
const REPEATS = repeatAt >= 0 ? Math.max(1, Number(argv.splice(repeatAt, 2)[1]) || 1) : 3;

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Runs `once` REPEATS times; the result of the first run with the median wall time. */
async function repeated(once) {
  const runs = [];
  for (let i = 0; i < REPEATS; i++) runs.push(await once());
  const digests = new Set(runs.map((r) => r.digest));
  if (digests.size !== 1) throw new StepError(`repeated runs gave different digests: ${[...digests].join(', ')}`);
  return {
    ...runs[0],
    wall_s: median(runs.map((r) => r.wall_s)),
    wall_s_runs: runs.map((r) => r.wall_s),
    peak_memory_bytes: runs.some((r) => typeof r.peak_memory_bytes === 'number')
      ? Math.max(...runs.map((r) => r.peak_memory_bytes ?? 0))
      : null,
  };
}

const CLI = join(ROOT, 'target', 'release', 'netlab');

function sumSent(summary) {
  return (summary.flows ?? []).reduce((n, f) => n + (Number(f.sent_packets) || 0), 0);
}

function native(name) {
  const r = spawnSync(CLI, ['run', name, '--seed', String(SEED), '--json'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new StepError(`netlab run ${name}: ${r.stderr.trim() || `exit ${r.status}`}`);
  const s = JSON.parse(r.stdout);
  return {
    wall_s: s.wall_s,
    events: s.events,
    sent_packets: sumSent(s),
    peak_memory_bytes: typeof s.peak_rss_bytes === 'number' ? s.peak_rss_bytes : null,
    memory_note: 'peak RSS of the CLI process',
    digest: s.digest ?? null,
  };
}

async function wasm(name) {
  const mod = await import(join(ROOT, 'sim-wasm', 'pkg', 'netlab_wasm.js'));
  const exports = mod.initSync({ module: readFileSync(join(ROOT, 'sim-wasm', 'pkg', 'netlab_wasm_bg.wasm')) });
  const text = readFileSync(join(ROOT, 'public', 'scenarios', `${name}.json`), 'utf8');
  const scenario = mod.apply_knobs(text, '{}', null);
  const rssBefore = process.memoryUsage().rss;
  const sim = new mod.Simulation(scenario, SEED);
  const t0 = performance.now();
  sim.run_to_end();
  const wall_s = (performance.now() - t0) / 1000;
  const summary = JSON.parse(sim.summary_json(wall_s));
  const wasmMemory = exports.memory.buffer.byteLength;
  const rss = process.memoryUsage().rss;
  sim.free();
  return {
    wall_s,
    events: summary.events,
    sent_packets: sumSent(summary),
    peak_memory_bytes: wasmMemory,
    node_rss_bytes: rss,
    node_rss_growth_bytes: rss - rssBefore,
    memory_note: 'wasm linear memory size (only grows, so it is the peak)',
    digest: summary.digest ?? null,
  };
}

const mb = (b) => (typeof b === 'number' ? `${(b / 2 ** 20).toFixed(1)} MiB` : 'n/a');
const rate = (x) => (x >= 1e6 ? `${(x / 1e6).toFixed(2)} M/s` : `${(x / 1e3).toFixed(1)} k/s`);

async function main() {
  const names = argv.length > 0 ? argv : PRESETS;
  console.log('bench: building the release CLI and the wasm package');
  run('cargo', ['build', '--release', '-p', 'netlab-core', '--bin', 'netlab']);
  run(process.execPath, ['scripts/build-wasm.mjs']);

  const results = [];
  for (const name of names) {
    console.log(`bench: ${name} (seed ${SEED}, ${REPEATS} runs per engine)`);
    const n = await repeated(() => native(name));
    const w = await repeated(() => wasm(name));
    const row = (engine, r) => ({
      engine,
      ...r,
      events_per_s: r.events / r.wall_s,
      packets_per_s: r.sent_packets / r.wall_s,
    });
    results.push({
      preset: name,
      seed: SEED,
      repeats: REPEATS,
      same_digest: n.digest !== null && n.digest === w.digest,
      wasm_native_wall_ratio: w.wall_s / n.wall_s,
      engines: [row('native', n), row('wasm (node)', w)],
    });
  }

  for (const r of results) {
    console.log(`\n${r.preset}  (digests ${r.same_digest ? 'equal' : 'DIFFER'})`);
    console.log(['engine', 'wall', 'events/s', 'sim packets/s', 'peak memory'].map((h, i) => (i === 0 ? h.padEnd(12) : h.padStart(14))).join(''));
    for (const e of r.engines) {
      console.log(
        [e.engine.padEnd(12), `${e.wall_s.toFixed(3)} s`, rate(e.events_per_s), rate(e.packets_per_s), mb(e.peak_memory_bytes)]
          .map((c, i) => (i === 0 ? c : c.padStart(14)))
          .join(''),
      );
    }
    const w = r.engines[1];
    console.log(`wasm/native wall-time ratio: ${r.wasm_native_wall_ratio.toFixed(2)}×   (node RSS after wasm run: ${mb(w.node_rss_bytes)})`);
  }

  mkdirSync(join(ROOT, 'reports'), { recursive: true });
  const out = join(ROOT, 'reports', 'bench.json');
  writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), node: process.version, results }, null, 2)}\n`);
  console.log(`\nbench: wrote ${out}`);
}

main().catch((e) => {
  console.error(`bench: FAILED: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
