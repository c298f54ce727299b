// Issue 30, item 12: the headline result is on screen without scrolling at 1280×800 — not at
// the bottom below the picture and eight charts. While the run plays the place says what will
// come; at the end it holds the numbers.
import { expect, test } from '@playwright/test';
import { app } from './lab-page';

test.use({ viewport: { width: 1280, height: 800 } });

test('the headline is in the first screen while the run plays and when it ends', async ({ page }) => {
  await page.goto('/?preset=tcp-dumbbell&variant=quick&seed=1&speed=0.5');
  await expect(app(page)).toHaveAttribute('data-state', 'running');
  const panel = page.getByTestId('headline-panel');
  await expect(panel).toHaveAttribute('data-state', 'pending');
  await expect(panel).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.goto('/?preset=tcp-dumbbell&variant=quick&seed=1&speed=max');
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  await expect(panel).toHaveAttribute('data-state', 'final');
  const headline = page.getByTestId('headline');
  await expect(headline).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // It holds the run's numbers, and the summary still comes later on the page.
  await expect(headline.locator('.headline-value').first()).not.toBeEmpty();
  const [h, tables] = await Promise.all([headline.boundingBox(), page.getByTestId('summary-flows').boundingBox()]);
  expect(h!.y).toBeLessThan(tables!.y);
});
