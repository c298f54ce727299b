#!/usr/bin/env node
// Native vs wasm speed on the same scenarios: wall time, events/s, simulated packets/s and
// peak memory per engine, plus the wasm/native wall-time ratio. Each engine runs each preset
// REPEATS times, and more until its runs add up to MIN_WALL_S (a 15 ms run is mostly noise;
// the wasm module loads once per process, so later runs are JIT-warm), every preset's runs
// interleaved round by round; the median wall time is reported. Then the live page's frame
// time while it simulates 4 flows on a 100 Mbit/s bottleneck (scripts/frames.mjs: headless Chromium, requestAnimationFrame
// sampling, median and p95), after the page's download sizes (scripts/bundle-size.mjs: the
// first load, raw and gzip, and each lazy chunk), every preset's frame time at 1× (the same,
// per preset) and the page's time to run each quick preset, and mptcp-fsfs-load at full scale, at
// speed=max (scripts/page-speed.mjs), and a 1 000-point sweep through the Python package
// (scripts/bench_sweep.py), and the first load over a shared 2 Mbit/s classroom link, cold and
// offline (scripts/first-load.mjs). Prints tables and writes reports/bench.json.
//   node scripts/bench.mjs [--repeat N] [--no-frames | --frames-only] [--against REF] [--no-wasm] [preset ...]
//
// A preset named `tcp-twin:NAME` is NAME's TCP twin (see `scenarioText`): the per-event cost of
// each MPTCP run is printed as a ratio to every TCP run measured, the twin included.
//
// `--against REF` also builds the reference commit's CLI and wasm package in a git worktree
// of its own (under the system's temporary directory, kept between benches so a second run
// against the same commit builds nothing; its target directory is seeded from ./target so only
// the workspace crates compile) and runs every preset on both builds side by side: each
// repeat runs this tree and the reference back to back, alternating which goes first, so the
// machine's drift (other work, thermal state) hits both alike. Each figure is then printed as
// a ratio this/reference: on a noisy machine absolute times move by ±20 % between benches,
// while the ratio of runs interleaved in one bench is steady. Each tree runs its own copy of
// the preset, so a preset changed on purpose by this tree is compared as it now stands.
// The page too (unless --no-wasm): the reference's dist/ is built in its worktree, its sizes
// are printed as ratios, and the page timings run both pages side by side, alternating run by
// run (page-speed.mjs `measurePageSpeedAgainst`). Frame times are not compared: at 1× both
// pages sit at the display's 16.7 ms whenever they keep up, so a ratio says nothing.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { ArgError, parseBenchArgs } from './bench-args.mjs';
import { bundleRatios, bundleSizes, printBundleRatios, printBundleSizes } from './bundle-size.mjs';
import { measureFrames, measureFramesAllPresets, printFrames, printFramesAllPresets } from './frames.mjs';
import { measurePageSpeed, measurePageSpeedAgainst, pageRuns, printPageSpeed, printPageSpeedRatios } from './page-speed.mjs';
import { measureFirstLoad, printFirstLoad } from './first-load.mjs';
import { ROOT, StepError, capture, run } from './lib.mjs';
import { PYTHON } from './python-env.mjs';

