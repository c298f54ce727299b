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
