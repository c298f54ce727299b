#!/usr/bin/env node
// Takes docs/sequence-diagram.png (docs/user-guide.md shows it): the lab's sequence/time diagram of one
// NewReno flow whose 15th data packet is dropped on the bottleneck's wire (`drop_packets`) — the
// lost segment's cross, the duplicate ACKs, the fast-retransmit marker and the retransmission.
// Serves the production build (`npm run build` first) with `vite preview`, opens the scenario as
// a shared link (made by the engine in sim-wasm/pkg), seeks to `time`, traces from t = 0 and
// saves the diagram's panel.
//   node scripts/sequence-diagram.mjs [time s, default 0.5] [out.png]
// SCREENSHOT_PORT picks the preview port (default 4175; another worktree may be using it).
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { launchChromium, log, ROOT, startPreview } from './lib.mjs';

const PORT = Number(process.env.SCREENSHOT_PORT ?? 4175);
const at = Number(process.argv[2] ?? 0.5);
const out = process.argv[3] ?? join(ROOT, 'docs', 'sequence-diagram.png');

const scenario = {
  name: 'scripted-loss',
  title: 'One NewReno flow, its 15th packet lost',
  duration_s: 2,
  topology: {
    kind: 'dumbbell',
    bottleneck: { rate_mbps: 2, delay_ms: 5, buffer: { bdp: 8 }, drop_packets: [14] },
    senders: [{ rtt_ms: 40 }],
  },
  flows: [{ id: 'reno', cc: 'reno', path: 0 }],
};
const wasm = await import(join(ROOT, 'sim-wasm', 'pkg', 'netlab_wasm.js'));
wasm.initSync({ module: readFileSync(join(ROOT, 'sim-wasm', 'pkg', 'netlab_wasm_bg.wasm')) });
const link = wasm.share_encode(JSON.stringify(scenario), 1, JSON.stringify({ speed: 0.1 }));

const preview = await startPreview(PORT);
try {
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 }, colorScheme: 'light', deviceScaleFactor: 1 });
  await page.goto(`http://127.0.0.1:${PORT}/#s=${link}`);
  await page.getByTestId('app').and(page.locator('[data-state="running"]')).waitFor({ timeout: 60_000 });
  await page.getByTestId('sequence-toggle').click();
  const view = page.getByTestId('sequence-view');
  await view.waitFor();
  await page.getByTestId('seek-input').fill(String(at));
  await page.getByTestId('seek-go').click();
  await page.getByTestId('controls').and(page.locator('[data-seeking="false"]')).waitFor();
  // Tracing began when the diagram opened: re-run to the same time with tracing from t = 0.
  await page.waitForFunction(() => document.querySelector('[data-testid="sequence-view"]')?.getAttribute('data-tracing-since') !== '');
  if (Number(await view.getAttribute('data-tracing-since')) > 0) await page.getByTestId('sequence-from-start').click();
  await page.waitForFunction(
    (t) =>
      document.querySelector('[data-testid="sequence-view"]')?.getAttribute('data-tracing-since') === '0' &&
      Number(document.querySelector('[data-testid="sequence-view"]')?.getAttribute('data-window-end')) === t,
    at,
  );
  // A window of 16 round trips: the whole loss and its repair.
  await page.getByTestId('sequence-zoom-out').click();
  await page.getByTestId('sequence-zoom-out').click();
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="sequence-view"]')?.getAttribute('data-window-span')) > 0.6);
  await page.waitForTimeout(300);
  mkdirSync(dirname(out), { recursive: true });
  await view.screenshot({ path: out });
  await browser.close();
  log('sequence-diagram', `wrote ${out}`);
} finally {
  preview.kill();
}
