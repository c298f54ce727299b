// Issue 30, item 5: a tour narrates the run it was written for (the preset as written, under its
// variant). A moved knob or an edited scenario (a scripted drop in tcp-single, whose tour says
// "before any loss") is another run: the tour is not offered, and the page says why.
import { type Page, expect, test } from '@playwright/test';
import { app } from './lab-page';

async function openTcpSingle(page: Page) {
  await page.goto('/?preset=tcp-single&variant=quick&seed=1&speed=max');
  await expect(app(page)).toHaveAttribute('data-preset', 'tcp-single');
  await expect(page.getByTestId('tour-start')).toBeVisible();
}

test('moving a knob withdraws the tour until the knob is back at the preset\'s value', async ({ page }) => {
  await openTcpSingle(page);
  await page.getByTestId('knob-cc').selectOption('reno');
  await expect(page.getByTestId('tour-start')).toHaveCount(0);
  await expect(page.getByTestId('tour-withheld')).toContainText('Congestion control is reno');
  await page.getByTestId('knob-cc').selectOption('cubic');
  await expect(page.getByTestId('tour-start')).toBeVisible();
  await expect(page.getByTestId('tour-withheld')).toHaveCount(0);
});

test('a scenario edited in the editor (a scripted drop) is not toured', async ({ page }) => {
  await openTcpSingle(page);
  await page.getByTestId('tab-editor').click();
  const raw = page.getByTestId('editor-json');
  // The editor loads lazily: read its JSON once it holds the preset, not before.
  await expect(page.getByTestId('editor')).toHaveAttribute('data-source', 'tcp-single');
  await expect(raw).not.toHaveValue('');
  const scenario = JSON.parse(await raw.inputValue());
  scenario.topology.bottleneck.drop_packets = [40];
  await raw.fill(JSON.stringify(scenario, null, 2));
  await expect(page.getByTestId('editor')).toHaveAttribute('data-valid', 'true');
  await page.getByTestId('editor-run').click();
  await expect(app(page)).toHaveAttribute('data-preset', 'edited:tcp-single');
  await expect(page.getByTestId('tour-withheld')).toContainText('edited');
  await expect(page.getByTestId('tour-start')).toHaveCount(0);
});
