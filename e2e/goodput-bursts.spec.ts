// Issue 30, item 10: goodput above the bottleneck's capacity is the in-order burst after a
// recovery, averaged over the chart's window. The throughput chart says its averaging window,
// draws each flow's bottleneck rate, and marks every run of points above it as such a burst.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { app } from './lab-page';

test('bufferbloat: the throughput chart states its window, draws the 10 Mbit/s rate and marks every burst above it', async ({ page }) => {
  await page.goto('/?preset=bufferbloat&variant=quick&seed=1&speed=max');
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  const chart = page.getByTestId('chart-throughput');
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator('.chart-title')).toHaveText(/goodput, \d+ ms average/);
  await expect(chart).toHaveAttribute('data-capacity', '10');
  const bursts = Number(await chart.getAttribute('data-bursts'));
  // The y axis reaches above the rate only because of bursts, and each is marked.
  const top = Number(await chart.getAttribute('data-y-top'));
  expect(top).toBeGreaterThan(10);
  expect(bursts).toBeGreaterThan(0);
  const note = page.getByTestId('chart-throughput-mark-note');
  await expect(note).toContainText(`${bursts} burst`);
  await expect(note).toContainText('held back while a loss was repaired');
  await expect(chart.locator('.legend')).toContainText('bottleneck rate (10 Mbit/s)');

  // The exported picture carries the same markers: one per burst, each above the rate's line.
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('chart-throughput-export-svg').click()]);
  const svg = await readFile(await dl.path(), 'utf8');
  const markers = [...svg.matchAll(/<path class="burst" d="M[\d.-]+,([\d.-]+)/g)].map((m) => Number(m[1]));
  expect(markers).toHaveLength(bursts);
  const guideY = Number(/<line x1="0" x2="[\d.]+" y1="([\d.-]+)" y2="[\d.-]+" stroke="[^"]+" stroke-dasharray="4 4"/.exec(svg)?.[1]);
  expect(guideY).toBeGreaterThan(0);
  for (const tipY of markers) expect(tipY).toBeLessThan(guideY);
});
