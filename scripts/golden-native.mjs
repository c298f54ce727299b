#!/usr/bin/env node
// Native golden check: every run in e2e/goldens.json rerun with the native CLI
// (target/release/netlab), its digest compared with the golden's. The browser suite
// (`npm run regress`) checks the same digests through the page; this one needs only a
// `cargo build --release` and runs both cores, so an engine change can be checked for
// "results unchanged" in a minute instead of the full suite.
//
//   node scripts/golden-native.mjs [--only=a,b] [--jobs=N] [--cli=path/to/netlab]
// Prints one line per run that differs (with the trimmed summary's changes) and a closing
// "N passed, N failed" line; exits 1 when any digest differs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { brief, briefDiff } from './goldenBrief.mjs';
import { ROOT, captureAsync } from './lib.mjs';

const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const only = arg('only')?.split(',');
const jobs = Number(arg('jobs') ?? availableParallelism());
const CLI = arg('cli') ?? join(ROOT, 'target', 'release', 'netlab');
const goldens = JSON.parse(readFileSync(join(ROOT, 'e2e', 'goldens.json'), 'utf8'));

const work = [];
for (const [preset, g] of Object.entries(goldens.presets)) {
  if (only && !only.includes(preset)) continue;
  for (const run of g.runs) work.push({ preset, variant: g.variant, run });
}

function runOne({ preset, variant, run }) {
  const args = ['run', preset, '--seed', String(run.seed), '--json'];
  if (variant) args.push('--variant', variant);
  for (const [k, v] of Object.entries(run.settings)) args.push('--set', `${k}=${JSON.stringify(v)}`);
  return captureAsync(CLI, args);
}

let passed = 0;
let failed = 0;
let next = 0;
async function worker() {
  while (next < work.length) {
    const item = work[next++];
    const label = `${item.preset} ${JSON.stringify(item.run.settings)} seed ${item.run.seed}`;
    const r = await runOne(item);
    if (r.code !== 0 && r.code !== 3) {
      failed++;
      console.log(`FAIL ${label}: exit ${r.code}: ${r.err.trim()}`);
      continue;
    }
    const summary = JSON.parse(r.out);
    if (summary.digest === item.run.digest) {
      passed++;
    } else {
      failed++;
      const changed = item.run.brief ? briefDiff(item.run.brief, brief(summary)) : [];
      console.log(`FAIL ${label}: digest ${summary.digest} ≠ golden ${item.run.digest}${changed.length ? `; ${changed.join('; ')}` : ''}`);
    }
  }
}
await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
