// Small helpers for driving the lab page in end-to-end tests: its root, its simulated time,
// seeking to an exact time through the seek field (as a user would), and the ACKs the network
// picture draws on its wires.
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

/** The ACKs drawn on a wire at the time on screen: where, on which link, their number and when they left the transmitter. */
export async function wireAcks(page: Page, t: number): Promise<{ x: number; y: number; link: string; seq: number; wire: number }[]> {
  const svg = page.getByTestId('topology-svg');
  await expect.poll(async () => Number(await svg.getAttribute('data-snapshot-t'))).toBe(t);
  // The read-out follows the next frame drawn at that snapshot.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const text = (await svg.getAttribute('data-wire-acks')) ?? '';
  return text
    .split(';')
    .filter((s) => s !== '')
    .map((s) => {
      const [x, y, link, seq, wire] = s.split(' ');
      return { x: Number(x), y: Number(y), link: link!, seq: Number(seq), wire: Number(wire) };
    });
}
