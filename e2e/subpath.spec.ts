// Issue 30, item 2: the lab can be hosted under a sub-path (a course site's /netlab/, a project
// page). The production build (dist/) is served here under /course/netlab/ by a small static
// server that answers nothing outside that prefix, so any asset, chunk, worker, wasm file or
// preset text fetched from the site root shows up as a failed request.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { expect, test } from '@playwright/test';
import { app } from './lab-page';
import { TYPES } from './static-types';

const DIST = join(process.cwd(), 'dist');
const PREFIX = '/course/netlab/';

let server: Server;
let origin = '';

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (!path.startsWith(PREFIX)) {
      res.writeHead(404).end('outside the sub-path');
      return;
    }
    let file = normalize(join(DIST, path.slice(PREFIX.length)));
    if (!file.startsWith(DIST)) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test('served under a sub-path, the lab loads, runs a preset to its end and opens a lazy view', async ({ page }) => {
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  page.on('requestfailed', (r) => failed.push(`failed ${r.url()}`));
  await page.goto(`${origin}${PREFIX}?preset=bufferbloat&variant=quick&seed=1&speed=max`);
  await expect(app(page)).toHaveAttribute('data-preset', 'bufferbloat');
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  await expect(page.getByTestId('headline')).toBeVisible();
  // Another preset's text is fetched (relative to the page), and a lazily loaded view's chunk.
  await page.getByTestId('tab-editor').click();
  await expect(page.getByTestId('editor')).toBeVisible();
  expect(failed).toEqual([]);
});
