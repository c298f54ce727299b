#!/usr/bin/env node
// How long the live page takes to run a preset to its end at `speed=max` (part of
// `npm run bench`; also standalone after `vite build`: `node scripts/page-speed.mjs [preset ...]`,
// FRAMES_PORT picks the preview port as for scripts/frames.mjs).
//
// Issue 18's page targets: every preset's quick variant finishes within 3 s in Chromium at
// max speed, and mptcp-fsfs-load at full scale within 30 s. Headless Chromium (Debian's, flags
// as in playwright.config.ts) opens `/?preset=NAME&variant=quick&speed=max&seed=1` (no variant
// for a full run) and waits for the app root's data-state to turn `finished`. Two times per run:
// `load_s` from navigation until the run starts (page, wasm and preset loaded), `run_s` from
// then until it finishes (the worker simulating and the page drawing its snapshots); their
// sum is what a user waits. The page is measured as it opens (charts below the fold).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium, log, ROOT, startPreview, StepError } from './lib.mjs';

const say = (msg) => log('page-speed', msg);
const PORT = Number(process.env.FRAMES_PORT ?? 4175);
const BASE = `http://127.0.0.1:${PORT}`;
/** Issue 18's targets, seconds of wall time from opening the link to the end of the run. */
export const QUICK_TARGET_S = 3;
export const FULL_TARGET_S = 30;
/** Give up on one run after this long (a run that slow is far past any target anyway). */
const RUN_TIMEOUT_MS = 180_000;

/** Every preset, with whether it has a quick variant. */
export function presetList() {
  const dir = join(ROOT, 'public', 'scenarios');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const text = JSON.parse(readFileSync(join(dir, f), 'utf8'));
      return { name: f.slice(0, -5), quick: Boolean(text.variants?.quick) };
    });
}

/**
 * The runs to time: each preset's quick variant (the preset itself where it has none, since
 * that is what the gallery's quick run opens), then `full` presets at full scale (by default
 * mptcp-fsfs-load when no presets are named).
 */
export function pageRuns(names = null, full = names && names.length > 0 ? [] : ['mptcp-fsfs-load']) {
  const all = presetList();
  const pick = names && names.length > 0 ? all.filter((p) => names.includes(p.name)) : all;
  return [
    ...pick.map((p) => ({ preset: p.name, variant: p.quick ? 'quick' : null, target_s: QUICK_TARGET_S })),
    ...full.filter((n) => all.some((p) => p.name === n)).map((n) => ({ preset: n, variant: null, target_s: FULL_TARGET_S })),
  ];
}

/**
 * Times one run (see `pageRuns`) of the app served at `base` in a fresh page of `browser`:
 * load, run, the worker's engine time and the total a user waits.
 */
async function timeRun(browser, base, r) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const q = `preset=${encodeURIComponent(r.preset)}${r.variant ? `&variant=${r.variant}` : ''}&speed=max&seed=1`;
  const t0 = Date.now();
  let started = null;
  let state = 'timeout';
  let engine = null;
  let finishedAt = null;
  try {
    await page.goto(`${base}/?${q}`);
    // The first state past loading: `running` (or already `finished` for a tiny run).
    await page.waitForFunction(
      () => ['running', 'finished', 'error'].includes(document.querySelector('[data-testid="app"]')?.getAttribute('data-state') ?? ''),
      null,
      { timeout: RUN_TIMEOUT_MS, polling: 20 },
    );
    started = Date.now();
    await page.waitForFunction(
      () => ['finished', 'error'].includes(document.querySelector('[data-testid="app"]')?.getAttribute('data-state') ?? ''),
      null,
      { timeout: RUN_TIMEOUT_MS, polling: 20 },
    );
    finishedAt = Date.now();
    state = await page.getByTestId('app').getAttribute('data-state');
    if (state === 'finished') {
      // The worker's engine time (the summary's wall_s): the rest of run_s is the page's
      // share (snapshots, messages, drawing).
      const summary = JSON.parse((await page.getByTestId('summary-json').textContent({ timeout: 5000 })) ?? 'null');
      engine = typeof summary?.wall_s === 'number' ? summary.wall_s : null;
    }
  } catch (e) {
    if (!String(e).includes('Timeout')) throw e;
  }
  const end = finishedAt ?? Date.now();
  await page.close();
  const total_s = (end - t0) / 1000;
  return {
    preset: r.preset,
    variant: r.variant ?? 'full',
    state,
    load_s: started === null ? null : (started - t0) / 1000,
    run_s: started === null ? null : (end - started) / 1000,
    engine_s: engine,
    total_s,
    target_s: r.target_s,
    meets: state === 'finished' && total_s <= r.target_s,
  };
}

const needDist = (root) => {
  if (!existsSync(join(root, 'dist', 'index.html'))) throw new StepError(`page-speed: no dist/ in ${root} (run \`npx vite build\` there first)`);
};

