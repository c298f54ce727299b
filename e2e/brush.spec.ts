import { type Locator, type Page, expect, test } from '@playwright/test';

// The overview brush on the shared time axis (issue 6 item 3): brushing sets every chart's
// window, zooming a chart moves the brush, clearing shows the whole run; keyboard too.
// Fixed seed, quick variant (10 s) at max speed, so the run is finished before we brush.
const FAST = 'seed=1&variant=quick&speed=max';
const DURATION = 10;

const app = (page: Page) => page.getByTestId('app');
const brush = (page: Page) => page.getByTestId('time-brush');
const strip = (page: Page) => page.getByTestId('time-brush-strip');

async function finished(page: Page) {
  await page.goto(`/?${FAST}`);
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 45_000 });
  await expect(brush(page)).toBeVisible();
  await expect.poll(async () => Number(await brush(page).getAttribute('data-points'))).toBeGreaterThan(0);
}

async function window(el: Locator): Promise<[number, number]> {
  return [Number(await el.getAttribute('data-t0')), Number(await el.getAttribute('data-t1'))];
}

/** Every line chart on the page shows the brush's window. */
async function expectChartsShow(page: Page, zoomed: boolean) {
  const [t0, t1] = await window(brush(page));
  const charts = page.locator('figure.chart[data-t0]');
  const n = await charts.count();
  expect(n).toBeGreaterThanOrEqual(4);
  for (let i = 0; i < n; i++) {
    const c = charts.nth(i);
    await expect(c).toHaveAttribute('data-zoomed', String(zoomed));
    await expect(c).toHaveAttribute('data-t0', String(t0));
    await expect(c).toHaveAttribute('data-t1', String(t1));
  }
}

/** The brush's drawn selection in strip pixels, or null when there is none. */
async function selectionPx(page: Page): Promise<[number, number] | null> {
  return page.locator('.brush-layer rect.selection').evaluate((r) => {
    if (r.getAttribute('display') === 'none' || !r.hasAttribute('width')) return null;
    const x = Number(r.getAttribute('x'));
    return [x, x + Number(r.getAttribute('width'))] as [number, number];
  });
}

async function drag(page: Page, from: number, to: number) {
  // The strip may sit below the fold (the headline panel is above it): mouse events need it on screen.
  await strip(page).scrollIntoViewIfNeeded();
  const box = (await strip(page).boundingBox())!;
  const y = box.y + 20;
  await page.mouse.move(box.x + box.width * from, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * to, y, { steps: 6 });
  await page.mouse.up();
}

test('brushing a range zooms every chart to it; clearing shows the whole run', async ({ page }) => {
  await finished(page);
  await expect(brush(page)).toHaveAttribute('data-zoomed', 'false');
  await expect(brush(page)).toHaveAttribute('data-t1', String(DURATION));
  expect(await selectionPx(page)).toBeNull();

  await drag(page, 0.3, 0.6);
  await expect(brush(page)).toHaveAttribute('data-zoomed', 'true');
  const [t0, t1] = await window(brush(page));
  // About 30 % to 60 % of the strip (the strip has small margins either side).
  expect(t0).toBeGreaterThan(0.2 * DURATION);
  expect(t0).toBeLessThan(0.35 * DURATION);
  expect(t1).toBeGreaterThan(0.55 * DURATION);
  expect(t1).toBeLessThan(0.7 * DURATION);
  await expectChartsShow(page, true);
  expect(await page.getByTestId('chart-cwnd').getAttribute('data-points')).not.toBe('0');

  // A click beside the selection clears it.
  const box = (await strip(page).boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.9, box.y + 20);
  await expect(brush(page)).toHaveAttribute('data-zoomed', 'false');
  await expectChartsShow(page, false);
  await expect(page.getByTestId('chart-queue')).toHaveAttribute('data-t1', String(DURATION));
  expect(await selectionPx(page)).toBeNull();

  // A double-click clears it, and so does the "whole run" button.
  await drag(page, 0.2, 0.4);
  await expect(page.getByTestId('chart-cwnd')).toHaveAttribute('data-zoomed', 'true');
  await strip(page).dblclick({ position: { x: box.width * 0.3, y: 20 } });
  await expect(page.getByTestId('chart-cwnd')).toHaveAttribute('data-zoomed', 'false');
  await drag(page, 0.5, 0.7);
  await expect(page.getByTestId('chart-rtt')).toHaveAttribute('data-zoomed', 'true');
  await page.getByTestId('time-brush-clear').click();
  await expectChartsShow(page, false);
});

