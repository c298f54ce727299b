import { type Page, expect, test } from '@playwright/test';
import { formatJain, formatPercent } from '../web/src/lib/format';
import { cliSummary } from './cli';
import { app } from './lab-page';

// Issue 16, "headline metric per preset": the summary opens with the number the preset is
// about, named in the preset JSON (`headline`), computed from the summary the engine returns.
// Expected values are the native CLI's for the same run (`netlab run <preset> --variant quick
// --seed 1 --json`, e2e/cli.ts): the page must show what the engine computed, whatever it is.

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
  const latency = (sched: string) => cliSummary('quic-priority-control', { set: { scheduler: sched } }).streams!.find((st) => st.name === 'control')!.latency_ms!;
  const abs = latency('abs');
  expect(Number(await control.getAttribute('data-p50'))).toBeCloseTo(abs.p50, 3);
  expect(Number(await control.getAttribute('data-p95'))).toBeCloseTo(abs.p95, 3);
  // Latencies of 10 ms and more in whole milliseconds.
  expect(abs.p50).toBeGreaterThanOrEqual(10);
  await expect(control.locator('.headline-value')).toHaveText(`${Math.round(abs.p50)} ms · ${Math.round(abs.p95)} ms`);
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
  const rr = latency('rr');
  expect(rr.p50).not.toBeCloseTo(abs.p50, 3);
  expect(Number(await row(page, 'stream_latency', 'control').getAttribute('data-p50'))).toBeCloseTo(rr.p50, 3);
});

test('BBR retransmissions: the retransmission ratio over all flows, then Jain', async ({ page }) => {
  await finishedRun(page, 'preset=bbr-retransmissions');
  await expect(page.getByTestId('headline')).toHaveAttribute('data-headline', 'retransmission_ratio jain');
  const s = cliSummary('bbr-retransmissions');
  const retransmitted = s.flows.reduce((n, f) => n + f.retransmitted_packets, 0);
  const sent = s.flows.reduce((n, f) => n + f.sent_packets, 0);
  expect(retransmitted).toBeGreaterThan(0);
  const ratio = row(page, 'retransmission_ratio', 'retransmission_ratio');
  await expect(ratio).toHaveAttribute('data-retransmitted', String(retransmitted));
  await expect(ratio).toHaveAttribute('data-sent', String(sent));
  expect(Number(await ratio.getAttribute('data-value'))).toBeCloseTo(retransmitted / sent, 12);
  await expect(ratio.locator('.headline-value')).toHaveText(formatPercent(retransmitted / sent));
  await expect(page.getByTestId('jain')).toHaveText(formatJain(s.jain));
});

test('FSFS: mean FCT per size class with finished and unfinished counts, under the flow scheduler', async ({ page }) => {
  await finishedRun(page, 'preset=mptcp-fsfs-load');
  await expect(page.getByTestId('headline')).toHaveAttribute('data-headline', 'fct_by_class flow_throughput');
  await expect(page.locator('[data-headline-item="fct_by_class"]')).toHaveAttribute('data-context', 'flow scheduler fsfs');
  const s = cliSummary('mptcp-fsfs-load');
  const want = s.fct_by_class!.G0!;
  // Flows arrive until the end, so some are unfinished: the count is shown, not just zero.
  expect(want.unfinished).toBeGreaterThan(0);
  const g0 = row(page, 'fct_by_class', 'G0');
  await expect(g0).toHaveAttribute('data-finished', String(want.count));
  await expect(g0).toHaveAttribute('data-unfinished', String(want.unfinished));
  expect(Number(await g0.getAttribute('data-value'))).toBeCloseTo(want.mean_s!, 9);
  await expect(g0).toContainText(`${want.unfinished} unfinished`);
  const keys = await page.locator('[data-headline-item="fct_by_class"] .headline-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key')));
  expect(keys).toEqual(['G0', 'G1', 'G2', 'G3', 'all']);
  expect(Number(await row(page, 'flow_throughput', 'long').getAttribute('data-value'))).toBeCloseTo(s.long_flow_mbps!, 6);
});

test('tcp-dumbbell: goodput per flow, then Jain', async ({ page }) => {
  await finishedRun(page, 'preset=tcp-dumbbell');
  await expect(page.getByTestId('headline')).toHaveAttribute('data-headline', 'goodput jain');
  await expect(row(page, 'goodput', 'short-rtt')).toBeVisible();
  await expect(page.getByTestId('jain')).toHaveText(/^\d\.\d{3}$/);
});
