#!/usr/bin/env node
// Headless regression suite (`npm run regress`; `npm run regress:update` rewrites the goldens).
//
// For every preset in public/scenarios, its quick variant (the full one when it has none):
//   1. the base run and every run its `expect` claims need are encoded as shareable links;
//   2. headless Chromium opens each link on the built app (vite preview), the page runs it to
//      the end at full speed, and the summary is read from the page;
//   3. each page summary must equal the native CLI's summary for the same scenario and seed
//      (everything but the wall-clock fields), and its digest must equal the golden digest in
//      e2e/goldens.json (the top level of the repository is fixed); a golden keeps a trimmed
//      summary beside its digest (scripts/goldenBrief.mjs), so a drift says what changed;
//   4. the preset's claims are judged on the page summaries (the expected direction of each
//      paper result, docs/spec/EXPERIMENTS.md).
// Writes reports/regress.json and reports/regress.html; exits 1 on any regression.
// Needs: the production build in dist/ (vite build), sim-wasm/pkg, target/release/netlab.
//
// A course's or a lab's own scenarios, checked the same way against their own goldens:
//   npm run regress -- --dir my-scenarios/ --goldens my-goldens.json [--update]
// runs every *.json in the folder (its name is the file's), and `--update` writes that goldens
// file (only when page and CLI agree on every run); the report is reports/regress-<folder>.*.
// Relative paths are taken from the directory npm was started in. `--only=a,b` picks scenarios
// in either mode.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { brief, briefDiff } from './goldenBrief.mjs';
import { ROOT, log, startPreview } from './lib.mjs';

const say = (msg) => log('regress', msg);
const UPDATE = process.argv.includes('--update');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
/** `--name VALUE` or `--name=VALUE`, as a path from where the user ran npm. */
function pathArg(name) {
  const i = process.argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return null;
  const v = process.argv[i].includes('=') ? process.argv[i].slice(name.length + 3) : process.argv[i + 1];
  if (!v || v.startsWith('--')) {
    console.error(`regress: --${name} needs a value`);
    process.exit(2);
  }
  return resolve(process.env.INIT_CWD ?? process.cwd(), v);
}
const OWN_DIR = pathArg('dir');
const OWN_GOLDENS = pathArg('goldens');
if (OWN_DIR && !OWN_GOLDENS) {
  console.error('regress: --dir needs --goldens FILE (the goldens of those scenarios; --update writes it)');
  process.exit(2);
}
if (OWN_DIR && !existsSync(OWN_DIR)) {
  console.error(`regress: --dir ${OWN_DIR}: no such folder`);
  process.exit(2);
}
// REGRESS_PORT: another worktree may run its own suite on 4174 at the same time.
const PORT = Number(process.env.REGRESS_PORT ?? 4174);
const BASE = `http://127.0.0.1:${PORT}`;
const SCENARIOS = OWN_DIR ?? join(ROOT, 'public', 'scenarios');
const GOLDENS = OWN_GOLDENS ?? join(ROOT, 'e2e', 'goldens.json');
const REPORTS = join(ROOT, 'reports');
// A folder's report is named after it, so it does not replace the presets' report.
const REPORT = OWN_DIR ? `regress-${basename(OWN_DIR).replace(/[^A-Za-z0-9._-]+/g, '-')}` : 'regress';
const CLI = join(ROOT, 'target', 'release', 'netlab');
const RUN_TIMEOUT_MS = 180_000;

const wasm = await import(join(ROOT, 'sim-wasm', 'pkg', 'netlab_wasm.js'));
wasm.initSync({ module: readFileSync(join(ROOT, 'sim-wasm', 'pkg', 'netlab_wasm_bg.wasm')) });
const { chromium } = await import('@playwright/test');

/** The fields that are measurements of this machine, not results of the simulation. */
function simulated(summary) {
  const { wall_s, peak_rss_bytes, ...rest } = summary;
  void wall_s;
  void peak_rss_bytes;
  return rest;
}

