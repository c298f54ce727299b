import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';

// A/B compare exports its difference table (issue 32 part 4): one row per metric and column
// with the column's knob value, its value and its difference against A, headed by the
// scenario's name, variant, seed and the other knob settings; read back and checked against
// the table on the page.
test('the compare table downloads as CSV matching the page', async ({ page }) => {
  await page.goto('/?view=compare&preset=tcp-dumbbell&compare=cc:cubic,reno&seed=1&variant=quick&speed=max');
  const run = page.getByTestId('compare-run');
  await expect(run).toBeEnabled();
  await run.click();
  await expect(page.getByTestId('compare')).toHaveAttribute('data-state', 'finished', { timeout: 45_000 });
  await expect(page.getByTestId('compare-diff')).toHaveAttribute('data-final', 'true');
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId('compare-export-csv').click()]);
  expect(d.suggestedFilename()).toBe('tcp-dumbbell-compare-cc.csv');
  const rows = (await readFile((await d.path())!, 'utf8')).trim().split('\r\n');
  expect(rows[0]).toBe('scenario,variant,seed,settings,knob,column,knob_value,metric,unit,value,delta_vs_a,relative_vs_a,verdict');
  const jainB = rows.find((r) => r.includes(',B,reno,jain,'))!.split(',');
  expect(jainB.slice(0, 3)).toEqual(['tcp-dumbbell', 'quick', '1']);
  expect(jainB[3]).toContain('buffer_bdp=');
  expect(jainB[3]).not.toContain('cc=');
  const onPage = page.locator('[data-testid="compare-delta"][data-metric="jain"][data-column="B"]');
  expect(Number(jainB[9])).toBeCloseTo(Number(await onPage.getAttribute('data-value')), 9);
  expect(Number(jainB[10])).toBeCloseTo(Number(await onPage.getAttribute('data-delta')), 9);
  expect(jainB[12]).toBe(await onPage.getAttribute('data-verdict'));
  const jainA = rows.find((r) => r.includes(',A,cubic,jain,'))!.split(',');
  expect(Number(jainA[9])).toBeCloseTo(Number(await page.locator('[data-testid="compare-base"][data-metric="jain"]').getAttribute('data-value')), 9);
});

// The same table as JSON: what was compared once, then a value per column per metric, equal to
// the table on the page.
test('the compare table downloads as JSON matching the page', async ({ page }) => {
  await page.goto('/?view=compare&preset=tcp-dumbbell&compare=cc:cubic,reno&seed=1&variant=quick&speed=max');
  const run = page.getByTestId('compare-run');
  await expect(run).toBeEnabled();
  await run.click();
  await expect(page.getByTestId('compare')).toHaveAttribute('data-state', 'finished', { timeout: 45_000 });
  await expect(page.getByTestId('compare-diff')).toHaveAttribute('data-final', 'true');
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId('compare-export-json').click()]);
  expect(d.suggestedFilename()).toBe('tcp-dumbbell-compare-cc.json');
  const j = JSON.parse(await readFile((await d.path())!, 'utf8'));
  expect(j).toMatchObject({ scenario: 'tcp-dumbbell', variant: 'quick', seed: 1, knob: 'cc' });
  expect(j.settings).toHaveProperty('buffer_bdp');
  expect(j.settings).not.toHaveProperty('cc');
  expect(j.columns).toEqual([
    { column: 'A', knob_value: 'cubic' },
    { column: 'B', knob_value: 'reno' },
  ]);
  const jain = j.metrics.find((m: { metric: string }) => m.metric === 'jain');
  const onPage = page.locator('[data-testid="compare-delta"][data-metric="jain"][data-column="B"]');
  expect(jain.values[1].value).toBeCloseTo(Number(await onPage.getAttribute('data-value')), 9);
  expect(jain.values[1].delta_vs_a).toBeCloseTo(Number(await onPage.getAttribute('data-delta')), 9);
  expect(jain.values[1].verdict).toBe(await onPage.getAttribute('data-verdict'));
  expect(jain.values[0].value).toBeCloseTo(Number(await page.locator('[data-testid="compare-base"][data-metric="jain"]').getAttribute('data-value')), 9);
});
