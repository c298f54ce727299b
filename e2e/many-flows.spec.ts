import { type Page, expect, test } from '@playwright/test';

// Many flows, readable (issue 16, issue 18 item 4): a run with dozens of charted flows draws
// aggregate lines (per size class, per path, top N + others) instead of one line per flow, and a
// flow picked by name is added as its own lines. Fixed seed, quick variant at max speed.
const FAST = 'seed=1&variant=quick&speed=max';
const app = (page: Page) => page.getByTestId('app');
const count = async (page: Page) => Number(await page.getByTestId('chart-cwnd').getAttribute('data-series-count'));

test('mptcp-fsfs-load: aggregate lines, a selector for the grouping, and a picked flow as its own line', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`/?preset=mptcp-fsfs-load&${FAST}`);
  const cwnd = page.getByTestId('chart-cwnd');
  await expect(cwnd).toHaveAttribute('data-mode', 'aggregate', { timeout: 30_000 });
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 100_000 });
  await expect.poll(async () => Number(await cwnd.getAttribute('data-points'))).toBeGreaterThan(0);
  // No spaghetti: a handful of lines, no "+N more" in the legend.
  const byClass = await count(page);
  expect(byClass).toBeGreaterThan(0);
  expect(byClass).toBeLessThanOrEqual(32);
  await expect(cwnd.locator('.legend li.muted', { hasText: /more/ })).toHaveCount(0);
  await expect(cwnd.locator('.chart-title')).toContainText('per size class');

  // The selector regroups the lines: per path, then the top flows plus "others".
  const mode = page.getByTestId('aggregate-mode');
  await mode.selectOption('path');
  await expect(cwnd.locator('.chart-title')).toContainText('per path');
  await expect.poll(async () => Number(await cwnd.getAttribute('data-points'))).toBeGreaterThan(0);
  await mode.selectOption('top');
  await expect(cwnd.locator('.chart-title')).toContainText('top flows + others');
  await expect(cwnd.locator('.legend')).toContainText('others');
  await mode.selectOption('class');
  await expect.poll(() => count(page)).toBe(byClass);

  // Picking one flow by name adds its lines (cwnd and inflight); unpicking takes them away.
  const picker = page.getByTestId('flow-picker');
  const flows = Number(/\((\d+)\)/.exec((await picker.getAttribute('placeholder')) ?? '')?.[1]);
  expect(flows).toBeGreaterThan(12);
  await picker.fill('bg');
  const pick = page.getByTestId('flow-pick').first();
  const flow = (await pick.getAttribute('data-flow'))!;
  await pick.click();
  await expect(page.getByTestId('flow-unpick')).toHaveAttribute('data-flow', flow);
  await expect.poll(() => count(page)).toBeGreaterThan(byClass);
  await expect(cwnd.locator('.legend')).toContainText(flow);
  await expect.poll(async () => Number(await cwnd.getAttribute('data-points'))).toBeGreaterThan(0);
  await page.getByTestId('flow-unpick').click();
  await expect.poll(() => count(page)).toBe(byClass);
});
