// The Python package's environment (sim-wasm/python): a venv in .venv/ (git-ignored) with the
// packages of sim-wasm/python/requirements-dev.txt and the extension built into it by maturin
// (`maturin develop --release`, an editable install: python/netlab/*.py are used in place).
// Idempotent and quick when nothing changed: pip runs only when the requirements file differs
// from the copy kept in the venv, and maturin only when a Rust source, Cargo.lock or a preset
// (presets are built into the extension) is newer than the built extension, as build-wasm.mjs
// does for the wasm module.
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, StepError, capture, log, mtime, newestUnder, run } from './lib.mjs';

export const VENV = join(ROOT, '.venv');
export const PYTHON = join(VENV, 'bin', 'python');
const PKG = join(ROOT, 'sim-wasm', 'python');
const REQS = join(PKG, 'requirements-dev.txt');
const REQS_DONE = join(VENV, 'netlab-requirements.txt');
const EXT = join(PKG, 'python', 'netlab', '_native.abi3.so');
const say = (msg) => log('setup', msg);

function ensureVenv() {
  if (existsSync(PYTHON)) return;
  const version = capture('python3', ['-c', 'import sys; print("%d.%d" % sys.version_info[:2])']);
  if (version === null) throw new StepError('python3 not found: install Python >= 3.9 with venv and pip');
  const [major, minor] = version.split('.').map(Number);
  if (major < 3 || (major === 3 && minor < 9)) throw new StepError(`python3 is ${version}: the package needs Python >= 3.9`);
  say(`making the Python venv .venv (python ${version})`);
  run('python3', ['-m', 'venv', VENV]);
}

function ensureRequirements() {
  const want = readFileSync(REQS, 'utf8');
  if (existsSync(REQS_DONE) && readFileSync(REQS_DONE, 'utf8') === want) {
    say('python packages ok');
    return;
  }
  say('pip install -r sim-wasm/python/requirements-dev.txt (pandas, pyarrow, dask, pytest, maturin, matplotlib)');
  run(PYTHON, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '-r', REQS]);
  copyFileSync(REQS, REQS_DONE);
}

function extensionUpToDate() {
  const built = mtime(EXT);
  if (built === null) return false;
  const newestIn = Math.max(
    newestUnder(join(ROOT, 'sim-wasm', 'core', 'src')),
    newestUnder(join(PKG, 'src')),
    newestUnder(join(ROOT, 'public', 'scenarios')),
    ...[join(PKG, 'Cargo.toml'), join(PKG, 'build.rs'), join(PKG, 'pyproject.toml'), join(ROOT, 'sim-wasm', 'core', 'Cargo.toml'), join(ROOT, 'Cargo.lock'), join(ROOT, 'Cargo.toml')].map((p) => mtime(p) ?? 0),
  );
  // The editable install also needs the venv to point at this tree.
  return built > newestIn && capture(PYTHON, ['-c', 'import netlab, sys; sys.stdout.write(netlab.__file__)'])?.startsWith(PKG) === true;
}

function ensureExtension() {
  if (extensionUpToDate()) {
    say('python extension netlab._native up to date');
    return;
  }
  say('maturin develop --release (builds netlab._native into .venv)');
  run(join(VENV, 'bin', 'maturin'), ['develop', '--release', '--quiet', '-m', join(PKG, 'Cargo.toml')], {
    env: { ...process.env, VIRTUAL_ENV: VENV, PATH: `${join(VENV, 'bin')}:${process.env.PATH ?? ''}` },
  });
}

export function ensurePython() {
  ensureVenv();
  ensureRequirements();
  ensureExtension();
}
