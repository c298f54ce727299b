// Issue 30, item 13: the network picture in front of a class. On every preset's picture, at the
// page's size and in projector mode, no two labels intersect (link labels, queue read-outs and
// bars, node names) and none covers a node; in projector mode (an 18 px page) the picture's and
// the state timeline's labels are set larger with it; a QUIC connection's streams get their own
// packet colours, and no two lines of one chart share a colour.
import { readdirSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { expectTopologyUncluttered } from './boxes';

const PRESETS = readdirSync('public/scenarios')
  .filter((f) => f.endsWith('.json') && !f.startsWith('bench-'))
  .map((f) => f.replace(/\.json$/, ''));

/** Opens `preset` paused at the start and waits until every queue read-out has its text. */
async function openPicture(page: Page, preset: string, projector: boolean) {
  await page.goto(`/?preset=${preset}&seed=1&variant=quick&speed=1${projector ? '&projector=1' : ''}`);
  // The run of this preset is playing (its picture, not a previous one's, laid out).
  await expect(page.getByTestId('app')).toHaveAttribute('data-preset', preset, { timeout: 30_000 });
  await expect.poll(async () => Number(await page.getByTestId('app').getAttribute('data-sim-time')), { timeout: 30_000 }).toBeGreaterThan(0);
  const svg = page.getByTestId('topology-svg');
  await expect(svg).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => svg.locator('text.queue-text').evaluateAll((ts) => ts.every((t) => (t.textContent ?? '').startsWith('queue '))), { timeout: 30_000 })
    .toBe(true);
}

const px = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) => els.map((el) => parseFloat(getComputedStyle(el).fontSize)));

for (const projector of [false, true]) {
  test(`no two labels of any preset's picture intersect${projector ? ' (projector mode)' : ''}`, async ({ page }) => {
    test.setTimeout(PRESETS.length * 20_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const preset of PRESETS) {
      await test.step(preset, async () => {
        await openPicture(page, preset, projector);
        await expectTopologyUncluttered(page);
        if (projector) {
          // Labels scale with the page (18 px): at least 16 px, as large as the page's own small text.
          for (const size of await px(page, '[data-testid="topology-svg"] text.edge-label, [data-testid="topology-svg"] g.node text')) expect(size).toBeGreaterThanOrEqual(16);
        }
      });
    }
  });
}

test('projector mode sets the state timeline labels larger', async ({ page }) => {
  await page.goto('/?preset=tcp-dumbbell&seed=1&variant=quick&speed=max');
  await expect(page.getByTestId('app')).toHaveAttribute('data-state', 'finished', { timeout: 45_000 });
  // The state timeline loads once the run is live (App.tsx): at full speed the run may finish first.
  await expect(page.locator('.timeline-label').first()).toBeVisible();
  const normal = await px(page, '.timeline-label');
  expect(normal.length).toBeGreaterThan(0);
  await page.getByTestId('projector-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-projector', 'on');
  for (const size of await px(page, '.timeline-label')) expect(size).toBeGreaterThanOrEqual(16);
  expect(Math.max(...normal)).toBeLessThan(16);
});

test("a QUIC connection's streams have their own packet colours; no two lines of a chart share a colour", async ({ page }) => {
  await page.goto('/?preset=quic-priority-control&seed=1&variant=quick&speed=1');
  const svg = page.getByTestId('topology-svg');
  await expect.poll(async () => ((await svg.getAttribute('data-packet-colors')) ?? '').split(' ').filter(Boolean).length, { timeout: 30_000 }).toBeGreaterThan(1);
  await page.goto('/?preset=quic-priority-control&seed=1&variant=quick&speed=max');
  await expect(page.getByTestId('app')).toHaveAttribute('data-state', 'finished', { timeout: 45_000 });
  const charts = page.locator('figure.chart:has(.legend-toggle)');
  expect(await charts.count()).toBeGreaterThan(0);
  for (const chart of await charts.all()) {
    const swatches = await chart.locator('.legend-toggle .swatch').evaluateAll((els) => els.map((el) => `${getComputedStyle(el).borderTopColor}${el.classList.contains('dashed') ? ' dashed' : ''}`));
    expect(new Set(swatches).size, `${await chart.getAttribute('data-testid')}: ${swatches.join(', ')}`).toBe(swatches.length);
  }
});
