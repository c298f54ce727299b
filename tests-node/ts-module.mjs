// A page module (TypeScript under web/src) imported into a node test: bundled with rolldown,
// Vite's own bundler, into a temporary directory before the tests run and removed after, so the
// tests exercise the code the page ships rather than a copy of it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before } from 'node:test';
import { build } from 'rolldown';
import { ROOT } from '../scripts/lib.mjs';

/**
 * Registers before/after hooks that bundle `path` (relative to the repository root) and import
 * it; returns a holder whose `module` is the imported module once the hooks have run.
 */
export function tsModule(path) {
  const holder = { module: null };
  let tmp = null;
  before(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'netlab-ts-'));
    const out = join(tmp, 'module.mjs');
    await build({ input: join(ROOT, path), platform: 'node', logLevel: 'silent', output: { file: out, format: 'esm' } });
    holder.module = await import(pathToFileURL(out).href);
  });
  after(() => tmp && rmSync(tmp, { recursive: true, force: true }));
  return holder;
}
