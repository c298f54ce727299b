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

  // The time charts say which flows their lines are: per size class, the headline's.
  await expect(page.getByTestId('aggregate-scope')).toContainText(`cover every flow the headline counts: those that started after the ${summary.warmup_s} s warm-up`);
});

// The time charts per size class: the engine's class series (core sim/class_series.rs) over the
// same flows as the headline, not the listed first arrivals of the warm-up; and no Jain chart
// scoring the background flows as if it were the experiment.
test('mptcp-fsfs-load: the time charts draw the short flows per size class over the headline flows, and say which', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto('/?preset=mptcp-fsfs-load&seed=1&variant=quick&speed=max');
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 120_000 });
  const summary = JSON.parse((await page.getByTestId('summary-json').textContent()) ?? 'null');
  const byClass = summary.fct_by_class as Record<string, { count: number; unfinished: number }>;
  const classes = Object.keys(byClass).filter((c) => c !== 'all' && byClass[c]!.count + byClass[c]!.unfinished > 0);
  expect(classes).toContain('G0');
  const after = `every flow that started after the ${summary.warmup_s} s warm-up`;

  const throughput = page.getByTestId('chart-throughput');
  await throughput.scrollIntoViewIfNeeded();
  await expect(throughput.locator('.chart-title')).toContainText('per size class');
  // One goodput line per class of the headline, each saying which flows it sums.
  for (const c of classes) {
    await expect(throughput.locator(`.legend [data-series-key="class/${c}/goodput"]`)).toHaveText(`${c}: ${after} (summed)`);
  }
  // The listed first arrivals (all in the warm-up) are no longer drawn as the classes' lines.
  await expect(throughput.locator('.legend [data-series-key^="agg/class/G"]')).toHaveCount(0);
  await expect(throughput.locator('.legend [data-series-key^="agg/class/bulk"]')).toHaveCount(1);
  await expect.poll(async () => Number(await throughput.getAttribute('data-points'))).toBeGreaterThan(0);

  const rtt = page.getByTestId('chart-rtt');
  await expect(rtt.locator('.legend [data-series-key="class/G0/srtt"]')).toHaveText(`G0: ${after} (sRTT weighted by packets in flight)`);

  const active = page.getByTestId('chart-class-active');
  await active.scrollIntoViewIfNeeded();
  await expect(active.locator('.chart-title')).toHaveText('Flows running per size class (the flows the headline counts)');
  await expect(active.locator('.legend [data-series-key^="class/"]')).toHaveCount(classes.length);
  await expect(active.locator('.legend [data-series-key="class/G0/active"]')).toHaveText(`G0: flows running, of those that started after the ${summary.warmup_s} s warm-up`);

  // Other groupings leave the class lines out of the per-flow charts.
  await page.getByTestId('aggregate-mode').selectOption('path');
  await expect(throughput.locator('.legend [data-series-key^="class/"]')).toHaveCount(0);
  await page.getByTestId('aggregate-mode').selectOption('class');
  await expect(throughput.locator('.legend [data-series-key^="class/"]')).toHaveCount(classes.length);

  // Jain over time would score the 50 background flows: not drawn, and the page says why.
  await expect(page.getByTestId('chart-jain')).toHaveCount(0);
  await expect(page.getByTestId('chart-jain-hidden')).toContainText('it would score only the background flows');
});
