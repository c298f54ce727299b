import { expect, test } from '@playwright/test';

// BBR views (issue 3): the pacing-gain chart, the controller-state timeline, and BBR-A's φ,
// P_up and P_down, on the bbr-fairness preset's quick variant with a fixed seed.
test('BBR runs show pacing gain, a state timeline and BBR-A parameters', async ({ page }) => {
  await page.goto('/?preset=bbr-fairness&variant=quick&speed=max&seed=1');
  const app = page.getByTestId('app');
  await expect(app).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });

  // CUBIC has no pacing gain; BBR does: the chart exists and has drawn one line per flow.
  const gain = page.getByTestId('chart-pacing-gain');
  await expect(gain).toBeVisible();
  expect(Number(await gain.getAttribute('data-series'))).toBe(2);
  expect(Number(await gain.getAttribute('data-points'))).toBeGreaterThan(0);
  // Pacing rate and BBR's bandwidth estimate: two lines per flow.
  const rate = page.getByTestId('chart-pacing-rate');
  await expect(rate).toBeVisible();
  expect(Number(await rate.getAttribute('data-series'))).toBe(4);
  expect(Number(await rate.getAttribute('data-points'))).toBeGreaterThan(0);

  // The timeline shows both flows leaving STARTUP and reaching PROBE_BW.
  const timeline = page.getByTestId('state-timeline');
  await expect(timeline).toHaveAttribute('data-flows', '2');
  expect(Number(await timeline.getAttribute('data-segments'))).toBeGreaterThanOrEqual(4);
  for (const state of ['startup', 'probe_bw']) {
    await expect(timeline.locator(`rect[data-state="${state}"]`).first()).toBeAttached();
  }
  await expect(page.getByTestId('chart-bbr-a')).toHaveCount(0);

  // BBR-A adds φ, P_up and P_down for each flow.
  await page.getByTestId('knob-cc').selectOption('bbr-a');
  await expect(app).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  const bbrA = page.getByTestId('chart-bbr-a');
  await expect(bbrA).toBeVisible();
  expect(Number(await bbrA.getAttribute('data-series'))).toBe(6);
  await expect.poll(async () => Number(await bbrA.getAttribute('data-points'))).toBeGreaterThan(0);
});

// The fairness-vs-buffer figure, live: the quick sweep runs in workers and draws one line per
// algorithm with one point per buffer size.
test('the bbr-fairness sweep runs in workers and draws Jain vs buffer', async ({ page }) => {
  await page.goto('/?preset=bbr-fairness&variant=quick&speed=max&seed=1');
  await expect(page.getByTestId('app')).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  const sweep = page.getByTestId('sweep');
  await expect(sweep).toHaveAttribute('data-status', 'idle');
  await page.getByTestId('sweep-run').click();
  await expect(sweep).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  const chart = page.getByTestId('sweep-chart');
  // Quick variant: buffer 0.5, 5, 20 BDP × bbr, bbr-a, bbq, da-bbr, cubic × one seed.
  await expect(chart).toHaveAttribute('data-lines', '5');
  await expect(chart).toHaveAttribute('data-points', '15');
  await expect(chart.locator('g[data-algorithm="bbr-a"]')).toHaveAttribute('data-points', '3');
  await expect(page.getByTestId('sweep-progress')).toHaveText(/15 runs/);
});

test('presets without a declared sweep offer one, behind a button', async ({ page }) => {
  await page.goto('/?preset=tcp-single&variant=quick&speed=max&seed=1');
  await expect(page.getByTestId('app')).toHaveAttribute('data-preset', 'tcp-single');
  await expect(page.getByTestId('sweep')).toHaveCount(0);
  await expect(page.getByTestId('sweep-open')).toBeVisible();
});
