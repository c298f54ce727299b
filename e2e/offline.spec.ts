// Issue 31 part 4: offline after one visit, and a new deployment announced instead of mixed in.
// dist/ is served by a small static server of this spec whose files can be swapped for another
// deployment's and which can be cut off; the browser context allows service workers (the other
// suites block them: playwright.config.ts).
import { cpSync, createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { app } from './lab-page';
import { TYPES } from './static-types';

test.use({ serviceWorkers: 'allow' });

const DIST = join(process.cwd(), 'dist');

let server: Server;
let origin = '';
/** The deployment served now, and whether the network is cut. */
let root = DIST;
let cut = false;
let next = '';

test.beforeAll(async () => {
  server = createServer((req, res) => {
    if (cut) {
      req.socket.destroy();
      return;
    }
    let file = normalize(join(root, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)));
    if (!file.startsWith(root)) return void res.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) return void res.writeHead(404).end('not found');
    // sw.js must be revalidated for an update to be seen, as any host serves it.
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The next deployment: the same build with a changed page (a new revision in sw.js's manifest).
  next = mkdtempSync(join(tmpdir(), 'netlab-next-'));
  cpSync(DIST, next, { recursive: true });
  writeFileSync(join(next, 'index.html'), readFileSync(join(next, 'index.html'), 'utf8').replace('<head>', '<head>\n    <!-- deployment 2 -->'));
  const sw = readFileSync(join(next, 'sw.js'), 'utf8');
  const changed = sw.replace(/(\{url:"index\.html",revision:")[^"]*"/, '$1deployment-2"');
  expect(changed).not.toBe(sw);
  writeFileSync(join(next, 'sw.js'), changed);
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(next, { recursive: true, force: true });
});

test.beforeEach(() => {
  root = DIST;
  cut = false;
});

/** Waits until the service worker is active (its precache complete) and controls the page. */
async function installed(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    // Prompt mode does not claim the first visit's page: the next load is controlled.
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  }
}

test('after one visit the lab opens and runs presets with the network cut', async ({ page, context }) => {
  await page.goto(`${origin}/?preset=tcp-single&variant=quick&seed=1&speed=max`);
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  await installed(page);
  await context.setOffline(true);
  cut = true;
  await page.reload();
  await expect(app(page)).toHaveAttribute('data-preset', 'tcp-single');
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  await expect(page.getByTestId('headline')).toBeVisible();
  // A preset never opened before: its JSON was precached too, and a lazy view's chunk.
  await page.goto(`${origin}/?preset=bufferbloat&variant=quick&seed=1&speed=max`);
  await expect(app(page)).toHaveAttribute('data-preset', 'bufferbloat');
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  await expect(page.getByTestId('headline')).toBeVisible();
  await page.getByTestId('tab-editor').click();
  await expect(page.getByTestId('editor')).toBeVisible();
  await expect(page.getByTestId('error')).toHaveCount(0);
});

test('a new deployment shows "a new version is ready — reload" and switches only when asked', async ({ page }) => {
  await page.goto(`${origin}/?preset=tcp-single&variant=quick&seed=1&speed=max`);
  await installed(page);
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  await expect(page.getByTestId('update-ready')).toHaveCount(0);
  // Deploy the next version; the open lab checks for updates (it does so hourly and when shown).
  root = next;
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    await reg?.update();
  });
  await expect(page.getByTestId('update-ready')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('update-ready')).toContainText('new version');
  // Nothing was mixed in: the page is still the old deployment's, and its run is still there.
  expect(await page.evaluate(() => document.head.innerHTML.includes('deployment 2'))).toBe(false);
  await expect(app(page)).toHaveAttribute('data-state', 'finished');
  // Reload: the new worker takes over and the page is the new deployment's.
  await Promise.all([page.waitForEvent('load'), page.getByTestId('update-reload').click()]);
  await expect(app(page)).toHaveAttribute('data-preset', 'tcp-single');
  await expect.poll(() => page.evaluate(() => document.head.innerHTML.includes('deployment 2'))).toBe(true);
  await expect(page.getByTestId('update-ready')).toHaveCount(0);
});
