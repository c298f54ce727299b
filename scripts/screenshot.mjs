#!/usr/bin/env node
// Takes docs/screenshot.png of the lab (README.md shows it): serves the production build
// (`npm run build` first) with `vite preview`, runs the default scenario to the end with
// Debian's Chromium, and saves a full-page screenshot 1280 px wide — or, given a size, just
// the viewport at that size, scrolled to an element (docs/projector.png: the charts).
//   node scripts/screenshot.mjs [query, default "seed=1&speed=max"] [out.png] [WxH [selector]]
// SCREENSHOT_PORT picks the preview port (default 4175; another worktree may be using it).
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { launchChromium, ROOT } from './lib.mjs';

const PORT = Number(process.env.SCREENSHOT_PORT ?? 4175);
const query = process.argv[2] ?? 'seed=1&speed=max';
const out = process.argv[3] ?? join(ROOT, 'docs', 'screenshot.png');
const size = /^(\d+)x(\d+)$/.exec(process.argv[4] ?? '');
const scrollTo = process.argv[5];

const server = spawn(join(ROOT, 'node_modules', '.bin', 'vite'), ['preview', '--port', String(PORT), '--strictPort'], {
  cwd: ROOT,
  stdio: 'ignore',
});
try {
  const url = `http://127.0.0.1:${PORT}/`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      /* not up yet */
    }
    if (i > 100) throw new Error(`vite preview did not start on ${url}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const browser = await launchChromium();
  const viewport = size ? { width: Number(size[1]), height: Number(size[2]) } : { width: 1280, height: 800 };
  const page = await browser.newPage({ viewport, colorScheme: 'light', deviceScaleFactor: 1 });
  await page.goto(`${url}?${query}`);
  await page.getByTestId('app').and(page.locator('[data-state="finished"]')).waitFor({ timeout: 60_000 });
  if (scrollTo) await page.locator(scrollTo).first().evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.waitForTimeout(300);
  mkdirSync(dirname(out), { recursive: true });
  await page.screenshot({ path: out, fullPage: !size });
  await browser.close();
  console.log(`screenshot: wrote ${out}`);
} finally {
  server.kill();
}
