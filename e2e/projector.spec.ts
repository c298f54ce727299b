import { type Page, expect, test } from '@playwright/test';
import { app } from './lab-page';

// Issue 16, projector mode: larger type and lines, high contrast, and a toggle kept in the URL
// (so a reload and a shared link open in the same mode).

const FAST = 'variant=quick&seed=1&speed=max';

/** The computed font size (px) of the cwnd chart's axis tick labels. */
async function tickPx(page: Page): Promise<number> {
  const tick = page.getByTestId('chart-cwnd').locator('.chart-axes text.tick').first();
  await expect(tick).toBeVisible();
  return tick.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
}

test('the projector toggle enlarges ticks and lines and is kept in the URL across reload and share links', async ({ page, context }) => {
  await page.goto(`/?preset=tcp-dumbbell&${FAST}`);
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 45_000 });
  const toggle = page.getByTestId('projector-toggle');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  expect(await tickPx(page)).toBeLessThan(14);
  await expect(page.getByTestId('chart-cwnd')).toHaveAttribute('data-line-width', '1');

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/[?&]projector=1(&|#|$)/);
  await expect(page.locator('html')).toHaveAttribute('data-projector', 'on');
  expect(await tickPx(page)).toBeGreaterThanOrEqual(14);
  await expect(page.getByTestId('chart-cwnd')).toHaveAttribute('data-line-width', '2.5');
  // Body text grows too.
  expect(await page.locator('.content').evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(18);
  // The run on screen was not restarted by the toggle.
  await expect(app(page)).toHaveAttribute('data-state', 'finished');

  // A reload keeps it.
  await page.reload();
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 45_000 });
  await expect(page.getByTestId('projector-toggle')).toHaveAttribute('aria-pressed', 'true');
  expect(await tickPx(page)).toBeGreaterThanOrEqual(14);

  // A shared link keeps it.
  await page.getByTestId('share').click();
  const url = await page.getByTestId('share-url').inputValue();
  expect(url).toMatch(/[?&]projector=1/);
  expect(url).toContain('#s=v1.');
  const other = await context.newPage();
  await other.goto(url);
  await expect(app(other)).toHaveAttribute('data-state', 'finished', { timeout: 45_000 });
  await expect(other.getByTestId('projector-toggle')).toHaveAttribute('aria-pressed', 'true');
  expect(await tickPx(other)).toBeGreaterThanOrEqual(14);

  // Off again: the parameter leaves the URL (the shared scenario in the fragment stays).
  await other.getByTestId('projector-toggle').click();
  await expect(other).not.toHaveURL(/projector=/);
  await expect(other).toHaveURL(/#s=v1\./);
  expect(await tickPx(other)).toBeLessThan(14);
});

test('projector mode raises contrast: black text and near-black tick labels on white', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`/?preset=tcp-dumbbell&${FAST}&projector=1`);
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 45_000 });
  const tick = page.getByTestId('chart-cwnd').locator('.chart-axes text.tick').first();
  const seen = {
    text: await page.locator('.content').evaluate((el) => getComputedStyle(el).color),
    background: await page.locator('html').evaluate((el) => getComputedStyle(el).backgroundColor),
    tick: await tick.evaluate((el) => getComputedStyle(el).fill),
  };
  expect(seen).toEqual({ text: 'rgb(0, 0, 0)', background: 'rgb(255, 255, 255)', tick: 'rgb(31, 31, 31)' });
});
