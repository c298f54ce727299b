#!/usr/bin/env node
// Takes docs/network-picture.png (docs/user-guide.md shows it): the network picture in slow motion
// (0.001×) — every packet on its link, ACKs on the reverse lanes, the bottleneck's buffer stack.
// Serves the production build (`npm run build` first) with `vite preview`, opens a preset's quick
// run, seeks to a time where the queue has built up, plays at 0.001× for a moment (so packets are
// between snapshots, placed from their times) and saves the picture's panel.
//   node scripts/network-picture.mjs [preset, default tcp-dumbbell] [time s, default 0.6] [out.png]
// SCREENSHOT_PORT picks the preview port (default 4175; another worktree may be using it).
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { launchChromium, log, ROOT, startPreview } from './lib.mjs';

const PORT = Number(process.env.SCREENSHOT_PORT ?? 4175);
const preset = process.argv[2] ?? 'tcp-dumbbell';
const at = Number(process.argv[3] ?? 0.6);
const out = process.argv[4] ?? join(ROOT, 'docs', 'network-picture.png');

const preview = await startPreview(PORT);
try {
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 }, colorScheme: 'light', deviceScaleFactor: 1 });
  await page.goto(`http://127.0.0.1:${PORT}/?preset=${encodeURIComponent(preset)}&variant=quick&seed=1&speed=0.001`);
  await page.getByTestId('app').and(page.locator('[data-state="running"]')).waitFor({ timeout: 60_000 });
  // Seek (the page pauses there), then play on in slow motion.
  await page.getByTestId('seek-input').fill(String(at));
  await page.getByTestId('seek-go').click();
  await page.getByTestId('controls').and(page.locator('[data-seeking="false"]')).waitFor();
  await page.waitForFunction((t) => Number(document.querySelector('[data-testid="app"]')?.getAttribute('data-sim-time')) === t, at);
  await page.getByTestId('play').click();
  await page.waitForTimeout(1500);
  mkdirSync(dirname(out), { recursive: true });
  await page.getByTestId('topology').screenshot({ path: out });
  await browser.close();
  log('network-picture', `wrote ${out}`);
} finally {
  preview.kill();
}
