import { type Page, expect, test } from '@playwright/test';
import { app } from './lab-page';

// Issue 16: axis and label names in words with units ("Buffer (BDP)", "Jain's index"), never
// field names; and a difference within run-to-run noise (−0.1 %) is not flagged "worse".

const FAST = 'seed=1&variant=quick&speed=max';
const delta = (page: Page, metric: string, column: string) => page.locator(`[data-testid="compare-delta"][data-metric="${metric}"][data-column="${column}"]`);

test('the sweep names its axes in words with units, not field names', async ({ page }) => {
  await page.goto(`/?preset=bbr-fairness&${FAST}`);
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  await page.getByTestId('sweep-run').click();
  const chart = page.getByTestId('sweep-chart');
  await expect(chart).toBeVisible({ timeout: 60_000 });
  const labels = await chart.locator('text.axis-label').allTextContents();
  expect(labels).toEqual(['Bottleneck buffer (BDP)', "Jain's index"]);
  await expect(page.getByTestId('sweep').locator('h2')).toHaveText("Sweep: Jain's index vs Bottleneck buffer (BDP)");
  await expect(page.getByTestId('sweep')).not.toContainText('buffer_bdp');
});

test('compare columns are named by the knob\'s label, and a 0.4 % difference gets no verdict', async ({ page }) => {
  await page.goto(`/?view=compare&preset=bbr-fairness&compare=cc:bbr,bbr-a&${FAST}`);
  const run = page.getByTestId('compare-run');
  await expect(run).toBeEnabled();
  await run.click();
  await expect(page.getByTestId('compare')).toHaveAttribute('data-state', 'finished', { timeout: 90_000 });
  await expect(page.getByTestId('compare-diff')).toHaveAttribute('data-final', 'true');

  const heads = await page.getByTestId('compare-table').locator('thead th').allTextContents();
  expect(heads[1]).toContain('Congestion control = bbr');
  expect(heads[2]).toContain('Congestion control = bbr-a');
  expect(heads.join(' ')).not.toContain('cc=');
  await expect(page.getByTestId('compare-column').nth(1)).toContainText('Congestion control = bbr-a');

  // Mean throughput per flow: 47.61 vs 47.80 Mbit/s (+0.4 %, both flows fill the link): shown,
  // but "same", not "better".
  const mean = delta(page, 'mean_mbps', 'B');
  const d = Number(await mean.getAttribute('data-delta'));
  const base = Number(await page.locator('[data-testid="compare-base"][data-metric="mean_mbps"]').getAttribute('data-value'));
  expect(d).not.toBe(0);
  expect(Math.abs(d / base)).toBeLessThan(0.01);
  await expect(mean).toHaveAttribute('data-verdict', 'same');
  // Jain's index: 0.605 → 0.621 (+2.6 %), a real difference: "better".
  await expect(delta(page, 'jain', 'B')).toHaveAttribute('data-verdict', 'better');
  await expect(page.getByTestId('compare-diff-when')).toContainText('under 1 % of A');
});

test('the summary table names the congestion control column in words', async ({ page }) => {
  await page.goto(`/?preset=tcp-dumbbell&${FAST}`);
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 45_000 });
  const heads = await page.getByTestId('summary-flows').locator('thead th').allTextContents();
  expect(heads).toContain('congestion control');
  expect(heads).not.toContain('cc');
});
