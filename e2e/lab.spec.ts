import { type Page, expect, test } from '@playwright/test';

// Fixed seed and the quick variant at max speed, so runs finish in seconds.
const FAST = 'seed=1&variant=quick&speed=max';

const app = (page: Page) => page.getByTestId('app');

async function points(page: Page, testId: string): Promise<number> {
  return Number(await page.getByTestId(testId).getAttribute('data-points'));
}

async function expectFinishedWithJain(page: Page, withJain = true) {
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 45_000 });
  const summary = page.getByTestId('summary');
  await expect(summary).toBeVisible();
  if (!withJain) return;
  const jain = Number(await summary.getAttribute('data-jain'));
  expect(jain).toBeGreaterThan(0);
  expect(jain).toBeLessThanOrEqual(1 + 1e-9);
  await expect(page.getByTestId('jain')).toHaveText(/^\d\.\d{3}$/);
}

test('the lab opens with the default scenario running and charts filling', async ({ page }) => {
  await page.goto('/');
  await expect(app(page)).toHaveAttribute('data-preset', 'tcp-dumbbell');
  await expect(app(page)).toHaveAttribute('data-state', 'running');
  await expect(page.getByTestId('description')).not.toBeEmpty();
  // Simulated time advances and the cwnd chart draws points.
  await expect.poll(async () => Number(await app(page).getAttribute('data-sim-time'))).toBeGreaterThan(0);
  await expect.poll(() => points(page, 'chart-cwnd')).toBeGreaterThan(0);
  const before = Number(await app(page).getAttribute('data-sim-time'));
  await expect.poll(async () => Number(await app(page).getAttribute('data-sim-time'))).toBeGreaterThan(before);

  // Pause stops the clock; play resumes it.
  await page.getByTestId('pause').click();
  await expect(app(page)).toHaveAttribute('data-state', 'paused');
  const paused = await app(page).getAttribute('data-sim-time');
  await page.waitForTimeout(300);
  await expect(app(page)).toHaveAttribute('data-sim-time', paused ?? '');
  await page.getByTestId('play').click();
  await expect(app(page)).toHaveAttribute('data-state', 'running');
});

test('the default scenario runs to the end with a summary and a Jain index', async ({ page }) => {
  await page.goto(`/?${FAST}`);
  await expect(app(page)).toHaveAttribute('data-preset', 'tcp-dumbbell');
  await expectFinishedWithJain(page);
  // The quick variant's 10 s is what the duration knob shows and what ran.
  await expect(page.getByTestId('knob-duration_s')).toHaveValue('10');
  await expect(page.getByTestId('summary')).toHaveAttribute('data-duration', '10');
  await expect(page.getByTestId('summary')).toHaveAttribute('data-seed', '1');
  expect(await points(page, 'chart-cwnd')).toBeGreaterThan(0);
  // Two CUBIC flows: each draws its cwnd and, dashed, its packets in flight; unpaced, so no
  // pacing-rate chart.
  expect(Number(await page.getByTestId('chart-cwnd').getAttribute('data-series'))).toBe(4);
  await expect(page.getByTestId('chart-pacing-rate')).toHaveCount(0);
  expect(await points(page, 'chart-queue')).toBeGreaterThan(0);
  await expect(page.getByTestId('summary-flows').locator('tbody tr')).not.toHaveCount(0);
  await expect(page.getByTestId('summary-links').locator('tbody tr')).not.toHaveCount(0);
  await expect(page.getByTestId('progress')).toHaveAttribute('value', '1');
});

test('a bad knob value shows the engine error and the page keeps working', async ({ page }) => {
  await page.goto(`/?preset=tcp-dumbbell&${FAST}`);
  await expectFinishedWithJain(page);
  const runId = await app(page).getAttribute('data-run-id');

  const buffer = page.getByTestId('knob-buffer_bdp');
  await buffer.fill('-1');
  const error = page.getByTestId('error');
  await expect(error).toBeVisible();
  await expect(error).toContainText('buffer_bdp');
  await expect(app(page)).toHaveAttribute('data-state', 'error');
  // The last good run is still shown.
  await expect(page.getByTestId('summary')).toBeVisible();
  expect(await app(page).getAttribute('data-run-id')).toBe(runId);

  await buffer.fill('2');
  await expect(error).toBeHidden();
  await expect.poll(async () => Number(await app(page).getAttribute('data-run-id'))).toBeGreaterThan(Number(runId));
  await expectFinishedWithJain(page);
});

test('switching presets loads and runs the new one', async ({ page }) => {
  await page.goto(`/?${FAST}`);
  await expectFinishedWithJain(page);
  const description = await page.getByTestId('description').textContent();

  await page.getByTestId('preset').selectOption('tcp-single');
  await expect(app(page)).toHaveAttribute('data-preset', 'tcp-single');
  await expect(page.getByTestId('description')).not.toHaveText(description ?? '');
  await expectFinishedWithJain(page, false); // one flow: Jain is trivially 1 or absent
  await expect(page.getByTestId('summary')).toContainText('tcp-single');

  await page.getByTestId('preset').selectOption('tcp-dumbbell');
  await expect(app(page)).toHaveAttribute('data-preset', 'tcp-dumbbell');
  await expectFinishedWithJain(page);
});

