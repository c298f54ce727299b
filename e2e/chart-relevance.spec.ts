// Issue 30, item 11 (in part): a chart is shown only where it means something for the run.
// Jain's index over time for a single flow is a flat 1.0 by definition: not drawn. Where it is
// drawn, the fairness axis stops at 1 (an index cannot exceed it), not at a headroom of 1.2.
import { expect, test } from '@playwright/test';
import { app } from './lab-page';

test('no Jain-over-time chart for one flow; with two flows its axis stops at 1', async ({ page }) => {
  await page.goto('/?preset=tcp-single&variant=quick&seed=1&speed=max');
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  await expect(page.getByTestId('chart-cwnd')).toBeVisible();
  await expect(page.getByTestId('chart-jain')).toHaveCount(0);

  await page.goto('/?preset=tcp-dumbbell&variant=quick&seed=1&speed=max');
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  const jain = page.getByTestId('chart-jain');
  await expect(jain).toBeVisible();
  expect(Number(await jain.getAttribute('data-y-top'))).toBe(1);
});

test("ECF-3's one file: no FCT bars, CDF or long-flow mean, its numbers in one sentence", async ({ page }) => {
  await page.goto('/?preset=ecf3-uniform&variant=quick&seed=1&speed=max');
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  const one = page.getByTestId('mptcp-one-transfer');
  await expect(one).toContainText('One transfer (file): done in');
  await expect(page.getByTestId('mptcp-results')).toHaveAttribute('data-flows', '1');
  for (const id of ['fct-bars', 'fct-cdf', 'mptcp-long-mbps', 'mptcp-mean-mbps']) await expect(page.getByTestId(id)).toHaveCount(0);
});

test("A/B of flow schedulers: FSFS is not scored by the background flows' Jain index", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/?view=compare&preset=mptcp-fsfs-paths&compare=flow_sched:fsfs,mptcp&seed=1&variant=quick&speed=max');
  await page.getByTestId('compare-run').click();
  await expect(page.getByTestId('compare')).toHaveAttribute('data-state', 'finished', { timeout: 100_000 });
  await expect(page.getByTestId('compare-diff')).toHaveAttribute('data-final', 'true');
  // The table compares the short flows' completion times, and has no Jain row.
  await expect(page.locator('[data-testid="compare-delta"][data-metric="fct_mean:G0"][data-column="B"]')).toHaveCount(1);
  await expect(page.locator('[data-metric="jain"]')).toHaveCount(0);
  await expect(page.getByTestId('compare-summary')).toHaveCount(2);
  await expect(page.getByTestId('compare-summary-jain')).toHaveCount(0);
});
