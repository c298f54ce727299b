import { type Page, expect, test } from '@playwright/test';

// The scenario editor (issue 6): form and raw JSON in step, the engine's validator naming the
// field, the last valid scenario kept through invalid edits, and "Run in lab".
const field = (page: Page, path: string) => page.locator(`[data-testid="editor-form"] [data-path="${path}"]`);
const editor = (page: Page) => page.getByTestId('editor');

async function openEditor(page: Page) {
  await page.goto('/?view=editor&preset=tcp-dumbbell&seed=1&speed=max');
  await expect(editor(page)).toHaveAttribute('data-source', 'tcp-dumbbell');
  await expect(editor(page)).toHaveAttribute('data-valid', 'true');
}

async function rawJson(page: Page): Promise<Record<string, any>> {
  return JSON.parse(await page.getByTestId('editor-json').inputValue());
}

test('form edits write the JSON and the validator names the bad field', async ({ page }) => {
  await openEditor(page);
  await expect(field(page, 'topology.bottleneck.rate_mbps')).toHaveValue('100');

  const rate = field(page, 'topology.bottleneck.rate_mbps');
  await rate.fill('-5');
  await expect(editor(page)).toHaveAttribute('data-valid', 'false');
  await expect(editor(page)).toHaveAttribute('data-error-path', 'topology.bottleneck.rate_mbps');
  await expect(page.getByTestId('editor-error')).toContainText('topology.bottleneck.rate_mbps');
  // The message sits next to the field it names.
  const inline = page.locator('[data-testid="field-error"][data-error-for="topology.bottleneck.rate_mbps"]');
  await expect(inline).toBeVisible();
  expect((await rawJson(page)).topology.bottleneck.rate_mbps).toBe(-5);
  await expect(page.getByTestId('editor-run')).toHaveText(/last valid/);

  await rate.fill('20');
  await expect(editor(page)).toHaveAttribute('data-valid', 'true');
  await expect(inline).toBeHidden();
  expect((await rawJson(page)).topology.bottleneck.rate_mbps).toBe(20);

  // An unknown algorithm (typed in the raw JSON) is named by its flow's index, beside the
  // algorithm select, which shows the unknown name; picking one from the list fixes it.
  const raw = await rawJson(page);
  raw.flows[1].cc = 'warp-drive';
  await page.getByTestId('editor-json').fill(JSON.stringify(raw, null, 2));
  await expect(editor(page)).toHaveAttribute('data-error-path', 'flows[1].cc');
  await expect(page.locator('[data-testid="field-error"][data-error-for="flows[1].cc"]')).toContainText('unknown congestion control');
  const cc = field(page, 'flows[1].cc');
  await expect(cc).toHaveValue('warp-drive');
  await cc.selectOption('reno');
  await expect(editor(page)).toHaveAttribute('data-valid', 'true');

  // Parameters the form has no input for go in the cc_params box, checked by the algorithm.
  const params = field(page, 'flows[0].cc_params');
  await params.fill('{"nonsense": ');
  await expect(page.getByTestId('json-field-error')).toContainText('malformed JSON');
  await expect(editor(page)).toHaveAttribute('data-valid', 'true');
  await params.fill('{"nonsense": 1}');
  await expect(editor(page)).toHaveAttribute('data-valid', 'false');
  await expect(editor(page)).toHaveAttribute('data-error-path', /^flows\[0\]\.cc_params/);
  await params.fill('');
  await expect(editor(page)).toHaveAttribute('data-valid', 'true');

  // Lists: a third sender appears in the JSON; the buffer can switch to packets.
  await page.getByTestId('add-topology.senders').click();
  expect((await rawJson(page)).topology.senders).toHaveLength(3);
  await field(page, 'topology.bottleneck.buffer#mode').selectOption('packets');
  await field(page, 'topology.bottleneck.buffer.packets').fill('42');
  expect((await rawJson(page)).topology.bottleneck.buffer).toEqual({ packets: 42 });
  // The preset's buffer_bdp knob is bound to the bdp field that just went away: the validator
  // says so, and the knobs box (under other fields) opens with the message.
  await expect(editor(page)).toHaveAttribute('data-error-path', /^knobs\[\d+\]\.bind/);
  await expect(page.locator('[data-testid="editor-other"] details[data-field="knobs"]')).toHaveAttribute('open', '');
  await expect(page.locator('[data-testid="editor-other"] [data-testid="field-error"]')).toContainText('bind');
});

test('invalid raw JSON keeps the last valid scenario, which is what runs', async ({ page }) => {
  await openEditor(page);
  const raw = page.getByTestId('editor-json');
  const good = await rawJson(page);
  good.duration_s = 3;
  good.warmup_s = 1;
  good.flows[0].cc = 'reno';
  await raw.fill(JSON.stringify(good, null, 2));
  await expect(editor(page)).toHaveAttribute('data-valid', 'true');
  await expect(field(page, 'duration_s')).toHaveValue('3');

  // Break it: the form steps aside, the status names the problem, the last good text is kept.
  await raw.fill('{ "duration_s": ');
  await expect(editor(page)).toHaveAttribute('data-valid', 'false');
  await expect(editor(page)).toHaveAttribute('data-dirty', 'true');
  await expect(page.getByTestId('editor-error')).toContainText('malformed JSON');
  await expect(page.getByTestId('editor-form')).toHaveCount(0);
  // An unknown field is rejected by the strict parser.
  await raw.fill(JSON.stringify({ ...good, duraton_s: 4 }, null, 2));
  await expect(page.getByTestId('editor-error')).toContainText('duraton_s');

  await page.getByTestId('editor-run').click();
  const app = page.getByTestId('app');
  await expect(app).toHaveAttribute('data-view', 'lab');
  await expect(app).toHaveAttribute('data-preset', 'edited:tcp-dumbbell');
  await expect(app).toHaveAttribute('data-state', 'finished', { timeout: 45_000 });
  const summary = page.getByTestId('summary');
  await expect(summary).toHaveAttribute('data-duration', '3');
  await expect(summary).toHaveAttribute('data-seed', '1');
  await expect(summary.locator('[data-flow="short-rtt"]')).toContainText('reno');
  await expect(summary.locator('[data-flow="long-rtt"]')).toContainText('cubic');

  // The draft is still there; revert brings back the valid version.
  await page.getByTestId('tab-editor').click();
  await expect(editor(page)).toHaveAttribute('data-valid', 'false');
  await page.getByTestId('editor-revert').click();
  await expect(editor(page)).toHaveAttribute('data-valid', 'true');
  expect((await rawJson(page)).duration_s).toBe(3);
});

test('a parallel topology has one row per path', async ({ page }) => {
  await openEditor(page);
  await field(page, 'topology.kind').selectOption('parallel');
  await expect(page.locator('[data-item^="topology.paths["]')).toHaveCount(2);
  await field(page, 'topology.paths[1].rtt_ms').fill('0');
  await expect(editor(page)).toHaveAttribute('data-error-path', 'topology.paths[1].rtt_ms');
  await page.locator('[data-testid="remove-item"][data-path="topology.paths[1]"]').click();
  // Flow 1 used path 1, which no longer exists: the validator says so.
  await expect(editor(page)).toHaveAttribute('data-error-path', /^flows\[1\]/);
});
