// Small helpers shared by the dependency-free scripts (node: builtins only).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// A fresh shell (CI) may not have ~/.cargo/bin on PATH even though rustup put it there.
const cargoBin = join(process.env.CARGO_HOME ?? join(homedir(), '.cargo'), 'bin');
if (existsSync(cargoBin) && !(process.env.PATH ?? '').split(delimiter).includes(cargoBin)) {
  process.env.PATH = `${process.env.PATH ?? ''}${delimiter}${cargoBin}`;
}

export class StepError extends Error {}

/** Runs a command with inherited stdio; throws StepError when it fails. */
export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
  if (r.error) throw new StepError(`${cmd}: ${r.error.message}`);
  if (r.status !== 0) throw new StepError(`\`${[cmd, ...args].join(' ')}\` exited with ${r.status ?? r.signal}`);
}

/** Runs a command and returns its trimmed stdout, or null when it cannot run or fails. */
export function capture(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8', ...opts });
  if (r.error || r.status !== 0) return null;
  return r.stdout.trim();
}

/** Runs a command without blocking (so several can run at once); resolves to its exit code,
 *  stdout and stderr whatever the code. */
export function captureAsync(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, ...opts });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', (e) => resolve({ code: null, out, err: err + e.message }));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

export function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * Whether node_modules holds the packages package-lock.json names, judged by content: `stamp` is
 * the lock's hash recorded after the last install (node_modules/.netlab-lock-sha256, or null),
 * `lockHash` the lock's hash now. Without a stamp (an install made before stamps, or by hand) an
 * npm marker newer than the lock is trusted, as before. Modification times alone are not enough:
 * a git worktree or a fresh checkout writes an unchanged lock with a new time, and `npm ci` run
 * there through a node_modules symlink empties the shared packages under every other checkout.
 * Returns 'ok', 'stamp' (up to date: record the stamp) or 'install'.
 */
export function npmState({ lockHash, stamp, markerTime, lockTime }) {
  if (stamp !== null) return stamp.trim() === lockHash ? 'ok' : 'install';
  return markerTime !== null && markerTime >= (lockTime ?? 0) ? 'stamp' : 'install';
}

/** Newest modification time of the files under `dir` (recursive), skipping `skip` names. */
export function newestUnder(dir, skip = new Set()) {
  let newest = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return newest;
  }
  for (const e of entries) {
    if (skip.has(e.name)) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) newest = Math.max(newest, newestUnder(p, skip));
    else if (e.isFile()) newest = Math.max(newest, mtime(p) ?? 0);
  }
  return newest;
}

/** The exact wasm-bindgen version pinned in sim-wasm/Cargo.toml (`wasm-bindgen = "=X.Y.Z"`). */
export function pinnedWasmBindgen() {
  const toml = readFileSync(join(ROOT, 'sim-wasm', 'Cargo.toml'), 'utf8');
  const m = toml.match(/^\s*wasm-bindgen\s*=\s*(?:\{[^}\n]*?version\s*=\s*)?"=?\s*([0-9]+\.[0-9]+\.[0-9]+)"/m);
  if (!m) throw new StepError('sim-wasm/Cargo.toml: no exact `wasm-bindgen = "=X.Y.Z"` pin found');
  return m[1];
}

export function log(tag, msg) {
  console.log(`${tag}: ${msg}`);
}

/**
 * Serves the built app of `root` (`vite preview`; by default this tree's dist/, a bench's
 * reference worktree for its own) on 127.0.0.1:`port`; resolves with the child process once it
 * listens. The vite binary itself (not npx), so that kill() stops the server and not
 * just a wrapper.
 */
export function startPreview(port, root = ROOT) {
  const child = spawn(join(ROOT, 'node_modules', '.bin', 'vite'), ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The server must not outlive this script, whatever ends it (a thrown error before the
  // caller's try, Ctrl-C, CI's kill): a preview left holding the port made the next run fail.
  const stopChild = () => child.kill();
  const onSignal = (signal) => {
    stopChild();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('exit', stopChild);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  child.on('exit', () => {
    process.off('exit', stopChild);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new StepError('vite preview did not start within 60 s')), 60_000);
    // Ready only when it serves our build at this address: an error that merely names the
    // port ("Port 4394 is already in use") must not pass for readiness, or the caller would
    // measure whatever else holds the port.
    const onData = (d) => {
      const text = String(d).replace(/\x1b\[[0-9;]*m/g, "");
      if (/already in use/i.test(text)) {
        clearTimeout(timer);
        child.kill();
        reject(new StepError(`port ${port} is already in use: stop what holds it, or pick another port`));
      } else if (text.includes(`http://127.0.0.1:${port}`)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new StepError(`vite preview exited with ${code}`)));
  });
}

/** Chromium flags for headless runs on this kind of machine: Debian's chromium, no sandbox, no GPU,
 *  no background traffic that would disturb timings. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/** Launch the system Chromium through Playwright (imported here on demand: this module is also
 *  loaded by setup.mjs before node_modules exists). `extraArgs` are appended to CHROMIUM_ARGS. */
export async function launchChromium(extraArgs = []) {
  const { chromium } = await import('@playwright/test');
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...extraArgs] });
}
