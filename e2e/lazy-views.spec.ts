// Issue 30, item 1: a view whose code loads on first use (editor, compare, sequence diagram,
// sweep panel) and fails to load — the network dropped in the lecture hall, or the site was
// redeployed so the hashed chunk name is gone — must not blank the page. The lab and its run
// stay, one line says what failed, and a retry loads the view once the network is back.
import { type Page, expect, test } from '@playwright/test';
import { openHeld } from './heldEngine';
import { app, simTime } from './lab-page';

/** Makes every request for a chunk whose file name starts with `stem` fail like a dropped network. */
async function cut(page: Page, stem: string) {
  await page.route(new RegExp(`/assets/${stem}-[^/]+\\.js`), (route) => route.abort('internetdisconnected'));
}

async function startRun(page: Page) {
  await page.goto('/?preset=tcp-single&variant=quick&seed=1&speed=0.5');
  await expect(app(page)).toHaveAttribute('data-preset', 'tcp-single');
  // The lab plays on open; at half speed the 8 s run outlasts the test.
  await expect.poll(() => simTime(page)).toBeGreaterThan(0.2);
}

for (const { tab, stem, what, ready } of [
  { tab: 'editor', stem: 'Editor', what: 'the editor', ready: 'editor' },
  { tab: 'compare', stem: 'Compare', what: 'the compare view', ready: 'compare' },
] as const) {
  test(`${what} failing to load keeps the lab and its run, says so and retries`, async ({ page }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await startRun(page);
    await cut(page, stem);
    await page.getByTestId(`tab-${tab}`).click();
    const failed = page.getByTestId('lazy-failed');
    await expect(failed).toBeVisible();
    await expect(page.getByTestId('lazy-failed-message')).toHaveText(new RegExp(`^Could not load ${what}: .+\\.$`));
    // The page is not blank: the top bar and the tabs are there, and the run goes on.
    await expect(page.getByTestId('view-tabs')).toBeVisible();
    const t = await simTime(page);
    await expect.poll(() => simTime(page)).toBeGreaterThan(t);
    // Network back: the retry loads the view in place.
    await page.unroute(new RegExp(`/assets/${stem}-[^/]+\\.js`));
    await page.getByTestId('lazy-retry').click();
    await expect(page.getByTestId(ready)).toBeVisible();
    await expect(failed).toHaveCount(0);
    // The lab is where it was, its run further on.
    await page.getByTestId('tab-lab').click();
    await expect(page.getByTestId('play')).toBeVisible();
    await expect(app(page)).toHaveAttribute('data-preset', 'tcp-single');
    expect(await simTime(page)).toBeGreaterThan(t);
    expect(pageErrors).toEqual([]);
  });
}

test('the sequence diagram failing to load keeps the lab running and retries', async ({ page }) => {
  await startRun(page);
  await cut(page, 'SequenceView');
  await page.getByTestId('sequence-toggle').click();
  await expect(page.getByTestId('lazy-failed-message')).toHaveText(/^Could not load the sequence diagram: .+\.$/);
  await expect(page.getByTestId('controls')).toBeVisible();
  const t = await simTime(page);
  await expect.poll(() => simTime(page)).toBeGreaterThan(t);
  await page.unroute(/\/assets\/SequenceView-[^/]+\.js/);
  await page.getByTestId('lazy-retry').click();
  await expect(page.getByTestId('sequence-view')).toBeVisible();
});

// Issue 31 part 5 (first load over a shared classroom link): the sweep panel's chunk used to
// download beside the engine on every first load (the page's first render, before it knew its
// preset, mounted the panel). Now the default scenario (no declared sweep) loads it only when
// asked, and a preset that declares a sweep loads it once its first run has gone live — the
// clock passed 0, or the run settled paused.
test.describe('the sweep panel stays out of the first load', () => {
  /** Opens `path` with the engine held back, checks the clock stays at 0 with no sweep chunk, then lets the engine in. */
  async function openHeldWithoutSweep(page: Page, path: string, preset: string) {
    const engine = await openHeld(page, path, preset);
    expect(engine.asked('SweepPanel')).toBe(false);
    await expect(page.getByTestId('sweep')).toHaveCount(0);
    engine.release();
    await expect.poll(() => simTime(page)).toBeGreaterThan(0);
    return { sweepChunkAsked: () => engine.asked('SweepPanel') };
  }

  test('the default scenario offers a sweep and loads the panel only when asked', async ({ page }) => {
    const engine = await openHeldWithoutSweep(page, '/', 'tcp-dumbbell');
    await expect(page.getByTestId('sweep-offer')).toBeVisible();
    await page.waitForTimeout(500);
    expect(engine.sweepChunkAsked()).toBe(false);
    await page.getByTestId('sweep-open').click();
    await expect(page.getByTestId('sweep')).toHaveAttribute('data-mode', 'custom');
    expect(engine.sweepChunkAsked()).toBe(true);
  });

  test("a preset's declared sweep shows once its first run is live", async ({ page }) => {
    const engine = await openHeldWithoutSweep(page, '/?preset=bbr-fairness&variant=quick', 'bbr-fairness');
    await expect(page.getByTestId('sweep')).toHaveAttribute('data-mode', 'declared');
    expect(engine.sweepChunkAsked()).toBe(true);
  });

  test('a declared sweep shows for a first run that loads paused (autoplay=0)', async ({ page }) => {
    await page.goto('/?preset=bbr-fairness&variant=quick&autoplay=0');
    await expect(app(page)).toHaveAttribute('data-state', 'paused');
    await expect(page.getByTestId('sweep')).toHaveAttribute('data-mode', 'declared');
    expect(await simTime(page)).toBe(0);
  });
});
