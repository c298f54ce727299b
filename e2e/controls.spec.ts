import { type Page, expect, test } from '@playwright/test';
import { app, seekTo, simTime } from './lab-page';

// The live lab's controls (issue 6): single step, seeking to an exact simulated time (forward
// by running on, backward by re-running from the seed), restart and the keyboard shortcuts.
// Fixed seed; assertions read DOM state, data-* attributes and the page's live state.

/** Everything a run's state at one instant shows: snapshot numbers, series, counters. */
async function instant(page: Page) {
  return page.evaluate(() => {
    const lab = (window as unknown as { __netlab: { state(): any; series(): { points: number; sum: number } } }).__netlab;
    const s = lab.state();
    const snap = s.snapshot;
    return {
      simTime: s.simTime,
      events: s.columns[0]?.events,
      series: lab.series(),
      t: snap?.t_s,
      flows: snap?.flows,
      links: snap?.links,
      packets: snap?.packets,
      inNetwork: snap?.packets_in_network,
      live: document.querySelector('[data-testid=live] tbody')?.textContent,
      queue: document.querySelector('[data-testid=queue-bottleneck]')?.getAttribute('data-queue-bytes'),
      cwndPoints: document.querySelector('[data-testid=chart-cwnd]')?.getAttribute('data-points'),
    };
  });
}

async function pauseWhenPast(page: Page, t: number) {
  await expect.poll(() => simTime(page)).toBeGreaterThan(t);
  await page.getByTestId('pause').click();
  await expect(app(page)).toHaveAttribute('data-state', 'paused');
}

test('seeking to t gives exactly the state an uninterrupted run has at t', async ({ page }) => {
  await page.goto('/?seed=1&variant=quick&speed=1');
  await expect(app(page)).toHaveAttribute('data-state', 'running');
  await pauseWhenPast(page, 0.2);
  const paused = await simTime(page);
  expect(paused).toBeLessThan(3);

  // Forward: the same simulation, played in many real-time slices, runs on to exactly 3 s.
  await seekTo(page, 3);
  await expect(app(page)).toHaveAttribute('data-state', 'paused');
  const ran = await instant(page);
  expect(ran.t).toBe(3);
  expect(ran.flows.length).toBe(2);
  expect(ran.series.points).toBeGreaterThan(0);
  expect(Number(ran.queue)).toBe(ran.links[0].queue_bytes);

  // Run to the end, then seek back: the page re-runs the seed from 0 to 3 s in one go.
  await page.getByTestId('speed').selectOption('max');
  await page.getByTestId('play').click();
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 45_000 });
  await expect(page.getByTestId('summary')).toBeVisible();
  await seekTo(page, 3);
  await expect(app(page)).toHaveAttribute('data-state', 'paused');
  await expect(page.getByTestId('summary')).toBeHidden();
  const rerun = await instant(page);
  expect(rerun).toEqual(ran);

  // And back again to an earlier time, then forward to 3 s once more: still identical.
  await seekTo(page, 1.25);
  expect((await instant(page)).series.points).toBeLessThan(ran.series.points);
  await seekTo(page, 3);
  expect(await instant(page)).toEqual(ran);
});

test('single step advances exactly one millisecond of simulated time and pauses', async ({ page }) => {
  await page.goto('/?seed=1&variant=quick&speed=0.1');
  await expect(app(page)).toHaveAttribute('data-state', 'running');
  // Past the handshakes and the first round trips, so every millisecond has events.
  await expect.poll(() => simTime(page)).toBeGreaterThan(0.2);

  // Step while running pauses first.
  await page.getByTestId('step').click();
  await expect(app(page)).toHaveAttribute('data-state', 'paused');
  const t0 = await simTime(page);
  const events0 = (await instant(page)).events;

  await page.getByTestId('step').click();
  await expect.poll(() => simTime(page)).toBeCloseTo(t0 + 0.001, 9);
  expect((await instant(page)).events).toBeGreaterThan(events0);
  // Stepping never resumes the run.
  await page.waitForTimeout(200);
  await expect(app(page)).toHaveAttribute('data-state', 'paused');
  expect(await simTime(page)).toBeCloseTo(t0 + 0.001, 9);

  // Ten steps land where one seek lands.
  for (let i = 0; i < 9; i++) await page.getByTestId('step').click();
  await expect.poll(() => simTime(page)).toBeCloseTo(t0 + 0.01, 9);
  const stepped = await instant(page);
  const target = stepped.simTime;
  await seekTo(page, 0);
  await seekTo(page, target);
  expect(await instant(page)).toEqual(stepped);
});

test('keyboard: Space plays and pauses, → steps, Shift+→ steps ten, R restarts', async ({ page }) => {
  await page.goto('/?seed=1&variant=quick&speed=0.1');
  await expect(app(page)).toHaveAttribute('data-state', 'running');
  await page.locator('body').click({ position: { x: 5, y: 5 } });

  await page.keyboard.press('Space');
  await expect(app(page)).toHaveAttribute('data-state', 'paused');
  const t0 = await simTime(page);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => simTime(page)).toBeCloseTo(t0 + 0.001, 9);
  await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(() => simTime(page)).toBeCloseTo(t0 + 0.011, 9);

  await page.keyboard.press('Space');
  await expect(app(page)).toHaveAttribute('data-state', 'running');
  const runId = Number(await app(page).getAttribute('data-run-id'));
  await page.keyboard.press('r');
  await expect.poll(async () => Number(await app(page).getAttribute('data-run-id'))).toBeGreaterThan(runId);
  await expect(app(page)).toHaveAttribute('data-state', 'paused');
  await expect(app(page)).toHaveAttribute('data-sim-time', '0');

  // Typing in a field is not a shortcut.
  await page.getByTestId('seek-input').fill('');
  await page.getByTestId('seek-input').press('r');
  await page.waitForTimeout(200);
  await expect(app(page)).toHaveAttribute('data-state', 'paused');

  // The buttons are labelled and reachable with Tab, with a visible focus ring.
  for (const [id, name] of [
    ['play', /Play/],
    ['step', /Step/],
    ['reset', /Restart/],
  ] as const) {
    await expect(page.getByTestId(id)).toHaveAccessibleName(name);
  }
  await page.getByTestId('step').focus();
  const outline = await page.getByTestId('step').evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
});

test('the controls fit a 1280×720 window', async ({ page }) => {
  await page.goto('/?seed=1&variant=quick&speed=0.1');
  await expect(app(page)).toHaveAttribute('data-state', 'running');
  for (const id of ['play', 'pause', 'step', 'reset', 'speed', 'seek-range', 'seek-input', 'topology', 'inspector']) {
    const el = page.getByTestId(id);
    if ((await el.count()) === 0) continue;
    const box = await el.boundingBox();
    expect(box, id).not.toBeNull();
    expect(box!.x + box!.width, id).toBeLessThanOrEqual(1280);
    expect(box!.y, id).toBeLessThan(720);
  }
  // No horizontal scrolling.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
});
