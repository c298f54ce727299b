// Issue 31 part 5, first load over a shared classroom link: before the default scenario's clock
// passes 0, the page fetches only what that run needs. On a 2 Mbit/s link a class shares, every
// other byte (the whole preset index, the gallery, panels a TCP scenario never shows, the
// service worker's precache) delays the clock. These tests hold the engine's wasm back, so the
// run cannot start, and check what the page asked for meanwhile; then let it in and check that
// the rest arrives and works: the picker and the gallery list every preset, a link to another
// preset opens it.
import { type Page, expect, test } from '@playwright/test';
import { openHeld } from './heldEngine';
import { app, simTime } from './lab-page';

// The service worker's registration is part of what is checked (the suite blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/**
 * Chunks (by file-name stem) the first run must not wait for: the whole preset index, the
 * gallery, the charts' zoom and brush behaviours (d3-zoom, d3-brush, d3-transition), the panels that load once the run is live, and those a TCP run never shows (MPTCP,
 * QUIC, with the algorithm registry the QUIC panel compares schedulers from).
 */
const NOT_FIRST = ['presets-index', 'Gallery', 'timeBehaviours', 'Inspector', 'FollowPanel', 'StateTimeline', 'WorksheetPanel', 'ExportPanel', 'MptcpPanel', 'QuicPanel', 'registry'];

/** The scripts a page asked for, by name without their hash, sorted. */
const firstScripts = (requested: string[]) =>
  requested
    .filter((p) => /\/assets\/.+\.js$/.test(p))
    .map((p) => p.replace(/^.*\/|-[\w-]{8}\.js$/g, ''))
    .sort();

const options = (page: Page) =>
  page
    .getByTestId('preset')
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));

test('the default scenario starts with its own preset entry; the rest follows once its clock runs', async ({ page }) => {
  const engine = await openHeld(page, '/', 'tcp-dumbbell');
  for (const stem of NOT_FIRST) expect(engine.asked(stem), stem).toBe(false);
  // No service worker yet: its precache (the whole app, 2 MB) would share the link.
  expect(engine.requested.some((p) => p.endsWith('/sw.js'))).toBe(false);
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);
  // The lab shows the preset's texts and knobs from the entry it has.
  await expect(page.getByTestId('description')).not.toBeEmpty();
  await expect(page.getByTestId('preset')).toHaveAttribute('aria-busy', 'true');
  expect(await options(page)).toEqual(['tcp-dumbbell']);

  // The page's scripts before the run: one chunk (vite-plugins/first-load-chunk.ts) and the
  // simulation worker. English needs no catalog: its messages are compiled into the chunk
  // (vite-plugins/english-inline.ts).
  expect(firstScripts(engine.requested)).toEqual(['index', 'sim.worker']);
  await expect(page.getByTestId('play')).toHaveText('▶ Play');

  engine.release();
  await expect.poll(() => simTime(page)).toBeGreaterThan(0);
  // Live: the panels the run shows load (the inspector with its hint, the state timeline).
  await expect(page.getByTestId('inspector')).toBeVisible();
  expect(engine.asked('MptcpPanel') || engine.asked('QuicPanel')).toBe(false);
  // Live: the whole index arrives (the picker lists every preset) and the service worker registers.
  await expect(page.getByTestId('preset')).toHaveAttribute('aria-busy', 'false');
  const names = await options(page);
  expect(names.length).toBeGreaterThan(10);
  expect(names).toEqual(expect.arrayContaining(['tcp-single', 'tcp-dumbbell', 'bbr-fairness']));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(1);
  await page.getByTestId('preset').selectOption('tcp-single');
  await expect(app(page)).toHaveAttribute('data-preset', 'tcp-single');
});

test('a page in Japanese fetches its catalog before the run', async ({ page }) => {
  const engine = await openHeld(page, '/?lang=ja', 'tcp-dumbbell');
  expect(firstScripts(engine.requested)).toEqual(['index', 'ja', 'sim.worker']);
  await expect(page.getByTestId('play')).toHaveText('▶ 再生');
  engine.release();
  await expect.poll(() => simTime(page)).toBeGreaterThan(0);
});

test("a link to another preset fetches that preset's entry, not the whole index", async ({ page }) => {
  const engine = await openHeld(page, '/?preset=bbr-fairness&variant=quick', 'bbr-fairness');
  expect(engine.asked('bbr-fairness')).toBe(true);
  for (const stem of NOT_FIRST) expect(engine.asked(stem), stem).toBe(false);
  await expect(page.getByTestId('description')).not.toBeEmpty();
  engine.release();
  await expect.poll(() => simTime(page)).toBeGreaterThan(0);
  await expect(page.getByTestId('preset')).toHaveAttribute('aria-busy', 'false');
  expect(await options(page)).toContain('tcp-dumbbell');
});

test('the gallery and the picker need not wait for the run: used at once, they load the list', async ({ page }) => {
  const engine = await openHeld(page, '/', 'tcp-dumbbell');
  // Reaching for the picker asks for the list at once, engine or not.
  await page.getByTestId('preset').focus();
  await expect(page.getByTestId('preset')).toHaveAttribute('aria-busy', 'false');
  expect((await options(page)).length).toBeGreaterThan(10);
  await page.getByTestId('tab-gallery').click();
  const gallery = page.getByTestId('gallery');
  await expect(gallery).toBeVisible();
  expect(Number(await gallery.getAttribute('data-count'))).toBe((await options(page)).length);
  expect(await simTime(page)).toBe(0);
  engine.release();
  await expect.poll(() => simTime(page)).toBeGreaterThan(0);
});
