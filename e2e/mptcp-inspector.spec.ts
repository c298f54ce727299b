// Issue 30, item 6: the inspector describes an MPTCP connection as it is. Its subflows run on
// parallel paths, each on its own (not one route "via path1 → path2 → path3"); the latest
// scheduler decision reads as the same sentence the ECF-3 decision list uses (not raw JSON
// running out of the panel); and the controller state is each subflow's own (not "mptcp").
import { expect, test } from '@playwright/test';
import { app, seekTo } from './lab-page';

test('ECF-3: each subflow on its own path with its controller state, the decision as a sentence inside the panel', async ({ page }) => {
  await page.goto('/?preset=ecf3-heterogeneous&variant=quick&seed=1&speed=1');
  await expect(app(page)).toHaveAttribute('data-preset', 'ecf3-heterogeneous');
  await seekTo(page, 3);
  await page.locator('[data-testid="live"] tr[data-flow="file"] button').first().click();
  const inspector = page.getByTestId('inspector');

  // No single route through every path.
  await expect(inspector.locator('h2')).not.toContainText('→');
  const rows = inspector.locator('[data-testid="inspector-subflows"] tbody tr');
  await expect(rows).toHaveCount(3);
  const cells = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent ?? '')));
  // Columns by the engine's field name (data-key), whatever the page's language calls them.
  const head = await inspector.locator('[data-testid="inspector-subflows"] thead th').evaluateAll((ths) => ths.map((th) => th.getAttribute('data-key') ?? ''));
  const col = (name: string) => head.indexOf(name);
  expect(col('route')).toBeGreaterThan(0);
  expect(col('state')).toBeGreaterThan(0);
  for (const row of cells) {
    const path = Number(row[col('path')]);
    const links = row[col('route')]!.split(' → ');
    // Its own path's link, and no other path's.
    expect(links).toContain(`path${path}`);
    expect(links.filter((l) => /^path\d+$/.test(l))).toEqual([`path${path}`]);
    expect(row[col('state')]).toMatch(/^(slow start|congestion avoidance|recovery)$/);
  }
  await expect(inspector.locator('[data-field="state"]')).not.toHaveText('mptcp');

  // The decision: the decision list's sentence, no JSON, inside the panel.
  const decision = page.getByTestId('inspector-decision');
  await expect(decision).toBeVisible();
  const sentence = (await decision.locator('.decision-sentence').textContent()) ?? '';
  expect(sentence).toMatch(/^(wait|path \d+) — line \d+: /);
  expect(sentence).not.toContain('{');
  const listed = page.locator(`[data-testid="mptcp-decision"][data-t-ns="${await decision.getAttribute('data-t-ns')}"] .decision-sentence`);
  await expect(listed.first()).toHaveText(sentence);
  // Nothing drawn past the panel's visible box (its right edge inside the border and scrollbar).
  const outside = await inspector.evaluate((el) => {
    const right = el.getBoundingClientRect().left + el.clientLeft + el.clientWidth + 1;
    return [...el.querySelectorAll('*')].filter((c) => c.getBoundingClientRect().right > right).map((c) => `${c.tagName}.${c.className}`);
  });
  expect(outside).toEqual([]);
});
