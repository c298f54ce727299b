import { type Page, expect, test } from '@playwright/test';

// A/B compare of a number knob (issue 16: "for any knob, not only cc/scheduler/flow_sched"):
// the bottleneck buffer of a BBR preset at two sizes, each column with the lab's own charts.
// Fixed seed, quick variant at max speed; assertions on data-* attributes, not pixels.
const columns = (page: Page) => page.getByTestId('compare-column');
const attr = async (page: Page, testId: string, name: string) => Number(await page.getByTestId(testId).getAttribute(name));

test('two buffer sizes on a BBR preset: each column draws cwnd, queue and throughput, and the summaries differ', async ({ page }) => {
  await page.goto('/?view=compare&preset=bbr-fairness&seed=1&variant=quick&speed=max');
  // The knob list offers the number knobs too; picking one proposes the lab's value and twice it.
  const knob = page.getByTestId('compare-knob');
  await expect(knob.locator('option[value="buffer_bdp"]')).toHaveCount(1);
  await knob.selectOption('buffer_bdp');
  await expect(page.getByTestId('compare-values')).toHaveAttribute('data-kind', 'number');
  const labBuffer = await page.getByTestId('compare-number-0').inputValue();
  expect(Number(labBuffer)).toBeGreaterThan(0);
  await expect(page.getByTestId('compare-number-1')).toHaveValue(String(Number(labBuffer) * 2));
  // A value out of the knob's range is named and cannot run.
  await page.getByTestId('compare-number-1').fill('500');
  await expect(page.getByTestId('compare-problem')).toContainText('above its maximum 100');
  await expect(page.getByTestId('compare-run')).toBeDisabled();
  // A shallow and a deep buffer.
  await page.getByTestId('compare-number-0').fill('0.5');
  await page.getByTestId('compare-number-1').fill('4');
  await expect.poll(() => new URL(page.url()).searchParams.get('compare')).toBe('buffer_bdp:0.5,4');
  // Equal seeds, and the page says so.
  await expect(page.getByTestId('compare-seed-note')).toHaveAttribute('data-seed', '1');
  await expect(page.getByTestId('compare-seed-note')).toContainText('Every column runs seed 1');

  await page.getByTestId('compare-run').click();
  await expect(page.getByTestId('compare')).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  await expect(columns(page)).toHaveCount(2);
  await expect(columns(page).nth(0)).toHaveAttribute('data-value', '0.5');
  await expect(columns(page).nth(1)).toHaveAttribute('data-value', '4');

  for (const c of ['A', 'B']) {
    for (const chart of ['cwnd', 'queue', 'throughput']) {
      expect(await attr(page, `compare-${chart}-${c}`, 'data-points'), `${chart} ${c}`).toBeGreaterThan(0);
      expect(await attr(page, `compare-${chart}-${c}`, 'data-series'), `${chart} ${c}`).toBeGreaterThan(0);
    }
  }
  // One time axis across the columns (and one y scale per chart kind).
  for (const chart of ['cwnd', 'queue', 'throughput']) {
    const [a, b] = [page.getByTestId(`compare-${chart}-A`), page.getByTestId(`compare-${chart}-B`)];
    await expect(b).toHaveAttribute('data-t1', (await a.getAttribute('data-t1')) ?? 'missing');
    await expect(b).toHaveAttribute('data-y-top', (await a.getAttribute('data-y-top')) ?? 'missing');
  }

  // Each column's summary; the buffer changes what the run does.
  const summary = (c: string) => page.locator(`[data-testid="compare-summary"][data-column="${c}"]`);
  await expect(summary('A')).toHaveAttribute('data-final', 'true');
  await expect(summary('B')).toHaveAttribute('data-final', 'true');
  const maxQueue = async (c: string) => Number(await summary(c).getAttribute('data-max-queue'));
  expect(await maxQueue('A')).toBeGreaterThan(0);
  expect(await maxQueue('B')).toBeGreaterThan(await maxQueue('A'));
  // The shared queue scale (kB) fits the deep buffer's queue, in A's chart too.
  expect(await attr(page, 'compare-queue-A', 'data-y-top')).toBeGreaterThanOrEqual((await maxQueue('B')) / 1e3);
  expect(await summary('A').getAttribute('data-drops')).not.toBe(await summary('B').getAttribute('data-drops'));
  // And the difference table has the numbers too.
  await expect(page.getByTestId('compare-diff')).toHaveAttribute('data-final', 'true');
  const jainB = page.locator('[data-testid="compare-delta"][data-metric="jain"][data-column="B"]');
  expect(Number.isFinite(Number(await jainB.getAttribute('data-delta')))).toBe(true);
});
