// The native engine's summary of a preset, for e2e tests that check the page shows what the
// engine computed (instead of numbers copied from a CLI run by hand, which every change to the
// model made stale). Builds the release CLI first, once per test worker (a no-op when fresh).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Summary } from '../web/src/types';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(ROOT, 'target', 'release', process.platform === 'win32' ? 'netlab.exe' : 'netlab');
let built = false;

function run(cmd: string, args: string[]): string {
  const r = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${r.stderr?.trim() || `exit ${r.status}`}`);
  return r.stdout;
}

/** `netlab run PRESET --variant VARIANT --seed SEED --set K=V … --json`. */
export function cliSummary(preset: string, opts: { variant?: string; seed?: number; set?: Record<string, string> } = {}): Summary {
  if (!built) {
    run('cargo', ['build', '--release', '--quiet', '-p', 'netlab-core', '--bin', 'netlab']);
    built = true;
  }
  const set = Object.entries(opts.set ?? {}).flatMap(([k, v]) => ['--set', `${k}=${v}`]);
  return JSON.parse(run(CLI, ['run', preset, '--variant', opts.variant ?? 'quick', '--seed', String(opts.seed ?? 1), ...set, '--json'])) as Summary;
}
