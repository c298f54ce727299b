// Small helpers for driving the lab page in end-to-end tests: its root, its simulated time,
// and seeking to an exact time through the seek field (as a user would).
import { type Page, expect } from '@playwright/test';

export const app = (page: Page) => page.getByTestId('app');

export const simTime = async (page: Page) => Number(await app(page).getAttribute('data-sim-time'));

/** Seeks to `t` with the time field and waits until the page is there, paused. */
export async function seekTo(page: Page, t: number): Promise<void> {
  await page.getByTestId('seek-input').fill(String(t));
  await page.getByTestId('seek-go').click();
  await expect(page.getByTestId('controls')).toHaveAttribute('data-seeking', 'false');
  await expect.poll(() => simTime(page)).toBe(t);
}
