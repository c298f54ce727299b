import { readFileSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';

// The QUIC streams view on a fixed seed, quick variant at max speed.
const FAST = 'seed=1&variant=quick&speed=max';
const app = (page: Page) => page.getByTestId('app');

/** The streams a preset's first QUIC flow declares (a `count` expands to that many). */
function presetStreams(name: string): number {
  const p = JSON.parse(readFileSync(`public/scenarios/${name}.json`, 'utf8'));
  return (p.flows[0].quic.streams as { count?: number }[]).reduce((n, s) => n + (s.count ?? 1), 0);
}

async function summaryJson(page: Page) {
  return JSON.parse((await page.getByTestId('summary-json').textContent()) ?? 'null');
}

test('streams: queued and delivered bytes live, picks with their reasons', async ({ page }) => {
  await page.goto(`/?preset=quic-priority-control&${FAST}`);
  const panel = page.getByTestId('quic-panel');
  await expect(panel).toBeVisible();
  const n = presetStreams('quic-priority-control');
  await expect(page.getByTestId('chart-stream-queued')).toHaveAttribute('data-series', String(n));
  await expect(page.getByTestId('chart-stream-delivered')).toHaveAttribute('data-series', String(n));
  await expect.poll(async () => Number(await page.getByTestId('chart-stream-delivered').getAttribute('data-points'))).toBeGreaterThan(0);
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 45_000 });
  const rows = page.getByTestId('quic-stream');
  await expect(rows).toHaveCount(n);
  const summary = await summaryJson(page);
  // Every byte the summary counts as delivered on a stream is in its row at the end.
  for (const st of summary.streams) {
    await expect(rows.filter({ has: page.locator(`xpath=self::*[@data-stream="${st.name}"]`) })).toHaveAttribute('data-delivered', String(st.bytes_delivered));
  }
  // ABS (the preset's scheduler) always picks by priority; the picks name streams of the table.
  const names = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-stream')));
  const picks = page.getByTestId('quic-pick');
  expect(await picks.count()).toBeGreaterThan(0);
  for (const p of await picks.all()) {
    expect(names).toContain(await p.getAttribute('data-stream'));
    await expect(p).toHaveAttribute('data-reason', 'highest_priority');
  }
  const pickCounts = await rows.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-picks'))));
  expect(pickCounts.every((c) => c > 0)).toBe(true);
});

test('scheduler comparison: one box per scheduler, medians are the engine p50, ABS beats RR on control', async ({ page }) => {
  await page.goto(`/?preset=quic-priority-control&${FAST}`);
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 45_000 });
  await page.getByTestId('quic-compare-run').click();
  const compare = page.getByTestId('quic-compare');
  await expect(compare).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  const control = page.locator('[data-testid="latency-boxes"] g[data-stream="control"]');
  const boxes = control.getByTestId('latency-box');
  const schedulers = await boxes.evaluateAll((els) => els.map((e) => e.getAttribute('data-scheduler')));
  // One per scheduler of the engine's registry, in its order.
  const registry = JSON.parse(readFileSync('web/src/generated/registry.json', 'utf8'));
  expect(schedulers).toEqual(registry.quic_schedulers.map((e: { name: string }) => e.name));
  // Bulk streams write no messages: only the control stream has boxes.
  await expect(page.getByTestId('latency-boxes')).toHaveAttribute('data-streams', '1');
  const median = async (s: string) => Number(await control.locator(`[data-scheduler="${s}"]`).getAttribute('data-median'));
  expect(await median('abs')).toBeLessThan(await median('rr'));

  // Hover read-out in ms.
  await control.locator('[data-scheduler="abs"]').hover();
  await expect(page.getByTestId('box-readout')).toContainText(/abs · control: p5 [\d.]+ · p25 [\d.]+ · median [\d.]+ · p75 [\d.]+ · p95 [\d.]+ ms/);

  // Each box's median and p95 are the p50 and p95 of that scheduler's own run in the lab
  // (the main worker, chosen with the scheduler knob), same seed. Changing the knob changes
  // the scenario, which clears the comparison, so read every box first.
  const drawn = await boxes.evaluateAll((els) =>
    els.map((e) => ({ s: e.getAttribute('data-scheduler')!, p50: Number(e.getAttribute('data-median')), p95: Number(e.getAttribute('data-p95')) })),
  );
  for (const d of drawn) {
    // A knob change starts a new run (new run id); a quick run can finish between two polls,
    // so wait for the run id rather than for the old summary to disappear.
    const before = await app(page).getAttribute('data-run-id');
    await page.getByTestId('knob-scheduler').selectOption(d.s);
    await expect(app(page)).not.toHaveAttribute('data-run-id', before!);
    await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 45_000 });
    const lat = (await summaryJson(page)).streams.find((x: { name: string }) => x.name === 'control').latency_ms;
    expect(d.p50, `${d.s} median`).toBe(lat.p50);
    expect(d.p95, `${d.s} p95`).toBe(lat.p95);
  }
  await expect(compare).toHaveAttribute('data-status', 'idle');
});
