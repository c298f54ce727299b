// The page opened with its engine held back (issue 31 part 5, first load): the wasm request
// waits until `release()`, so the run cannot start, and every request's path is recorded, so a
// test can check what the page fetched before its clock could move.
import { type Page, expect } from '@playwright/test';
import { app, simTime } from './lab-page';

/** The engine's download: its xz copy as the build names it (lib/wasmModule.ts, vite-plugins/wasm-preload.ts). */
export const ENGINE = /netlab_wasm_bg\.wasm-[\w-]+\.xz$/;

/** Holds the engine until `release()` and records every request's path. */
export async function holdEngine(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(ENGINE, async (route) => {
    await released;
    await route.continue();
  });
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  /** Whether a chunk whose file name starts with `stem` was asked for. */
  const asked = (stem: string) => requested.some((p) => new RegExp(`/${stem}-[^/]+\\.js$`).test(p));
  return { release, requested, asked };
}

/** Opens `path` with the engine held; returns once the page has rendered its preset, fetched it
 * and waited a moment for anything else it would fetch on its own, with its clock still at 0. */
export async function openHeld(page: Page, path: string, preset: string) {
  const engine = await holdEngine(page);
  const scenario = page.waitForResponse(new RegExp(`/scenarios/${preset}\\.json$`));
  await page.goto(path);
  await scenario;
  await expect(app(page)).toHaveAttribute('data-preset', preset);
  await expect(page.getByTestId('controls')).toBeVisible();
  await page.waitForTimeout(500);
  expect(await simTime(page)).toBe(0);
  return engine;
}