/** Times each run of `runs` (see `pageRuns`) in headless Chromium. Needs dist/. */
export async function measurePageSpeed(runs) {
  needDist(ROOT);
  const preview = await startPreview(PORT);
  const browser = await launchChromium();
  const results = [];
  try {
    for (const r of runs) {
      const result = await timeRun(browser, BASE, r);
      results.push(result);
      say(`${r.preset} (${result.variant}): ${result.state} in ${result.total_s.toFixed(2)} s`);
    }
  } finally {
    await browser.close();
    preview.kill();
  }
  return results;
}

/**
 * This tree's page and a reference's (`refRoot`, a bench's worktree with its own dist/), side by
 * side: both served at once, one browser, and every run timed `rounds` times on each, the two
 * alternating and taking turns at going first, so the machine's drift hits both alike. Each
 * side keeps its fastest try (the one least disturbed by other work on the machine).
 */
export async function measurePageSpeedAgainst(runs, refRoot, rounds = 2) {
  needDist(ROOT);
  needDist(refRoot);
  const previews = [await startPreview(PORT), await startPreview(PORT + 1, refRoot)];
  const bases = [BASE, `http://127.0.0.1:${PORT + 1}`];
  const browser = await launchChromium();
  const mine = [];
  const theirs = [];
  try {
    for (const r of runs) {
      const tries = [[], []];
      for (let k = 0; k < 2 * rounds; k++) {
        const side = (k + Math.floor(k / 2)) % 2;
        tries[side].push(await timeRun(browser, bases[side], r));
      }
      const [a, b] = tries.map(fastest);
      mine.push(a);
      theirs.push(b);
      say(`${r.preset} (${a.variant}): ${a.total_s.toFixed(2)} s, reference ${b.total_s.toFixed(2)} s`);
    }
  } finally {
    await browser.close();
    for (const p of previews) p.kill();
  }
  return { mine, theirs, ratios: pageSpeedRatios(mine, theirs) };
}

/** The finished try with the least total time, else the first (all timed out or failed). */
function fastest(tries) {
  const done = tries.filter((t) => t.state === 'finished');
  return done.length > 0 ? done.reduce((x, y) => (y.total_s < x.total_s ? y : x)) : tries[0];
}

/**
 * Each run's times as ratios this / reference (< 1 is faster), by preset and variant; a ratio
 * is null where either side did not finish.
 */
export function pageSpeedRatios(mine, theirs) {
  return mine.map((m) => {
    const t = theirs.find((x) => x.preset === m.preset && x.variant === m.variant);
    const ok = t !== undefined && m.state === 'finished' && t.state === 'finished';
    const ratio = (a, b) => (ok && a !== null && b !== null && b > 0 ? a / b : null);
    return {
      preset: m.preset,
      variant: m.variant,
      total_s: m.total_s,
      ref_total_s: t?.total_s ?? null,
      total: ratio(m.total_s, t?.total_s ?? null),
      load: ratio(m.load_s, t?.load_s ?? null),
      run: ratio(m.run_s, t?.run_s ?? null),
    };
  });
}

/** Prints `pageSpeedRatios`' rows against reference `ref`. */
export function printPageSpeedRatios(ratios, ref) {
  console.log(`\npage at speed=max against ${ref}: ratio = this / reference (< 1 is faster); each side its fastest of the tries`);
  console.log(['preset', 'variant', 'this', 'reference', 'total', 'load', 'run'].map((h, i) => (i === 0 ? h.padEnd(30) : h.padStart(11))).join(''));
  const s = (x) => (x === null ? 'n/a' : `${x.toFixed(2)} s`);
  const x = (v) => (v === null ? 'n/a' : `${v.toFixed(2)}×`);
  for (const r of ratios) {
    console.log([r.preset.padEnd(30), r.variant, s(r.total_s), s(r.ref_total_s), x(r.total), x(r.load), x(r.run)].map((c, i) => (i === 0 ? c : c.padStart(11))).join(''));
  }
}

export function printPageSpeed(results) {
  console.log('\npage at speed=max: headless Chromium, from opening the link to the end of the run');
  console.log('(load: until the run starts; run: until it ends, of which engine: the worker simulating)');
  console.log(['preset', 'variant', 'load', 'run', 'engine', 'total', 'target', 'ok'].map((h, i) => (i === 0 ? h.padEnd(30) : h.padStart(10))).join(''));
  const s = (x) => (x === null ? 'n/a' : `${x.toFixed(2)} s`);
  for (const r of results) {
    console.log(
      [r.preset.padEnd(30), r.variant, s(r.load_s), s(r.run_s), s(r.engine_s), r.state === 'finished' ? s(r.total_s) : r.state, `${r.target_s} s`, r.meets ? 'yes' : 'NO']
        .map((c, i) => (i === 0 ? c : c.padStart(10)))
        .join(''),
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  measurePageSpeed(pageRuns(process.argv.slice(2)))
    .then((r) => {
      printPageSpeed(r);
      say('done');
    })
    .catch((e) => {
      console.error(`page-speed: FAILED: ${e instanceof Error ? e.message : String(e)}`);
      process.exit(1);
    });
}