test('zooming or panning a chart moves the brush over the same window', async ({ page }) => {
  await finished(page);
  const cwnd = page.getByTestId('chart-cwnd');
  const canvas = cwnd.locator('canvas');
  // The chart and the strip both in view (the strip sits just above the charts).
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2);
  await page.mouse.wheel(0, -600);
  await expect(cwnd).toHaveAttribute('data-zoomed', 'true');
  await expect(brush(page)).toHaveAttribute('data-zoomed', 'true');
  const [t0, t1] = await window(cwnd);
  await expect(brush(page)).toHaveAttribute('data-t0', String(t0));
  await expect(brush(page)).toHaveAttribute('data-t1', String(t1));

  // The drawn selection covers that window on the strip's time axis.
  const check = async (a: number, b: number) => {
    const inner = await page.locator('.brush-layer .overlay').evaluate((r) => Number(r.getAttribute('width')));
    await expect.poll(() => selectionPx(page)).not.toBeNull();
    const [x0, x1] = (await selectionPx(page))!;
    expect(x0).toBeCloseTo((a / DURATION) * inner, 0);
    expect(x1).toBeCloseTo((b / DURATION) * inner, 0);
  };
  await check(t0, t1);

  // Pan the chart by dragging: the brush follows.
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await window(cwnd))[0]).toBeGreaterThan(t0);
  const [p0, p1] = await window(cwnd);
  await expect(brush(page)).toHaveAttribute('data-t0', String(p0));
  await check(p0, p1);

  // Double-click in the chart: the brush goes too.
  await canvas.dblclick();
  await expect(brush(page)).toHaveAttribute('data-zoomed', 'false');
  await expect.poll(() => selectionPx(page)).toBeNull();
});

test('the strip works from the keyboard: Shift+arrows resize, arrows move, Escape clears', async ({ page }) => {
  await finished(page);
  // Paused at t = 0, where → would step the simulation if the strip did not take it.
  await page.getByTestId('reset').click();
  await expect(app(page)).toHaveAttribute('data-state', 'paused');
  await expect(app(page)).toHaveAttribute('data-sim-time', '0');
  await strip(page).focus();
  await expect(strip(page)).toHaveAttribute('role', 'slider');
  await expect(strip(page)).toHaveAttribute('aria-valuetext', /whole run/);

  await page.keyboard.press('Shift+ArrowLeft');
  await expect(brush(page)).toHaveAttribute('data-zoomed', 'true');
  await expect(brush(page)).toHaveAttribute('data-t1', '9');
  expect(await window(brush(page))).toEqual([0, 9]);
  await page.keyboard.press('Shift+ArrowLeft');
  const [a0, a1] = await window(brush(page));
  expect(a0).toBe(0);
  expect(a1).toBeCloseTo(8.1, 9);

  await page.keyboard.press('ArrowRight');
  const [b0, b1] = await window(brush(page));
  expect(b0).toBeCloseTo(0.81, 9);
  expect(b1 - b0).toBeCloseTo(8.1, 9);
  await expectChartsShow(page, true);
  await expect(strip(page)).toHaveAttribute('aria-valuetext', /^0\.810 s to 8\.91 s of 10 s$/);

  await page.keyboard.press('End');
  expect((await window(brush(page)))[1]).toBe(DURATION);
  await page.keyboard.press('Home');
  expect((await window(brush(page)))[0]).toBe(0);

  // The arrow keys moved the window, not the simulation (→ steps it elsewhere on the page).
  await expect(app(page)).toHaveAttribute('data-sim-time', '0');
  await expect(app(page)).toHaveAttribute('data-state', 'paused');

  await page.keyboard.press('Escape');
  await expect(brush(page)).toHaveAttribute('data-zoomed', 'false');
  await expectChartsShow(page, false);
});
