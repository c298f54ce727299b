import { type Page, expect, test } from '@playwright/test';
import { app, simTime } from './lab-page';

// Issue 31 §2, keyboards: the view tabs follow the WAI-ARIA tabs pattern, a skip link jumps to
// the run controls, and a whole session — pick a preset, play, pause, step, seek, inspect a
// flow, switch views — is done with keys alone (no mouse call in this file), every focused
// control showing its focus.

/** The element with keyboard focus: its test id, whether it shows focus, and its outline. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    return {
      testId: el.getAttribute('data-testid') ?? '',
      what: `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.slice(0, 40) ?? ''}`,
      id: el.id,
      focusVisible: el.matches(':focus-visible'),
      // An outline, or — for a link of the network picture, whose box is a curve — its line
      // drawn dashed and thick (styles.css .edge:focus-visible).
      outline:
        (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) ||
        (el.matches('g.edge') && getComputedStyle(el.querySelector('.edge-line')!).strokeDasharray !== 'none'),
    };
  });
}

/** Presses Tab until the element with `testId` has focus (at most `max` presses), checking that
 * every control passed on the way shows its focus. */
async function tabTo(page: Page, testId: string, max = 120): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (f) {
      expect(f.focusVisible, `focus on ${f.testId || f.what} is :focus-visible`).toBe(true);
      expect(f.outline, `focus on ${f.testId || f.what} draws an outline`).toBe(true);
    }
    if (f?.testId === testId) return;
  }
  throw new Error(`Tab never reached ${testId}`);
}

test('the view tabs are WAI-ARIA tabs: one tab stop, arrows, Home and End, each tab controlling its panel', async ({ page }) => {
  await page.goto('/?seed=1&variant=quick&speed=max');
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(4);
  await expect(page.getByRole('tablist')).toHaveAttribute('aria-label', 'Views');
  // Each tab names the panel it controls; the selected one's panel is shown, labelled by it.
  for (const tab of await tabs.all()) {
    const panel = page.locator(`#${await tab.getAttribute('aria-controls')}`);
    await expect(panel).toHaveAttribute('role', 'tabpanel');
    await expect(panel).toHaveAttribute('aria-labelledby', (await tab.getAttribute('id'))!);
  }
  const selected = async () => page.getByRole('tab', { selected: true }).getAttribute('data-testid');
  await expect.poll(selected).toBe('tab-lab');
  await expect(page.locator('#panel-lab')).toBeVisible();
  // One tab stop: the selected tab.
  expect(await tabs.evaluateAll((ts) => ts.map((t) => t.getAttribute('tabindex')))).toEqual(['0', '-1', '-1', '-1']);

  await tabTo(page, 'tab-lab');
  await page.keyboard.press('ArrowRight');
  await expect(app(page)).toHaveAttribute('data-view', 'gallery');
  await expect.poll(selected).toBe('tab-gallery');
  expect((await focused(page))?.testId).toBe('tab-gallery');
  await expect(page.locator('#panel-gallery')).toBeVisible();
  await expect(page.locator('#panel-lab')).toBeHidden();
  await page.keyboard.press('End');
  await expect.poll(selected).toBe('tab-compare');
  expect((await focused(page))?.testId).toBe('tab-compare');
  await page.keyboard.press('ArrowRight'); // wraps to the first
  await expect.poll(selected).toBe('tab-lab');
  await page.keyboard.press('ArrowLeft'); // wraps to the last
  await expect.poll(selected).toBe('tab-compare');
  await page.keyboard.press('Home');
  await expect.poll(selected).toBe('tab-lab');
  expect(await tabs.evaluateAll((ts) => ts.map((t) => t.getAttribute('tabindex')))).toEqual(['0', '-1', '-1', '-1']);
  // Tab leaves the tab list (to the next control, not the next tab).
  await page.keyboard.press('Tab');
  expect((await focused(page))?.testId).not.toMatch(/^tab-/);
});

