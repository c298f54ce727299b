#!/usr/bin/env node
// Ensures everything `npm start` / `npm test` need is installed; idempotent and quick when it is.
//   node scripts/setup.mjs [--browser] [--python]
// Steps: rustup target wasm32-unknown-unknown; the wasm-bindgen CLI at the version pinned in
// sim-wasm/Cargo.toml; npm packages; with --browser, Debian's /usr/bin/chromium for Playwright;
// with --python, the Python package's venv and extension (python-env.mjs).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, StepError, capture, log, mtime, npmState, pinnedWasmBindgen, run } from './lib.mjs';
import { ensurePython } from './python-env.mjs';

const TARGET = 'wasm32-unknown-unknown';
const CHROMIUM = '/usr/bin/chromium';
const say = (msg) => log('setup', msg);

function ensureRust() {
  if (capture('cargo', ['--version']) === null) {
    throw new StepError('cargo not found: install Rust with rustup (https://rustup.rs) and retry');
  }
  const installed = capture('rustup', ['target', 'list', '--installed']);
  if (installed === null) {
    throw new StepError('rustup not found: the wasm32 target is installed through rustup');
  }
  if (installed.split('\n').map((s) => s.trim()).includes(TARGET)) {
    say(`rust target ${TARGET} ok`);
    return;
  }
  say(`adding rust target ${TARGET}`);
  run('rustup', ['target', 'add', TARGET]);
}

function ensureWasmBindgen() {
  const want = pinnedWasmBindgen();
  const have = capture('wasm-bindgen', ['--version'])?.split(/\s+/)[1] ?? null;
  if (have === want) {
    say(`wasm-bindgen ${want} ok`);
    return;
  }
  say(`installing wasm-bindgen-cli ${want} (found ${have ?? 'none'}; takes a few minutes)`);
  run('cargo', ['install', 'wasm-bindgen-cli', '--version', want, '--force']);
  const now = capture('wasm-bindgen', ['--version'])?.split(/\s+/)[1] ?? null;
  if (now !== want) throw new StepError(`wasm-bindgen is ${now ?? 'missing'} after install, expected ${want}`);
  say(`wasm-bindgen ${want} ok`);
}

function ensureNpm() {
  const lock = join(ROOT, 'package-lock.json');
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  if (!existsSync(lock)) {
    say('no package-lock.json: npm install');
    run(npm, ['install', '--no-fund', '--no-audit']);
    return;
  }
  const markerTime = mtime(marker);
  const stampFile = join(ROOT, 'node_modules', '.netlab-lock-sha256');
  const lockHash = createHash('sha256').update(readFileSync(lock)).digest('hex');
  const stamp = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : null;
  const state = npmState({ lockHash, stamp, markerTime, lockTime: mtime(lock) });
  if (state !== 'install') {
    if (state === 'stamp') writeFileSync(stampFile, lockHash);
    say('npm packages ok');
    return;
  }
  say(markerTime === null ? 'node_modules missing: npm ci' : 'package-lock.json changed: npm ci');
  run(npm, ['ci', '--no-fund', '--no-audit']);
  writeFileSync(stampFile, lockHash);
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) {
    say(`chromium ok (${CHROMIUM})`);
    return;
  }
  if (capture('apt-get', ['--version']) === null) {
    throw new StepError(`${CHROMIUM} missing and apt-get unavailable: install Chromium at ${CHROMIUM}`);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  say('installing chromium with apt-get');
  run('apt-get', ['update'], { env });
  run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { env });
  if (!existsSync(CHROMIUM)) throw new StepError(`apt-get installed chromium but ${CHROMIUM} is still missing`);
  say(`chromium ok (${CHROMIUM})`);
}

try {
  ensureRust();
  ensureWasmBindgen();
  ensureNpm();
  if (process.argv.includes('--browser')) ensureChromium();
  if (process.argv.includes('--python')) ensurePython();
  say('done');
} catch (e) {
  console.error(`setup: FAILED: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