const tmp = mkdtempSync(join(tmpdir(), 'netlab-regress-'));
function nativeSummary(scenario, seed) {
  const file = join(tmp, `s${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(scenario));
  const r = spawnSync(CLI, ['run', file, '--seed', String(seed), '--json'], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`native run failed: ${r.stderr.trim()}`);
  return JSON.parse(r.stdout);
}

/** First difference between two JSON values, as "path: a ≠ b", or null. */
function firstDiff(a, b, path = '') {
  if (Object.is(a, b)) return null;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') {
    return `${path || '.'}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`;
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const d = firstDiff(a[k], b[k], path ? `${path}.${k}` : k);
    if (d) return d;
  }
  return null;
}

async function pageSummary(page, scenario, seed) {
  const link = wasm.share_encode(JSON.stringify(scenario), seed, JSON.stringify({ speed: 'max' }));
  // A fresh page load per run: going from one `#s=` URL to another only changes the fragment.
  await page.goto('about:blank');
  await page.goto(`${BASE}/#s=${link}`);
  const app = page.getByTestId('app');
  await app.waitFor();
  await page.waitForFunction(
    () => ['finished', 'error'].includes(document.querySelector('[data-testid="app"]')?.getAttribute('data-state') ?? ''),
    null,
    { timeout: RUN_TIMEOUT_MS },
  );
  if ((await app.getAttribute('data-state')) === 'error') {
    throw new Error(`the page reported: ${await page.getByTestId('error-message').textContent()}`);
  }
  const text = await page.getByTestId('summary-json').textContent();
  return JSON.parse(text ?? 'null');
}

const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function htmlReport(report) {
  const rows = report.presets
    .map((p) =>
      [
        `<tr class="${p.ok ? 'ok' : 'bad'}"><th colspan="3">${escapeHtml(p.preset)} (${escapeHtml(p.variant ?? 'full')})</th></tr>`,
        ...p.runs.map(
          (r) =>
            `<tr class="${r.ok ? 'ok' : 'bad'}"><td>run ${escapeHtml(JSON.stringify(r.settings))} seed ${r.seed}</td>` +
            `<td><code>${escapeHtml(r.digest ?? '-')}</code></td><td>${escapeHtml(r.problems.join('; ') || 'ok')}</td></tr>`,
        ),
        ...p.claims.map(
          (c) =>
            `<tr class="${c.pass ? 'ok' : 'bad'}"><td>claim: ${escapeHtml(c.claim)}</td><td>${c.pass ? 'PASS' : 'FAIL'}</td>` +
            `<td>${escapeHtml(c.detail)}</td></tr>`,
        ),
      ].join('\n'),
    )
    .join('\n');
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>NetLab regression report</title>
<style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse;width:100%}
td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}.ok td:nth-child(3){color:#1a7f37}
.bad td,.bad th{background:#fde8e8}</style>
<h1>NetLab regression report</h1>
<p>Engine ${escapeHtml(report.engine_version)} · ${escapeHtml(report.date)} · ${report.ok ? 'no regressions' : `<strong>${report.failures} problem(s)</strong>`} · ${report.wall_s.toFixed(1)} s</p>
<table>${rows}</table></html>\n`;
}

const t0 = performance.now();
const goldens = existsSync(GOLDENS) ? JSON.parse(readFileSync(GOLDENS, 'utf8')) : { presets: {} };
const newGoldens = { engine_version: wasm.engine_version(), presets: {} };
const presetFiles = readdirSync(SCENARIOS)
  .filter((f) => f.endsWith('.json') && join(SCENARIOS, f) !== GOLDENS)
  .map((f) => f.slice(0, -5))
  .filter((n) => !only || only.includes(n))
  .sort();

const preview = await startPreview(PORT);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
});
const report = { engine_version: wasm.engine_version(), date: new Date().toISOString(), presets: [], failures: 0 };
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const consoleErrors = [];
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  for (const name of presetFiles) {
    const text = readFileSync(join(SCENARIOS, `${name}.json`), 'utf8');
    let desc, variant, plan, base;
    try {
      desc = JSON.parse(wasm.describe_preset(text));
      variant = desc.variants.includes('quick') ? 'quick' : null;
      plan = JSON.parse(wasm.expectation_plan(text, variant));
      base = { settings: {}, seed: plan.seed, scenario: JSON.parse(wasm.apply_knobs(text, '{}', variant)) };
    } catch (e) {
      // A user's scenario the engine refuses is a failure of that scenario, named, not of the suite.
      const problem = `${basename(SCENARIOS)}/${name}.json: ${String(e instanceof Error ? e.message : e).split('\n')[0]}`;
      say(`${name}: ${problem}`);
      report.presets.push({ preset: name, variant: null, runs: [{ settings: {}, seed: null, digest: null, problems: [problem], ok: false }], claims: [], ok: false });
      report.failures += 1;
      continue;
    }
    const runs = [base, ...plan.runs.filter((r) => Object.keys(r.settings).length > 0 || r.seed !== plan.seed)];
    const entry = { preset: name, variant, runs: [], claims: [], ok: true };
    const golden = goldens.presets?.[name];
    newGoldens.presets[name] = { variant, runs: [] };
    say(`${name} (${variant ?? 'full'}): ${runs.length} run(s)`);
    for (const r of runs) {
      const problems = [];
      let summary = null;
      try {
        consoleErrors.length = 0;
        summary = await pageSummary(page, r.scenario, r.seed);
        const native = nativeSummary(r.scenario, r.seed);
        const diff = firstDiff(simulated(summary), simulated(native));
        if (diff) problems.push(`page and native CLI differ at ${diff}`);
        if (consoleErrors.length) problems.push(`console errors: ${consoleErrors.join(' | ')}`);
        const key = JSON.stringify(r.settings);
        const g = golden?.runs?.find((x) => JSON.stringify(x.settings) === key && x.seed === r.seed);
        if (!UPDATE) {
          if (!g) problems.push(`no golden result in ${basename(GOLDENS)} (rerun with --update and review the diff)`);
          else if (g.digest !== summary.digest) {
            const changed = g.brief ? briefDiff(g.brief, brief(summary)) : [];
            const what = g.brief ? (changed.length ? `; changed: ${changed.join('; ')}` : '; the brief agrees: a number it does not keep moved') : '';
            problems.push(`digest ${summary.digest} ≠ golden ${g.digest}${what}`);
          }
        }
        newGoldens.presets[name].runs.push({ settings: r.settings, seed: r.seed, digest: summary.digest, brief: brief(summary) });
      } catch (e) {
        problems.push(e instanceof Error ? e.message.split('\n')[0] : String(e));
      }
      entry.runs.push({ settings: r.settings, seed: r.seed, digest: summary?.digest ?? null, problems, ok: problems.length === 0, summary });
      say(`  ${JSON.stringify(r.settings)} seed ${r.seed}: ${problems.length ? problems.join('; ') : `ok ${summary.digest}`}`);
    }
    if (plan.expect.length > 0) {
      const results = entry.runs.filter((r) => r.summary).map((r) => ({ settings: r.settings, seed: r.seed, summary: r.summary }));
      entry.claims = JSON.parse(wasm.judge_expectations(text, variant, JSON.stringify(results)));
      for (const c of entry.claims) say(`  ${c.pass ? 'PASS' : 'FAIL'} ${c.claim} (${c.detail})`);
    }
    for (const r of entry.runs) delete r.summary;
    entry.ok = entry.runs.every((r) => r.ok) && entry.claims.every((c) => c.pass);
    report.failures += entry.runs.filter((r) => !r.ok).length + entry.claims.filter((c) => !c.pass).length;
    report.presets.push(entry);
  }
} finally {
  await browser.close();
  preview.kill();
  rmSync(tmp, { recursive: true, force: true });
}

report.ok = report.failures === 0;
report.wall_s = (performance.now() - t0) / 1000;
mkdirSync(REPORTS, { recursive: true });
writeFileSync(join(REPORTS, `${REPORT}.json`), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(join(REPORTS, `${REPORT}.html`), htmlReport(report));
say(`report: reports/${REPORT}.json, reports/${REPORT}.html (${report.wall_s.toFixed(1)} s)`);

if (UPDATE) {
  const pageNativeProblems = report.presets.flatMap((p) => p.runs.flatMap((r) => r.problems));
  if (pageNativeProblems.length) {
    console.error('regress: not updating goldens while runs fail:\n  ' + pageNativeProblems.join('\n  '));
    process.exit(1);
  }
  mkdirSync(resolve(GOLDENS, '..'), { recursive: true });
  const merged = only ? { ...goldens, engine_version: newGoldens.engine_version, presets: { ...goldens.presets, ...newGoldens.presets } } : newGoldens;
  writeFileSync(GOLDENS, `${JSON.stringify(merged, null, 2)}\n`);
  say(`goldens written to ${OWN_GOLDENS ?? 'e2e/goldens.json'}`);
}
if (!report.ok) {
  console.error(`regress: ${report.failures} regression(s); see reports/${REPORT}.html`);
  process.exit(1);
}
say('no regressions');
