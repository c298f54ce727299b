import { type Page, expect, test } from '@playwright/test';
import { app } from './lab-page';

// Issue 16, "headline metric per preset": the summary opens with the number the preset is
// about, named in the preset JSON (`headline`), computed from the summary the engine returns.
// Expected values are the native CLI's (`netlab run <preset> --variant quick --json`, seed 1).

async function finishedRun(page: Page, query: string): Promise<void> {
  await page.goto(`/?${query}&variant=quick&seed=1&speed=max`);
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
}

const row = (page: Page, item: string, key: string) =>
  page.locator(`[data-headline-item="${item}"] .headline-row[data-key="${key}"]`);

test('QUIC: control-message latency p50 / p95 under the run\'s scheduler comes first; Jain is not a headline', async ({ page }) => {
  await finishedRun(page, 'preset=quic-priority-control');
  const headline = page.getByTestId('headline');
  await expect(headline).toHaveAttribute('data-headline', 'stream_latency');
  const item = page.locator('[data-headline-item="stream_latency"]');
  await expect(item).toHaveAttribute('data-context', 'scheduler abs');
  const control = row(page, 'stream_latency', 'control');
  expect(Number(await control.getAttribute('data-p50'))).toBeCloseTo(82.673719, 3);
  expect(Number(await control.getAttribute('data-p95'))).toBeCloseTo(109.101872, 3);
  await expect(control.locator('.headline-value')).toHaveText('83 ms · 109 ms');
  // Bulk streams carry no messages: no latency row for them.
  await expect(page.locator('[data-headline-item="stream_latency"] .headline-row')).toHaveCount(1);
  // One connection: Jain's index (always 1) is not shown as if it mattered.
  await expect(page.getByTestId('jain')).toHaveCount(0);
  // The headline is the first thing in the summary, above the tables.
  const [h, tables] = await Promise.all([headline.boundingBox(), page.getByTestId('summary-flows').boundingBox()]);
  expect(h!.y).toBeLessThan(tables!.y);

  // Another scheduler: the headline says so, with its own numbers.
  await page.getByTestId('knob-scheduler').selectOption('rr');
  await expect(item).toHaveAttribute('data-context', 'scheduler rr', { timeout: 60_000 });
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  expect(Number(await row(page, 'stream_latency', 'control').getAttribute('data-p50'))).toBeCloseTo(134.35085, 3);
});

test('BBR retransmissions: the retransmission ratio over all flows, then Jain', async ({ page }) => {
  await finishedRun(page, 'preset=bbr-retransmissions');
  await expect(page.getByTestId('headline')).toHaveAttribute('data-headline', 'retransmission_ratio jain');
  const ratio = row(page, 'retransmission_ratio', 'retransmission_ratio');
  await expect(ratio).toHaveAttribute('data-retransmitted', '38407');
  await expect(ratio).toHaveAttribute('data-sent', '163220');
  expect(Number(await ratio.getAttribute('data-value'))).toBeCloseTo(38407 / 163220, 12);
  await expect(ratio.locator('.headline-value')).toHaveText('23.5 %');
  await expect(page.getByTestId('jain')).toHaveText('0.820');
});

test('FSFS: mean FCT per size class with finished and unfinished counts, under the flow scheduler', async ({ page }) => {
  await finishedRun(page, 'preset=mptcp-fsfs-load');
  await expect(page.getByTestId('headline')).toHaveAttribute('data-headline', 'fct_by_class flow_throughput');
  await expect(page.locator('[data-headline-item="fct_by_class"]')).toHaveAttribute('data-context', 'flow scheduler fsfs');
  const g0 = row(page, 'fct_by_class', 'G0');
  await expect(g0).toHaveAttribute('data-finished', '5923');
  await expect(g0).toHaveAttribute('data-unfinished', '40');
  expect(Number(await g0.getAttribute('data-value'))).toBeCloseTo(0.0710593675606955, 9);
  await expect(g0).toContainText('40 unfinished');
  const keys = await page.locator('[data-headline-item="fct_by_class"] .headline-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key')));
  expect(keys).toEqual(['G0', 'G1', 'G2', 'G3', 'all']);
  expect(Number(await row(page, 'flow_throughput', 'long').getAttribute('data-value'))).toBeCloseTo(35.530907441628514, 6);
});

test('tcp-dumbbell: goodput per flow, then Jain', async ({ page }) => {
  await finishedRun(page, 'preset=tcp-dumbbell');
  await expect(page.getByTestId('headline')).toHaveAttribute('data-headline', 'goodput jain');
  await expect(row(page, 'goodput', 'short-rtt')).toBeVisible();
  await expect(page.getByTestId('jain')).toHaveText(/^\d\.\d{3}$/);
});
