// Issue 30, item 7: mptcp-fsfs-load's views show the experiment, not the background. The FCT
// bars and CDF cover the same flows as the headline (every size-classed flow that started after
// the warm-up and finished), per size class, and say which flows and which flow scheduler; the
// time charts say that their lines are the flows with series (the background and the first
// listed arrivals), and where the short flows are shown.
import { expect, test } from '@playwright/test';
import { app } from './lab-page';

test('mptcp-fsfs-load: the FCT CDF and bars cover the flows the headline counts, per class, under the named scheduler', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto('/?preset=mptcp-fsfs-load&seed=1&variant=quick&speed=max');
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 120_000 });
  const summary = JSON.parse((await page.getByTestId('summary-json').textContent()) ?? 'null');
  const byClass = summary.fct_by_class as Record<string, { count: number }>;
  const classes = Object.keys(byClass).filter((c) => c !== 'all' && byClass[c]!.count > 0);
  expect(byClass.all!.count).toBeGreaterThan(1000);

  const cdf = page.getByTestId('fct-cdf');
  await cdf.scrollIntoViewIfNeeded();
  // Every class the headline counts has its curve, standing for all of the class's finished flows.
  await expect(cdf).toHaveAttribute('data-classes', classes.join(','));
  await expect(cdf).toHaveAttribute('data-n', String(byClass.all!.count));
  for (const c of classes) await expect(cdf.locator(`g[data-class="${c}"]`)).toHaveAttribute('data-n', String(byClass[c]!.count));
  // Not the listed first arrivals in the warm-up: the curves' FCTs are the summary's sample.
  const g0 = summary.fct_samples.G0 as number[];
  expect(g0.length).toBeGreaterThan(100);
  expect(g0.length).toBeLessThanOrEqual(500);
  // It says which flows and which scheduler.
  await expect(cdf).toHaveAttribute('data-scheduler', 'fsfs');
  await expect(cdf.locator('.chart-title')).toHaveText('FCT CDF per size class (fsfs)');
  await expect(page.getByTestId('fct-cdf-readout')).toContainText(`started after the ${summary.warmup_s} s warm-up under flow scheduler fsfs: the flows the headline counts`);
  await expect(page.getByTestId('fct-bars')).toHaveAttribute('data-scheduler', 'fsfs');

  // The time charts say their lines are not the experiment's flows.
  await expect(page.getByTestId('aggregate-scope')).toContainText('the FCT charts of the MPTCP panel show the flows the headline counts');
});
