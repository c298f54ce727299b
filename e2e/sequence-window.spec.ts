// The sequence diagram opens on a readable window (issue 32 §2): on the first loss of the trace
// and its recovery — here tcp-single's first buffer overflow, traced from t = 0 — instead of a
// wall of lines ending at the time on screen; the time brush then sets its window.
import { type Page, expect, test } from '@playwright/test';
import { app, seekTo } from './lab-page';

const view = (page: Page) => page.getByTestId('sequence-view');
const num = async (page: Page, attr: string) => Number(await view(page).getAttribute(attr));

test('tcp-single opens zoomed on its first loss and recovery; the brush zooms it', async ({ page }) => {
  // Loaded paused at t = 0, so the trace starts with the run.
  await page.goto('/?preset=tcp-single&variant=quick&seed=1&speed=1&autoplay=0');
  await expect(app(page)).toHaveAttribute('data-preset', 'tcp-single');
  await page.getByTestId('sequence-toggle').click();
  // The view is loaded lazily: under load its chunk can take a while.
  await expect(view(page)).toBeVisible({ timeout: 45_000 });
  await expect(view(page)).toHaveAttribute('data-tracing-since', '0');
  await seekTo(page, 0.6);
  await expect.poll(() => num(page, 'data-now')).toBe(0.6);
  await expect(view(page)).toHaveAttribute('data-mode', 'auto');
  await expect(view(page)).not.toHaveAttribute('data-first-loss', '');
  // The window holds the loss, the fast retransmit and the retransmission, and is far shorter
  // than the 0.6 s traced: a few round trips around the loss (20 ms base RTT).
  expect(await num(page, 'data-drops')).toBeGreaterThan(0);
  expect(await num(page, 'data-retx')).toBeGreaterThan(0);
  const start = await num(page, 'data-window-start');
  const end = await num(page, 'data-window-end');
  expect(start).toBeGreaterThan(0);
  expect(end).toBeLessThan(0.6);
  expect(end - start).toBeLessThan(0.25);
  await expect(view(page).locator('[data-testid="sequence-marker"]').first()).toBeAttached();
  await expect(page.getByTestId('sequence-note')).toContainText('first loss');
  // Following the clock again: the window ends at the time on screen.
  await page.getByTestId('sequence-live').click();
  await expect.poll(() => num(page, 'data-window-end')).toBe(0.6);
  await expect(view(page)).toHaveAttribute('data-mode', 'live');

  // Narrowing the overview strip's window (the brush as a slider: Shift+← narrows it by a tenth)
  // sets the diagram's window to the brushed range, up to now.
  const strip = page.getByTestId('time-brush-strip');
  await strip.focus();
  for (let i = 0; i < 25; i++) await strip.press('Shift+ArrowLeft');
  const brush = page.getByTestId('time-brush');
  await expect(brush).toHaveAttribute('data-zoomed', 'true');
  const [t0, t1] = [Number(await brush.getAttribute('data-t0')), Number(await brush.getAttribute('data-t1'))];
  await expect(view(page)).toHaveAttribute('data-mode', 'brush');
  await expect.poll(() => num(page, 'data-window-start')).toBeCloseTo(t0, 9);
  expect(await num(page, 'data-window-end')).toBeCloseTo(Math.min(t1, 0.6), 9);
  expect(await num(page, 'data-data-lines')).toBeGreaterThan(0);
  // Clearing the brush follows the clock again.
  await page.getByTestId('time-brush-clear').click();
  await expect(view(page)).toHaveAttribute('data-mode', 'live');
});
