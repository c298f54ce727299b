// Issue 31 part 4: `npm run build:single` writes the whole lab as one HTML file
// (dist-single/index.html) that a teacher can copy to a USB stick: opened from file://, with
// nothing else beside it, it runs a preset to its headline, and a lazily loaded view opens.
import { existsSync, mkdtempSync, readdirSync, copyFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { app } from './lab-page';

const BUILT = join(process.cwd(), 'dist-single', 'index.html');
let dir = '';
let file = '';

test.beforeAll(() => {
  if (!existsSync(BUILT)) throw new Error(`${BUILT} is missing: run \`npx vite build --mode single\` (npm run build:single) first`);
  expect(readdirSync(join(process.cwd(), 'dist-single'))).toEqual(['index.html']);
  // Alone in a folder of its own, as on a USB stick: nothing it could fetch lies beside it.
  dir = mkdtempSync(join(tmpdir(), 'netlab-usb-'));
  file = join(dir, 'netlab.html');
  copyFileSync(BUILT, file);
});

test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('the single-file build runs presets from file://', async ({ page }) => {
  const failed: string[] = [];
  page.on('requestfailed', (r) => failed.push(`${r.url().slice(0, 80)} ${r.failure()?.errorText ?? ''}`));
  page.on('pageerror', (e) => failed.push(`page error: ${e.message}`));
  const url = pathToFileURL(file).href;
  await page.goto(`${url}?preset=tcp-single&variant=quick&seed=1&speed=max`);
  await expect(app(page)).toHaveAttribute('data-preset', 'tcp-single');
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  await expect(page.getByTestId('headline')).toBeVisible();
  await expect(page.getByTestId('engine-version')).toContainText('engine');
  // Another preset (its text inlined too), and a lazily loaded view (its chunk inlined).
  await page.getByTestId('preset').selectOption('bufferbloat');
  await expect(app(page)).toHaveAttribute('data-preset', 'bufferbloat');
  await page.getByTestId('tab-editor').click();
  await expect(page.getByTestId('editor')).toBeVisible();
  await expect(page.getByTestId('error')).toHaveCount(0);
  expect(failed).toEqual([]);
});
