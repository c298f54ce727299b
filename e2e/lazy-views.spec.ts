// Issue 30, item 1: a view whose code loads on first use (editor, compare, sequence diagram,
// sweep panel) and fails to load — the network dropped in the lecture hall, or the site was
// redeployed so the hashed chunk name is gone — must not blank the page. The lab and its run
// stay, one line says what failed, and a retry loads the view once the network is back.
import { type Page, expect, test } from '@playwright/test';
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
