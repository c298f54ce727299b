import { expect, test } from '@playwright/test';

// Sweeps over any numeric knob (issue 16): a preset that declares no sweep (tcp-single) is swept
// over its loss knob on a log axis with two seeds; each point is the mean with a 95 % confidence
// interval. Bad ranges are refused with the reason, by the form or by the engine.

test('any numeric knob can be swept with several seeds, log axes and error bars', async ({ page }) => {
  await page.goto('/?preset=tcp-single&variant=quick&speed=max&seed=1');
  await expect(page.getByTestId('app')).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  await page.getByTestId('sweep-open').click();
  const sweep = page.getByTestId('sweep');
  await expect(sweep).toHaveAttribute('data-mode', 'custom');
  await page.getByTestId('sweep-knob').selectOption('loss');
  await page.getByTestId('sweep-from').fill('0.001');
  await page.getByTestId('sweep-to').fill('0.1');
  await page.getByTestId('sweep-count').fill('3');
  await page.getByTestId('sweep-spacing').selectOption('log');
  await page.getByTestId('sweep-seeds').fill('2');
  await page.getByTestId('sweep-metric').selectOption('goodput_mbps');
  // 3 values × 1 line × 2 seeds.
  await expect(page.getByTestId('sweep-progress')).toHaveText(/^6 runs/);
  await page.getByTestId('sweep-run').click();
  await expect(sweep).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  const chart = page.getByTestId('sweep-chart');
  await expect(chart).toHaveAttribute('data-lines', '1');
  await expect(chart).toHaveAttribute('data-points', '3');
  // Random loss makes the seeds differ: every point has an error bar, and the axis is log.
  await expect(chart).toHaveAttribute('data-errorbars', '3');
  await expect(chart).toHaveAttribute('data-log-x', 'true');
  await expect(chart.locator('.tick').filter({ hasText: /^0\.01$/ })).toHaveCount(1);
  await expect(page.getByTestId('sweep-caption')).toContainText('mean over 2 seeds');
  // More loss, less goodput: the mean at 10 % loss is below the mean at 0.1 %.
  const bars = chart.getByTestId('sweep-errorbar');
  const lo = Number(await bars.first().getAttribute('data-hi'));
  const hi = Number(await bars.last().getAttribute('data-hi'));
  expect(hi).toBeLessThan(lo);
  // The axes switch: linear x, log y.
  await page.getByTestId('sweep-log-x').uncheck();
  await expect(chart).toHaveAttribute('data-log-x', 'false');
  await page.getByTestId('sweep-log-y').check();
  await expect(chart).toHaveAttribute('data-log-y', 'true');
  // Its text alternative (issue 31 §2): every point in a table, each the mean ± its interval,
  // the same numbers the error bars are drawn from.
  await page.getByTestId('sweep-data-toggle').press('Enter');
  const table = page.getByTestId('sweep-data').getByTestId('chart-table');
  await expect(table.locator('tbody tr')).toHaveCount(3);
  const cells = await table.locator('tbody td').allTextContents();
  const his = await bars.evaluateAll((bs) => bs.map((b) => Number(b.getAttribute('data-hi'))));
  const los = await bars.evaluateAll((bs) => bs.map((b) => Number(b.getAttribute('data-lo'))));
  cells.forEach((c, i) => {
    const [mean, ci] = c.split(' ± ').map(Number);
    expect(mean).toBeCloseTo((his[i]! + los[i]!) / 2, 1);
    expect(ci).toBeCloseTo((his[i]! - los[i]!) / 2, 1);
  });
  await expect(page.getByTestId('sweep-data').getByTestId('chart-summary').locator('li')).toHaveCount(1);
});

test('a sweep the engine cannot run says why, and the lab keeps its run', async ({ page }) => {
  await page.goto('/?preset=tcp-single&variant=quick&speed=max&seed=1');
  await expect(page.getByTestId('app')).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  await page.getByTestId('sweep-open').click();
  await page.getByTestId('sweep-knob').selectOption('loss');
  // Log spacing through zero: the form refuses before anything runs.
  await page.getByTestId('sweep-from').fill('0');
  await page.getByTestId('sweep-spacing').selectOption('log');
  await expect(page.getByTestId('sweep-form-error')).toHaveText('log spacing needs from and to above 0');
  await expect(page.getByTestId('sweep-run')).toBeDisabled();
  // Beyond the knob's range: the engine names the value at fault.
  await page.getByTestId('sweep-spacing').selectOption('linear');
  await page.getByTestId('sweep-to').fill('0.5');
  await page.getByTestId('sweep-count').fill('2');
  await page.getByTestId('sweep-run').click();
  await expect(page.getByTestId('sweep-error')).toContainText('sweep.values[1]: 0.5 is out of range [0, 0.2]');
  await expect(page.getByTestId('app')).toHaveAttribute('data-state', 'finished');
});

test('a slow preset fetch still opens the declared sweep, not an empty custom form', async ({ page }) => {
  // The panel can mount before the preset's text arrives (it is fetched on demand).
  await page.route('**/scenarios/quic-priority-control.json', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto('/?preset=quic-priority-control&variant=quick&speed=max&seed=1');
  const sweep = page.getByTestId('sweep');
  await expect(sweep).toHaveAttribute('data-mode', 'declared', { timeout: 20_000 });
  await page.getByTestId('sweep-mode-custom').click();
  await expect(page.getByTestId('sweep-compare')).toHaveValue('scheduler');
});

test('a preset with a declared sweep can switch to a custom one', async ({ page }) => {
  await page.goto('/?preset=quic-priority-control&variant=quick&speed=max&seed=1');
  const sweep = page.getByTestId('sweep');
  await expect(sweep).toHaveAttribute('data-mode', 'declared');
  await page.getByTestId('sweep-mode-custom').click();
  await expect(sweep).toHaveAttribute('data-mode', 'custom');
  // The declared sweep's metric and lines are the custom form's starting point; p95 is offered.
  await expect(page.getByTestId('sweep-metric').locator('option[value="priority_latency_p95_ms"]')).toHaveCount(1);
  await expect(page.getByTestId('sweep-compare')).toHaveValue('scheduler');
});