test('the skip link is the first tab stop, shows when focused, and lands on the run controls', async ({ page }) => {
  await page.goto('/?view=gallery&seed=1&variant=quick&speed=max');
  await expect(page.getByTestId('gallery')).toBeVisible();
  await page.keyboard.press('Tab');
  const link = page.getByTestId('skip-link');
  await expect(link).toBeFocused();
  await expect(link).toHaveText('Skip to the run controls');
  await expect(link).toBeInViewport();
  // From the gallery it opens the lab, then focuses the controls.
  await page.keyboard.press('Enter');
  await expect(app(page)).toHaveAttribute('data-view', 'lab');
  await expect(page.getByTestId('controls')).toBeFocused();
  // The next Tab goes to the first run control.
  await page.keyboard.press('Tab');
  expect((await focused(page))?.testId).toMatch(/^(play|pause)$/);
});

test('keys alone: pick a preset, play, pause, step, seek, inspect a flow and switch views', async ({ page }) => {
  await page.goto('/?seed=1&variant=quick&speed=1');
  await expect(app(page)).toHaveAttribute('data-preset', 'tcp-dumbbell');
  // The preset picker: the next preset, chosen with the arrow key, starts running.
  await tabTo(page, 'preset');
  await expect(page.getByTestId('preset')).toHaveAttribute('aria-busy', 'false');
  const options = await page.getByTestId('preset').locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  const next = options[options.indexOf('tcp-dumbbell') + 1]!;
  await page.keyboard.press('ArrowDown');
  await expect(app(page)).toHaveAttribute('data-preset', next);
  await expect(app(page)).toHaveAttribute('data-state', 'running');
  // Pause from the run controls (Space on Pause), then a single step with →.
  await tabTo(page, 'pause');
  await page.keyboard.press('Space');
  await expect(app(page)).toHaveAttribute('data-state', 'paused');
  const t0 = await simTime(page);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => simTime(page)).toBeCloseTo(t0 + 0.001, 9);
  await expect(app(page)).toHaveAttribute('data-state', 'paused');
  // Seek: type a time in the field, Enter.
  await tabTo(page, 'seek-input');
  await page.keyboard.type('0.5');
  await page.keyboard.press('Enter');
  await expect.poll(() => simTime(page)).toBe(0.5);
  await expect(page.getByTestId('controls')).toHaveAttribute('data-seeking', 'false');
  // The inspector: a flow of the network picture, opened with Enter.
  const flow = (await page.getByTestId('topology').locator('[data-flow-id]').first().getAttribute('data-flow-id'))!;
  await tabTo(page, `topology-flow-${flow}`);
  await page.keyboard.press('Enter');
  const inspector = page.getByTestId('inspector');
  await expect(inspector).toHaveAttribute('data-kind', 'flow');
  await expect(inspector).toHaveAttribute('data-id', flow);
  // A chart's data table opens from the keyboard too.
  await tabTo(page, 'chart-cwnd-data-toggle');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('chart-cwnd-data').getByTestId('chart-table')).toBeVisible();
  // Views: back up to the tabs with Shift+Tab, then the arrows.
  for (let i = 0; i < 200 && (await focused(page))?.testId !== 'tab-lab'; i++) await page.keyboard.press('Shift+Tab');
  expect((await focused(page))?.testId).toBe('tab-lab');
  await page.keyboard.press('ArrowRight');
  await expect(app(page)).toHaveAttribute('data-view', 'gallery');
  await page.keyboard.press('ArrowRight');
  await expect(app(page)).toHaveAttribute('data-view', 'editor');
  await expect(page.getByTestId('editor')).toBeVisible();
  await page.keyboard.press('Home');
  await expect(app(page)).toHaveAttribute('data-view', 'lab');
  // → on a tab opens a view and is not the lab's Step: from the last tab back to the lab.
  await page.keyboard.press('ArrowLeft');
  await expect(app(page)).toHaveAttribute('data-view', 'compare');
  await page.keyboard.press('ArrowRight');
  await expect(app(page)).toHaveAttribute('data-view', 'lab');
  // The run waited where it was paused.
  await page.waitForTimeout(300);
  expect(await simTime(page)).toBe(0.5);
});
