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
