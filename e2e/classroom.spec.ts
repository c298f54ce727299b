import { expect, test } from '@playwright/test';
import { app, seekTo, simTime } from './lab-page';

// The lab in front of a class (issue 16): what broke in the first five minutes for a teacher
// preparing a demo or a student opening a link. Fixed seeds; assertions read DOM state and the
// data-* attributes the page keeps for tests.

test('"Open in lab" from a scrolled gallery shows the lab from the top', async ({ page }) => {
  await page.goto('/?view=gallery&seed=1&speed=1');
  // The gallery's last card (QUIC long messages, in the learning order): opening it needs the
  // page scrolled down.
  const card = page.locator('[data-testid="gallery-card"][data-preset="quic-priority-long-messages"]');
  const open = card.getByTestId('gallery-open');
  await open.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
  await open.click();

  await expect(app(page)).toHaveAttribute('data-view', 'lab');
  await expect(app(page)).toHaveAttribute('data-preset', 'quic-priority-long-messages');
  // The run starts playing at once: its controls and network picture must be what is on screen.
  await expect(page.getByTestId('controls')).toBeInViewport();
  await expect(page.getByTestId('topology')).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('seeking back after the end shows the throughput up to the seek time', async ({ page }) => {
  await page.goto('/?seed=1&variant=quick&speed=max');
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 45_000 });
  const chart = page.getByTestId('chart-throughput');
  await expect.poll(async () => Number(await chart.getAttribute('data-points'))).toBeGreaterThan(0);

  await seekTo(page, 2);
  await expect(app(page)).toHaveAttribute('data-state', 'paused');
  // The lines are back (not an empty plot with a 0–1 axis) and reach the seek time.
  await expect.poll(async () => Number(await chart.getAttribute('data-points'))).toBeGreaterThan(0);
  await expect.poll(async () => Number(await chart.getAttribute('data-y-top'))).toBeGreaterThan(1);
  await expect.poll(async () => Number(await chart.getAttribute('data-last-t'))).toBeGreaterThan(1.9);
  expect(Number(await chart.getAttribute('data-last-t'))).toBeLessThanOrEqual(2);
});

test('a run that ends early spans the charts, seek slider and time window to its actual end', async ({ page }) => {
  // ECF-3's quick transfer completes after about 35 s of its 300 s limit.
  await page.goto('/?preset=ecf3-heterogeneous&variant=quick&seed=1&speed=max');
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  const end = await page.getByTestId('summary').getAttribute('data-duration');
  expect(Number(end)).toBeLessThan(100);

  const spanned = async () => {
    for (const id of ['chart-cwnd', 'chart-queue', 'chart-throughput', 'chart-rtt', 'time-brush']) {
      await expect(page.getByTestId(id), id).toHaveAttribute('data-t1', end!);
    }
    await expect(page.getByTestId('seek-range')).toHaveAttribute('max', end!);
  };
  await spanned();
  // The run on screen is still the same run after seeking back into it: same span.
  await seekTo(page, 10);
  await spanned();
  // Restart loads the same scenario and seed again, which ends at the same time.
  const runId = Number(await app(page).getAttribute('data-run-id'));
  await page.getByTestId('reset').click();
  await expect.poll(async () => Number(await app(page).getAttribute('data-run-id'))).toBeGreaterThan(runId);
  await spanned();

  // The controller-state panel says why it has no bands rather than showing an empty box.
  const timeline = page.getByTestId('state-timeline');
  await expect(timeline).toBeVisible();
  await expect(timeline.getByTestId('state-timeline-note')).toContainText('MPTCP');
});

test('Space after clicking Step plays and pauses, it does not step again', async ({ page }) => {
  await page.goto('/?seed=1&variant=quick&speed=0.1');
  await expect(app(page)).toHaveAttribute('data-state', 'running');
  await expect.poll(() => simTime(page)).toBeGreaterThan(0.2);
  const step = page.getByTestId('step');
  await step.click();
  await expect(app(page)).toHaveAttribute('data-state', 'paused');
  await expect(step).toBeFocused();

  await page.keyboard.press('Space');
  await expect(app(page)).toHaveAttribute('data-state', 'running');
  await page.keyboard.press('Space');
  await expect(app(page)).toHaveAttribute('data-state', 'paused');

  // The focused button still answers Enter, for keyboard users who tabbed to it.
  const t0 = await simTime(page);
  await step.press('Enter');
  await expect.poll(() => simTime(page)).toBeCloseTo(t0 + 0.001, 9);
  await expect(app(page)).toHaveAttribute('data-state', 'paused');
});

test('the inspector shows no smoothed RTT until the first RTT sample', async ({ page }) => {
  await page.goto('/?seed=1&variant=quick&speed=0.001');
  await expect(app(page)).toHaveAttribute('data-state', 'running');
  // Back to t = 0, then one millisecond: live state exists, no round trip has completed.
  await page.getByTestId('reset').click();
  await expect(app(page)).toHaveAttribute('data-sim-time', '0');
  await page.getByTestId('step').click();
  await expect.poll(() => simTime(page)).toBeCloseTo(0.001, 9);
  await page.locator('[data-inspect="flow:short-rtt"]').first().click();

  const srtt = page.getByTestId('inspector').locator('[data-field="srtt_ms"]');
  await expect(srtt).toHaveText('no sample yet');
  await expect(page.getByTestId('live').locator('tr[data-flow="short-rtt"] td').nth(2)).toHaveText('–');

  // Once a round trip has completed, the value is shown.
  await seekTo(page, 0.5);
  await expect(srtt).toHaveText(/^\d+\.\d\d ms$/);
  expect(Number(await srtt.getAttribute('data-value'))).toBeGreaterThan(10);
});
