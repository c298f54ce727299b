import { expect, test } from '@playwright/test';
import { app } from './lab-page';

// Issue 15: a queue discipline's metrics reach the charts. The bufferbloat preset (quick, seed 1)
// under DropTail, then CoDel from the knob: the queueing-delay chart draws the bottleneck's
// delay, its scale shows the standing queue DropTail keeps (hundreds of ms) and CoDel removes,
// and the summary's queueing-delay headline names the discipline. Assertions on data-*.
test('the queueing delay is charted per link: DropTail keeps a standing queue, CoDel removes it', async ({ page }) => {
  await page.goto('/?preset=bufferbloat&seed=1&variant=quick&speed=max');
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  const chart = page.getByTestId('chart-queue-delay');
  await expect.poll(async () => Number(await chart.getAttribute('data-points'))).toBeGreaterThan(0);
  const tailTop = Number(await chart.getAttribute('data-y-top'));
  expect(tailTop).toBeGreaterThan(200);
  const headline = page.locator('[data-headline-item="queueing_delay"] .headline-row[data-key="bottleneck"]');
  await expect(headline).toContainText('bottleneck');

  await page.getByTestId('knob-aqm').selectOption('codel');
  await expect(headline).toContainText('bottleneck (codel)', { timeout: 60_000 });
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  // CoDel's slow-start overshoot reaches tens of ms before its first interval ends; after
  // that the delay stays near its 5 ms target. The whole run's scale is a fraction of DropTail's.
  await expect.poll(async () => Number(await chart.getAttribute('data-y-top')), { timeout: 30_000 }).toBeLessThan(tailTop / 3);
  expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThan(0);
});
