// The engine travels as its xz copy (lib/wasmModule.ts, scripts/build-wasm.mjs; issue 31 part 5).
// Its download failing on a first visit — the network dropped in the lecture hall — must not blank
// the page: the lab says the engine could not be downloaded, in the page's language, keeps the
// preset on screen, and "Try again" starts the run once the network is back.
import { expect, test } from '@playwright/test';
import { ENGINE } from './heldEngine';
import { app, simTime } from './lab-page';

test('the engine is downloaded once, as its xz copy, and never as the raw module', async ({ page }) => {
  const engine: string[] = [];
  const rawWasm: string[] = [];
  page.on('request', (r) => {
    if (ENGINE.test(r.url())) engine.push(r.url());
    if (/\.wasm(\?|$)/.test(r.url())) rawWasm.push(r.url());
  });
  await page.goto('/?preset=tcp-single&variant=quick&seed=1&speed=max');
  await expect(app(page)).toHaveAttribute('data-preset', 'tcp-single');
  await expect.poll(() => simTime(page)).toBeGreaterThan(0);
  // The compare view starts workers of its own: they get the page's module, not a download.
  await page.getByTestId('tab-compare').click();
  await expect(page.getByTestId('compare')).toBeVisible();
  expect(engine).toHaveLength(1);
  expect(rawWasm).toEqual([]);
});

for (const { lang, heading, retry } of [
  { lang: 'en', heading: 'Could not download the engine:', retry: 'Try again' },
  { lang: 'ja', heading: 'エンジンをダウンロードできませんでした：', retry: '再試行' },
]) {
  test(`a failed engine download says so (${lang}), keeps the page and runs once the network is back`, async ({ page }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.route(ENGINE, (route) => route.abort('internetdisconnected'));
    await page.goto(`/?preset=tcp-single&variant=quick&seed=1&lang=${lang}`);
    const banner = page.getByTestId('error');
    await expect(banner).toHaveAttribute('data-kind', 'download');
    await expect(banner.locator('strong')).toHaveText(heading);
    // Not blank: the preset, its controls and the tabs are there.
    await expect(app(page)).toHaveAttribute('data-preset', 'tcp-single');
    await expect(page.getByTestId('controls')).toBeVisible();
    await expect(page.getByTestId('view-tabs')).toBeVisible();
    expect(await simTime(page)).toBe(0);
    // The network is back: one click runs the preset.
    await expect(page.getByTestId('error-retry')).toHaveText(retry);
    await page.unroute(ENGINE);
    await page.getByTestId('error-retry').click();
    await expect.poll(() => simTime(page)).toBeGreaterThan(0);
    await expect(banner).toHaveCount(0);
    expect(pageErrors).toEqual([]);
  });
}