test('every preset in the picker loads and draws its charts', async ({ page }) => {
  await page.goto(`/?${FAST}`);
  await expect(app(page)).toHaveAttribute('data-preset', 'tcp-dumbbell');
  // The whole list loads once the first run is live (the first load has the opening preset's entry).
  await expect(page.getByTestId('preset')).toHaveAttribute('aria-busy', 'false');
  const names = await page.getByTestId('preset').locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  // The list comes from public/scenarios at build time, not from a list in the code.
  expect(names).toEqual(expect.arrayContaining(['tcp-dumbbell', 'tcp-single', 'bench-two-flows']));
  for (const name of names) {
    await page.getByTestId('preset').selectOption(name);
    await expect(app(page)).toHaveAttribute('data-preset', name);
    await expect(page.getByTestId('error')).toBeHidden();
    await expect.poll(() => points(page, 'chart-cwnd'), { message: `${name}: cwnd chart draws` }).toBeGreaterThan(0);
    expect(Number(await page.getByTestId('chart-cwnd').getAttribute('data-series'))).toBeGreaterThanOrEqual(1);
  }
});

test('a shared link reproduces the run exactly', async ({ page, context }) => {
  await page.goto('/?seed=3&variant=quick&speed=max');
  await expectFinishedWithJain(page);
  const cubic = await page.getByTestId('summary').getAttribute('data-digest');
  await page.getByTestId('knob-cc').selectOption('reno');
  // The reno run replaces the cubic one. (Waiting for the summary to vanish in between raced
  // with a fast run on a loaded machine: the new digest is what matters.)
  await expect(page.getByTestId('summary')).not.toHaveAttribute('data-digest', cubic ?? '');
  await expectFinishedWithJain(page);
  const digest = await page.getByTestId('summary').getAttribute('data-digest');
  expect(digest).toMatch(/^[0-9a-f]+$/);

  await page.getByTestId('share').click();
  const url = await page.getByTestId('share-url').inputValue();
  expect(url).toContain('#s=v1.');
  expect(page.url()).toBe(url);

  const other = await context.newPage();
  await other.goto(url);
  await expect(app(other)).toHaveAttribute('data-preset', 'link:tcp-dumbbell');
  await expect(other.getByTestId('knob-cc')).toHaveValue('reno');
  await expect(other.getByTestId('seed')).toHaveValue('3');
  await expectFinishedWithJain(other);
  await expect(other.getByTestId('summary')).toHaveAttribute('data-digest', digest ?? '');
  const summary = JSON.parse((await other.getByTestId('summary-json').textContent()) ?? 'null');
  expect(summary.digest).toBe(digest);
  expect(summary.seed).toBe(3);
});

test('a garbled shared link says so and opens the default preset', async ({ page }) => {
  await page.goto('/?speed=max#s=v1.not-a-real-link');
  await expect(page.getByTestId('notice')).toContainText('link');
  await expect(app(page)).toHaveAttribute('data-preset', 'tcp-dumbbell');
  await expect.poll(() => points(page, 'chart-cwnd')).toBeGreaterThan(0);
  expect(page.url()).not.toContain('#s=');
});

test('zooming the time axis of one chart zooms both; double-click shows the whole run', async ({ page }) => {
  await page.goto(`/?${FAST}`);
  await expectFinishedWithJain(page);
  const cwnd = page.getByTestId('chart-cwnd');
  const queue = page.getByTestId('chart-queue');
  await expect(cwnd).toHaveAttribute('data-zoomed', 'false');
  await expect(cwnd).toHaveAttribute('data-t1', '10');

  const canvas = cwnd.locator('canvas');
  // The wheel goes where the mouse is: the chart must be in view (the time brush is above it).
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  expect(box).not.toBeNull();
  await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
  await page.mouse.wheel(0, -600);
  await expect(cwnd).toHaveAttribute('data-zoomed', 'true');
  const t0 = Number(await cwnd.getAttribute('data-t0'));
  const t1 = Number(await cwnd.getAttribute('data-t1'));
  expect(t0).toBeGreaterThan(0);
  expect(t1).toBeLessThan(10);
  expect(t1).toBeGreaterThan(t0);
  await expect(queue).toHaveAttribute('data-t0', String(t0));
  await expect(queue).toHaveAttribute('data-t1', String(t1));
  expect(await points(page, 'chart-cwnd')).toBeGreaterThan(0);

  await canvas.dblclick();
  await expect(cwnd).toHaveAttribute('data-zoomed', 'false');
  await expect(queue).toHaveAttribute('data-t1', '10');

  await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
  await page.mouse.wheel(0, -600);
  await expect(queue).toHaveAttribute('data-zoomed', 'true');
  await page.getByTestId('chart-queue-unzoom').click();
  await expect(cwnd).toHaveAttribute('data-zoomed', 'false');
});

test('reset rewinds to t = 0 paused; speed and play carry on from there', async ({ page }) => {
  await page.goto(`/?${FAST}`);
  await expectFinishedWithJain(page);
  const runId = Number(await app(page).getAttribute('data-run-id'));

  await page.getByTestId('reset').click();
  await expect(app(page)).toHaveAttribute('data-state', 'paused');
  await expect(app(page)).toHaveAttribute('data-sim-time', '0');
  await expect(page.getByTestId('summary')).toBeHidden();
  expect(Number(await app(page).getAttribute('data-run-id'))).toBeGreaterThan(runId);

  await page.getByTestId('speed').selectOption('10');
  await page.getByTestId('play').click();
  await expect(app(page)).toHaveAttribute('data-state', 'running');
  await expect.poll(async () => Number(await app(page).getAttribute('data-sim-time'))).toBeGreaterThan(0);
  await page.getByTestId('speed').selectOption('max');
  await expectFinishedWithJain(page);
});