const SEED = 1;
/** A preset's runs go on past --repeat until they add up to this much wall time per engine… */
const MIN_WALL_S = 1;
/** …up to this many runs. */
const MAX_RUNS = 60;

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The runs of one engine on one preset, folded: median wall time, highest peak memory. */
function fold(runs) {
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

function sumSent(summary) {
  return (summary.flows ?? []).reduce((n, f) => n + (Number(f.sent_packets) || 0), 0);
}

/** A source tree to measure: this one, or the reference's worktree. */
function tree(root, label) {
  return { root, label, cli: join(root, 'target', 'release', 'netlab'), pkg: join(root, 'sim-wasm', 'pkg'), wasmModule: null };
}

/**
 * `tcp-twin:NAME` stands for preset NAME's TCP twin: the same topology and duration with only
 * its traffic section's background flows, as plain TCP flows (no MPTCP arrivals). It carries
 * the same packets in flight on the same links as the preset's background, so its events/s is
 * what TCP costs per event at that working set: the fair yardstick for the MPTCP preset's
 * per-event cost (issue 18 item 1), where a 2-flow dumbbell fits in cache and a 10-path run
 * with 50 long flows and ~20 000 packets in flight does not.
 *
 * A preset without background traffic (ECF-3's single transfer over three paths) has as twin
 * one TCP flow per path its MPTCP flows' subflows use (the first `subflows` paths, as
 * `first_path: "listed"` puts them), with the uncoupled controller of LIA (Reno) or the
 * flow's own, each a bulk flow for the preset's duration: the same links carrying the same
 * kind of window-limited flows, so the same working set.
 */
const TWIN = 'tcp-twin:';

/** The scenario text a bench name stands for in tree `t` (a preset, or a preset's TCP twin). */
function scenarioText(t, name) {
  const preset = name.startsWith(TWIN) ? name.slice(TWIN.length) : name;
  const text = readFileSync(join(t.root, 'public', 'scenarios', `${preset}.json`), 'utf8');
  if (preset === name) return text;
  const s = JSON.parse(text);
  const tr = s.traffic;
  const paths = (s.topology?.paths ?? []).reduce((n, p) => n + (p.count ?? 1), 0);
  if (s.topology?.kind !== 'parallel' || paths === 0) throw new StepError(`${name}: only a parallel topology's twin is defined`);
  const flows = [];
  if (tr && tr.background_per_path > 0) {
    for (let path = 0; path < paths; path++) {
      for (let k = 0; k < tr.background_per_path; k++) flows.push({ id: `bg${path}_${k}`, cc: tr.background_cc ?? 'reno', path });
    }
  } else {
    for (const f of (s.flows ?? []).filter((f) => f.kind === 'mptcp')) {
      const n = Math.min(f.mptcp?.subflows ?? paths, paths);
      const cc = !f.cc || f.cc === 'lia' ? 'reno' : f.cc;
      for (let path = 0; path < n; path++) {
        flows.push({ id: `${f.id}_${path}`, cc, path });
      }
    }
    if (flows.length === 0) throw new StepError(`${name}: ${preset} has neither background flows nor MPTCP flows to mirror`);
  }
  const twin = { name: name.replace(':', '-'), seed: s.seed, duration_s: s.duration_s, warmup_s: s.warmup_s, tcp: s.tcp, topology: s.topology, flows, headline: ['goodput'], metrics: s.metrics, limits: s.limits };
  return JSON.stringify(twin);
}

function hasPreset(t, name) {
  const preset = name.startsWith(TWIN) ? name.slice(TWIN.length) : name;
  return existsSync(join(t.root, 'public', 'scenarios', `${preset}.json`));
}

/** What the CLI runs for a bench name: the preset's name, or a file holding the twin. */
function cliTarget(t, name) {
  if (!name.startsWith(TWIN)) return name;
  const dir = join(tmpdir(), 'netlab-bench-twins');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${t.label.replace(/[^a-z0-9]+/gi, '-')}-${name.replace(':', '-')}.json`);
  writeFileSync(file, scenarioText(t, name));
  return file;
}

function native(t, name) {
  // Run from the tree's root: the CLI finds presets in ./public/scenarios.
  const r = spawnSync(t.cli, ['run', cliTarget(t, name), '--seed', String(SEED), '--json'], { cwd: t.root, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new StepError(`${t.label}: netlab run ${name}: ${r.stderr.trim() || `exit ${r.status}`}`);
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

async function wasm(t, name) {
  if (t.wasmModule === null) {
    const mod = await import(pathToFileURL(join(t.pkg, 'netlab_wasm.js')).href);
    const exports = mod.initSync({ module: readFileSync(join(t.pkg, 'netlab_wasm_bg.wasm')) });
    t.wasmModule = { mod, exports };
  }
  const { mod, exports } = t.wasmModule;
  const scenario = mod.apply_knobs(scenarioText(t, name), '{}', null);
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

/**
 * The reference commit checked out in its own worktree, with its CLI and (when `withWasm`) its
 * wasm package built there. Reused when a previous bench left it at the same commit.
 */
function prepareReference(ref, withWasm) {
  const commit = capture('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  if (!commit) throw new StepError(`--against ${ref}: not a commit of this repository`);
  const dir = join(tmpdir(), `netlab-bench-${commit.slice(0, 12)}`);
  if (existsSync(dir) && capture('git', ['rev-parse', 'HEAD'], { cwd: dir }) !== commit) {
    throw new StepError(`${dir} exists but is not a checkout of ${commit}; remove it (git worktree remove --force ${dir})`);
  }
  if (!existsSync(dir)) {
    console.log(`bench: checking out ${ref} (${commit.slice(0, 12)}) in ${dir}`);
    run('git', ['worktree', 'add', '--detach', dir, commit]);
  }
  const target = join(dir, 'target');
  if (!existsSync(target) && existsSync(join(ROOT, 'target'))) {
    // Dependencies compiled here are reused there; only the workspace crates build.
    console.log('bench: seeding its target directory from ./target');
    cpSync(join(ROOT, 'target'), target, { recursive: true, preserveTimestamps: true });
  }
  console.log(`bench: building the reference CLI${withWasm ? ' and wasm package' : ''} (${dir})`);
  run('cargo', ['build', '--release', '-p', 'netlab-core', '--bin', 'netlab'], { cwd: dir });
  let wasmBuilt = false;
  if (withWasm) {
    // Its build-wasm runs node_modules/.bin/wasm-opt: lend it this tree's packages (the
    // reference builds with the same tools, so the comparison is of the engines alone).
    const modules = join(dir, 'node_modules');
    if (!existsSync(modules) && existsSync(join(ROOT, 'node_modules'))) symlinkSync(join(ROOT, 'node_modules'), modules, 'dir');
    if (existsSync(join(dir, 'scripts', 'build-wasm.mjs'))) {
      run(process.execPath, ['scripts/build-wasm.mjs'], { cwd: dir });
      wasmBuilt = true;
    } else {
      console.log('bench: the reference has no scripts/build-wasm.mjs; comparing native only');
    }
  }
  return { ref, commit, tree: tree(dir, `ref ${commit.slice(0, 7)}`), wasm: wasmBuilt };
}

const mb = (b) => (typeof b === 'number' ? `${(b / 2 ** 20).toFixed(1)} MiB` : 'n/a');
const rate = (x) => (x >= 1e6 ? `${(x / 1e6).toFixed(2)} M/s` : `${(x / 1e3).toFixed(1)} k/s`);
const ratio = (a, b) => (typeof a === 'number' && typeof b === 'number' && b > 0 ? a / b : null);
const fmtRatio = (x) => (x === null ? 'n/a' : `${x.toFixed(2)}×`);

function withRates(engine, r) {
  return { engine, ...r, events_per_s: r.events / r.wall_s, packets_per_s: r.sent_packets / r.wall_s };
}

/** this/reference for each figure of one engine. */
function compareRows(mine, theirs) {
  return {
    wall: ratio(mine.wall_s, theirs.wall_s),
    events_per_s: ratio(mine.events_per_s, theirs.events_per_s),
    peak_memory: ratio(mine.peak_memory_bytes, theirs.peak_memory_bytes),
    events: ratio(mine.events, theirs.events),
    same_digest: mine.digest !== null && mine.digest === theirs.digest,
  };
}

/** Whether a bench name runs MPTCP flows (a traffic section or a flow of kind mptcp). */
function isMptcp(t, name) {
  const s = JSON.parse(scenarioText(t, name));
  return Boolean(s.traffic) || (s.flows ?? []).some((f) => f.kind === 'mptcp');
}

/** Every (MPTCP run, TCP run) pair measured: the MPTCP run's cost per event over the TCP one's. */
function perEventRatios(t, results) {
  const rate = (r) => r.engines.find((e) => e.engine === 'native')?.events_per_s;
  const mptcp = results.filter((r) => isMptcp(t, r.preset));
  const tcp = results.filter((r) => !isMptcp(t, r.preset));
  return mptcp.flatMap((m) => tcp.map((c) => ({ mptcp: m.preset, tcp: c.preset, ratio: rate(c) / rate(m) })));
}

async function main() {
  let opts;
  try {
    opts = parseBenchArgs(process.argv.slice(2));
  } catch (e) {
    if (e instanceof ArgError) {
      console.error(`bench: ${e.message}`);
      process.exit(2);
    }
    throw e;
  }
  const names = opts.presets;
  const here = tree(ROOT, 'this tree');
  console.log(`bench: building the release CLI${opts.wasm ? ' and the wasm package' : ''}`);
  if (!opts.framesOnly) run('cargo', ['build', '--release', '-p', 'netlab-core', '--bin', 'netlab']);
  if (opts.wasm || !opts.noFrames) run(process.execPath, ['scripts/build-wasm.mjs']);
  const reference = opts.against ? prepareReference(opts.against, opts.wasm) : null;

  // Every preset's runs are interleaved, round by round, rather than one preset's block after
  // another: the per-event ratio divides one preset's events/s by another's, and on this shared
  // machine the load moves between blocks (the same ratio read 2.07× and 2.56× in two benches).
  // Within a round, each (engine, tree) pair runs back to back, the reference first on odd rounds.
  const engines = [['native', native]];
  if (opts.wasm) engines.push(['wasm (node)', wasm]);
  const plans = names.map((name) => {
    const ref = reference && hasPreset(reference.tree, name) ? reference : null;
    if (reference && !ref) console.log(`bench: the reference has no preset ${name}; measuring this tree only`);
    return { name, ref, runs: new Map(), done: 0, finished: false };
  });
  const wallOf = (plan, key) => (plan.runs.get(key) ?? []).reduce((sum, r) => sum + r.wall_s, 0);
  console.log(
    `bench: ${names.join(', ')} (seed ${SEED}, interleaved round by round${reference ? ` with ${reference.tree.label}` : ''}; ` +
      `at least ${opts.repeats} runs per engine and ${MIN_WALL_S} s of them, at most ${MAX_RUNS})`,
  );
  for (let i = 0; i < MAX_RUNS && plans.some((p) => !p.finished); i++) {
    for (const plan of plans.filter((p) => !p.finished)) {
      for (const [engine, once] of engines) {
        const trees = plan.ref && (engine === 'native' || plan.ref.wasm) ? [here, plan.ref.tree] : [here];
        if (i % 2 === 1) trees.reverse();
        for (const t of trees) {
          const key = `${engine}|${t.label}`;
          if (!plan.runs.has(key)) plan.runs.set(key, []);
          plan.runs.get(key).push(await once(t, plan.name));
        }
      }
      plan.done = i + 1;
      // A run of a few milliseconds is mostly noise (page faults, the scheduler): such a preset
      // is run again until every engine has MIN_WALL_S of runs here, so its median settles.
      plan.finished = plan.done >= opts.repeats && engines.every(([engine]) => wallOf(plan, `${engine}|${here.label}`) >= MIN_WALL_S);
    }
  }

  const results = [];
  for (const { name, ref, runs, done } of plans) {
    const mine = engines.map(([engine]) => withRates(engine, fold(runs.get(`${engine}|${here.label}`))));
    const row = {
      preset: name,
      seed: SEED,
      repeats: done,
      same_digest: mine.length > 1 ? mine[0].digest !== null && mine[0].digest === mine[1].digest : null,
      wasm_native_wall_ratio: mine.length > 1 ? mine[1].wall_s / mine[0].wall_s : null,
      engines: mine,
    };
    if (ref) {
      row.reference = engines
        .filter(([engine]) => runs.has(`${engine}|${ref.tree.label}`))
        .map(([engine], k) => {
          const theirs = withRates(engine, fold(runs.get(`${engine}|${ref.tree.label}`)));
          return { ...theirs, ratio: compareRows(mine[k], theirs) };
        });
    }
    results.push(row);
  }

  for (const r of results) {
    console.log(`\n${r.preset}${r.same_digest === null ? '' : `  (digests ${r.same_digest ? 'equal' : 'DIFFER'})`}`);
    console.log(['engine', 'wall', 'events/s', 'sim packets/s', 'peak memory'].map((h, i) => (i === 0 ? h.padEnd(12) : h.padStart(14))).join(''));
    for (const e of r.engines) {
      console.log(
        [e.engine.padEnd(12), `${e.wall_s.toFixed(3)} s`, rate(e.events_per_s), rate(e.packets_per_s), mb(e.peak_memory_bytes)]
          .map((c, i) => (i === 0 ? c : c.padStart(14)))
          .join(''),
      );
    }
    if (r.wasm_native_wall_ratio !== null) {
      const w = r.engines[1];
      console.log(`wasm/native wall-time ratio: ${r.wasm_native_wall_ratio.toFixed(2)}×   (node RSS after wasm run: ${mb(w.node_rss_bytes)})`);
    }
    if (r.reference) {
      console.log(`against ${reference.ref} (${reference.commit.slice(0, 12)}): ratio = this / reference (wall and memory < 1 and events/s > 1 are better)`);
      console.log(['engine', 'figure', 'this', 'reference', 'ratio'].map((h, i) => (i < 2 ? h.padEnd(12) : h.padStart(14))).join(''));
      for (const theirs of r.reference) {
        const m = r.engines.find((e) => e.engine === theirs.engine);
        const lines = [
          ['wall', `${m.wall_s.toFixed(3)} s`, `${theirs.wall_s.toFixed(3)} s`, theirs.ratio.wall],
          ['events/s', rate(m.events_per_s), rate(theirs.events_per_s), theirs.ratio.events_per_s],
          ['peak memory', mb(m.peak_memory_bytes), mb(theirs.peak_memory_bytes), theirs.ratio.peak_memory],
          ['events', String(m.events), String(theirs.events), theirs.ratio.events],
        ];
        for (const [figure, a, b, x] of lines) {
          console.log([theirs.engine.padEnd(12), figure.padEnd(12), a.padStart(14), b.padStart(14), fmtRatio(x).padStart(14)].join(''));
        }
        console.log(`${theirs.engine}: results ${theirs.ratio.same_digest ? 'identical to the reference (same digest)' : 'DIFFER from the reference (digests differ)'}`);
      }
    }
  }

  // Issue 18 item 1: per-event cost of MPTCP runs against TCP runs (native, this tree).
  const perEvent = perEventRatios(here, results);
  if (perEvent.length > 0) {
    console.log('\nper-event cost, MPTCP run / TCP run (native; = TCP events/s ÷ MPTCP events/s; target ≤ 2×)');
    for (const r of perEvent) console.log(`  ${r.mptcp.padEnd(28)} / ${r.tcp.padEnd(34)} ${r.ratio.toFixed(2)}×`);
  }

  // Issue 33: a 1 000-point sweep through the Python package (locally and on a 2-worker Dask
  // LocalCluster) against the CLI's, and the package's overhead per point (scripts/bench_sweep.py).
  let pythonSweep = null;
  if (!opts.framesOnly) {
    console.log('\nbench: a 1 000-point sweep: netlab.sweep locally, on a 2-worker LocalCluster, and the CLI (scripts/bench_sweep.py)');
    const out = capture(PYTHON, ['scripts/bench_sweep.py', '--json'], { stdio: ['ignore', 'pipe', 'inherit'] });
    if (out === null) throw new StepError('scripts/bench_sweep.py failed (node scripts/setup.mjs --python makes its venv)');
    pythonSweep = JSON.parse(out.split('\n').pop());
    const p = pythonSweep;
    console.log(`${p.points} points, results ${p.identical ? 'identical' : 'DIFFER'} across the three`);
    console.log(`  CLI netlab sweep --json        ${p.cli_wall_s.toFixed(2).padStart(8)} s`);
    console.log(`  netlab.sweep, this process     ${p.python_local_wall_s.toFixed(2).padStart(8)} s`);
    console.log(`  netlab.sweep, LocalCluster(2)  ${p.dask_local_cluster_wall_s.toFixed(2).padStart(8)} s   (+ ${p.dask_cluster_startup_s.toFixed(2)} s to start it)`);
    console.log(`  engine time per point          ${p.engine_time_per_point_ms.toFixed(2).padStart(8)} ms`);
    console.log(`  Python overhead per point      ${p.python_overhead_per_point_ms.toFixed(3).padStart(8)} ms over the CLI's (local), ${p.dask_overhead_per_point_ms.toFixed(3)} ms on the LocalCluster`);
  }

  // The page's download sizes: the first load (issue 18: ≤ 400 kB gzip) and each lazy chunk.
  // The build is also what the frame-time measurement below serves.
  console.log('\nbench: page size (vite build; scripts/bundle-size.mjs)');
  run(join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn']);
  const bundle = bundleSizes(join(ROOT, 'dist'));
  printBundleSizes(bundle);
  // The reference's page, built in its worktree with its own config (and this tree's tools, as
  // its wasm was): sizes as ratios, and its dist/ served beside this one for the page timings.
  let bundleAgainst = null;
  const pageReference = reference && opts.wasm ? reference : null;
  if (pageReference) {
    run(join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], { cwd: pageReference.tree.root });
    bundleAgainst = bundleRatios(bundle, bundleSizes(join(pageReference.tree.root, 'dist')));
    printBundleRatios(bundleAgainst, pageReference.ref);
  }

  let frames = null;
  let framesPresets = null;
  let page = null;
  let pageAgainst = null;
  let firstLoad = null;
  let firstLoadAgainst = null;
  if (!opts.noFrames) {
    console.log('\nbench: frame time of the live page (headless Chromium)');
    frames = await measureFrames();
    printFrames(frames);
    // Issue 18: every preset at 1× keeps a median frame ≤ 17 ms and p95 ≤ 25 ms.
    console.log('\nbench: frame time of every preset at 1× (headless Chromium)');
    framesPresets = await measureFramesAllPresets();
    printFramesAllPresets(framesPresets);
    // Issue 18: every quick preset ≤ 3 s at max speed, mptcp-fsfs-load at full scale ≤ 30 s.
    console.log('\nbench: the page running each quick preset, and mptcp-fsfs-load at full scale, at speed=max');
    if (pageReference) {
      // Side by side with the reference's page, alternating run by run (page-speed.mjs).
      const both = await measurePageSpeedAgainst(pageRuns(), pageReference.tree.root);
      page = both.mine;
      pageAgainst = both.ratios;
      printPageSpeed(page);
      printPageSpeedRatios(pageAgainst, pageReference.ref);
    } else {
      page = await measurePageSpeed(pageRuns());
      printPageSpeed(page);
    }
    // Issue 31 part 5: the default scenario's first load over one shared 2 Mbit/s link (gzip,
    // 50 ms per response, cold cache; ≤ 2.5 s), and a reload with the network cut (≤ 1 s).
    console.log('\nbench: first load over a shared classroom link (scripts/first-load.mjs)');
    firstLoad = await measureFirstLoad(3);
    printFirstLoad(firstLoad);
    if (pageReference) {
      console.log(`\nbench: the same for ${pageReference.ref}`);
      firstLoadAgainst = await measureFirstLoad(3, join(pageReference.tree.root, 'dist'));
      printFirstLoad(firstLoadAgainst);
    }
  }

  mkdirSync(join(ROOT, 'reports'), { recursive: true });
  const out = join(ROOT, 'reports', 'bench.json');
  const against = reference ? { ref: reference.ref, commit: reference.commit, worktree: reference.tree.root } : null;
  writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), node: process.version, against, results, per_event: perEvent, python_sweep: pythonSweep, bundle, bundle_against: bundleAgainst, frames, frames_presets: framesPresets, page_speed: page, page_speed_against: pageAgainst, first_load: firstLoad, first_load_against: firstLoadAgainst }, null, 2)}\n`);
  console.log(`\nbench: wrote ${out}`);
  if (reference) console.log(`bench: the reference worktree stays for the next bench; remove it with: git worktree remove --force ${reference.tree.root}`);
}

main().catch((e) => {
  console.error(`bench: FAILED: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
