import { type Page, expect, test } from '@playwright/test';
import { runCompareToEnd } from './compare-run';
import { readFile } from 'node:fs/promises';

// A/B compare over two knobs, a 2×2 (issue 32 §4): the congestion control and the bottleneck
// buffer of tcp-dumbbell, every pair of values one column, opened from a link and built in the
// view; the table's headers name both knobs' values, the runs differ as the knobs say, and the
// CSV carries each knob as its own field. Fixed seed, quick variant at max speed.
const GRID = 'cc:cubic,reno;buffer_bdp:0.5,2';
const columns = (page: Page) => page.getByTestId('compare-column');
const summary = (page: Page, c: string) => page.locator(`[data-testid="compare-summary"][data-column="${c}"]`);
const num = async (page: Page, c: string, attr: string) => Number(await summary(page, c).getAttribute(attr));
// The pairs, A first: the first knob outermost.
const PAIRS = [
  ['A', 'cubic', '0.5'],
  ['B', 'cubic', '2'],
  ['C', 'reno', '0.5'],
  ['D', 'reno', '2'],
] as const;


/** Four columns, each with its pair; headers naming both; the runs differ where the knobs do. */
async function checkGrid(page: Page, buffers: readonly [string, string]) {
  const pairs = PAIRS.map(([c, cc], i) => [c, cc, buffers[i % 2]!] as const);
  await expect(columns(page)).toHaveCount(4);
  for (const [i, [c, cc, buf]] of pairs.entries()) {
    const col = columns(page).nth(i);
    await expect(col).toHaveAttribute('data-column', c);
    await expect(col).toHaveAttribute('data-value', cc);
    await expect(col).toHaveAttribute('data-value2', buf);
    await expect(summary(page, c)).toHaveAttribute('data-final', 'true');
  }
  // The table: a metric column and one per run, each header naming both settings.
  const heads = page.getByTestId('compare-table').locator('thead th');
  await expect(heads).toHaveCount(5);
  for (const [i, [c, cc, buf]] of pairs.entries()) {
    const text = await heads.nth(i + 1).innerText();
    expect(text).toContain(`${c} · Congestion control = ${cc} · Bottleneck buffer = ${buf} BDP`);
  }
  // A deeper buffer holds a longer queue, under either algorithm.
  expect(await num(page, 'B', 'data-max-queue')).toBeGreaterThan(await num(page, 'A', 'data-max-queue'));
  expect(await num(page, 'D', 'data-max-queue')).toBeGreaterThan(await num(page, 'C', 'data-max-queue'));
  // Every run is its own: no two columns have the same goodput and drops.
  const keys = await Promise.all(pairs.map(async ([c]) => `${await num(page, c, 'data-goodput')}/${await num(page, c, 'data-drops')}`));
  expect(new Set(keys).size).toBe(4);
  // The table's numbers are the runs': each column's Jain's index, as its summary has it.
  const jainAt = (c: string) => page.locator(`[data-testid="compare-delta"][data-metric="jain"][data-column="${c}"]`);
  for (const c of ['B', 'C', 'D']) expect(Number(await jainAt(c).getAttribute('data-value'))).toBeCloseTo(await num(page, c, 'data-jain'), 9);
  expect(Number(await page.locator('[data-testid="compare-base"][data-metric="jain"]').getAttribute('data-value'))).toBeCloseTo(await num(page, 'A', 'data-jain'), 9);
  // What each column changed against A: B the buffer, C the algorithm, D both.
  const note = page.getByTestId('compare-grid-note');
  await expect(note.locator('[data-column="B"]')).toHaveAttribute('data-changed', 'buffer_bdp');
  await expect(note.locator('[data-column="C"]')).toHaveAttribute('data-changed', 'cc');
  await expect(note.locator('[data-column="D"]')).toHaveAttribute('data-changed', 'cc,buffer_bdp');
  return pairs;
}

test('a 2×2 opened from a link runs four columns and exports both knobs in every CSV row', async ({ page }) => {
  await page.goto(`/?view=compare&preset=tcp-dumbbell&compare=${encodeURIComponent(GRID)}&seed=1&variant=quick&speed=max`);
  await expect(page.getByTestId('compare-knob')).toHaveValue('cc');
  await expect(page.getByTestId('compare-knob2')).toHaveValue('buffer_bdp');
  await expect(page.getByTestId('compare2-number-0')).toHaveValue('0.5');
  await expect(page.getByTestId('compare2-number-1')).toHaveValue('2');
  await expect(page.getByTestId('compare-seed-note')).toContainText('only congestion control and bottleneck buffer differ');
  await runCompareToEnd(page, 90_000);
  const pairs = await checkGrid(page, ['0.5', '2']);

  const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId('compare-export-csv').click()]);
  expect(d.suggestedFilename()).toBe('tcp-dumbbell-compare-cc-buffer_bdp.csv');
  const [head, ...rows] = (await readFile((await d.path())!, 'utf8')).trim().split('\r\n');
  const cols = head!.split(',');
  expect(cols.slice(0, 9)).toEqual(['scenario', 'variant', 'seed', 'settings', 'knob', 'knob2', 'column', 'knob_value', 'knob2_value']);
  const field = (r: string, name: string) => r.split(',')[cols.indexOf(name)]!;
  const jain = rows.filter((r) => field(r, 'metric') === 'jain');
  expect(jain.map((r) => [field(r, 'column'), field(r, 'knob'), field(r, 'knob_value'), field(r, 'knob2'), field(r, 'knob2_value')])).toEqual(
    pairs.map(([c, cc, buf]) => [c, 'cc', cc, 'buffer_bdp', buf]),
  );
  // The other knobs' settings, not the compared ones; the numbers are the page's.
  expect(field(jain[0]!, 'scenario')).toBe('tcp-dumbbell');
  expect(field(jain[0]!, 'settings')).toContain('rtt_ms=');
  expect(field(jain[0]!, 'settings')).not.toMatch(/(^|; )(cc|buffer_bdp)=/);
  for (const r of jain.slice(1)) {
    const cell = page.locator(`[data-testid="compare-delta"][data-metric="jain"][data-column="${field(r, 'column')}"]`);
    expect(Number(field(r, 'value'))).toBeCloseTo(Number(await cell.getAttribute('data-value')), 9);
  }
  expect(Number(field(jain[0]!, 'value'))).toBeCloseTo(Number(await page.locator('[data-testid="compare-base"][data-metric="jain"]').getAttribute('data-value')), 9);

  // The JSON names the second knob once and its value per column.
  const [dj] = await Promise.all([page.waitForEvent('download'), page.getByTestId('compare-export-json').click()]);
  const j = JSON.parse(await readFile((await dj.path())!, 'utf8'));
  expect(j).toMatchObject({ scenario: 'tcp-dumbbell', knob: 'cc', knob2: 'buffer_bdp' });
  expect(j.columns).toEqual(pairs.map(([column, cc, buf]) => ({ column, knob_value: cc, knob2_value: buf })));
});

test('a 2×2 built in the view: the second knob selector, its values, a bad value refused while the last run stays', async ({ page }) => {
  await page.goto('/?view=compare&preset=tcp-dumbbell&compare=cc:cubic,reno&seed=1&variant=quick&speed=max');
  // One knob, as an old link opens it: no second knob.
  const second = page.getByLabel('and a second knob');
  await expect(second).toHaveValue('');
  await expect(second.locator('option[value="cc"]')).toHaveCount(0);
  // Chosen from the keyboard: the labelled selector takes focus and an arrow picks the first
  // other knob, the buffer.
  await second.focus();
  await page.keyboard.press('ArrowDown');
  await expect(second).toHaveValue('buffer_bdp');
  await expect(page.getByTestId('compare2-values')).toHaveAttribute('data-kind', 'number');
  await page.getByTestId('compare2-number-0').fill('0.5');
  await page.getByTestId('compare2-number-1').fill('4');
  await expect.poll(() => new URL(page.url()).searchParams.get('compare')).toBe('cc:cubic,reno;buffer_bdp:0.5,4');
  // Two values each: no third value to add.
  await expect(page.getByTestId('compare2-add-value')).toHaveCount(0);
  await runCompareToEnd(page, 90_000);
  await checkGrid(page, ['0.5', '4']);

  // A bad second knob's value is named in one line; the four columns stay.
  await page.getByTestId('compare2-number-1').fill('500');
  await expect(page.getByTestId('compare-problem')).toHaveText('Second knob buffer_bdp: buffer_bdp=500 is above its maximum 20.');
  await expect(page.getByTestId('compare-run')).toBeDisabled();
  await expect(columns(page)).toHaveCount(4);
  await expect(summary(page, 'D')).toHaveAttribute('data-final', 'true');
  await page.getByTestId('compare2-number-1').fill('4');
  await expect(page.getByTestId('compare-problem')).toHaveCount(0);
  // The copied link reopens the 2×2.
  await page.getByTestId('compare-share').click();
  const url = await page.getByTestId('compare-share-url').inputValue();
  expect(new URL(url).searchParams.get('compare')).toBe('cc:cubic,reno;buffer_bdp:0.5,4');
  const other = await page.context().newPage();
  await other.goto(url);
  await expect(other.getByTestId('compare-knob2')).toHaveValue('buffer_bdp');
  await expect(other.getByTestId('compare2-number-1')).toHaveValue('4');
  await expect(other.getByTestId('compare-run')).toBeEnabled();
  await other.close();
  // Back to one knob: the old URL form.
  await second.selectOption('');
  await expect.poll(() => new URL(page.url()).searchParams.get('compare')).toBe('cc:cubic,reno');
});

test('a link with a bad second knob is refused by name and runs nothing', async ({ page }) => {
  await page.goto(`/?view=compare&preset=tcp-dumbbell&compare=${encodeURIComponent('cc:cubic,reno;nope:1,2')}&seed=1&variant=quick&speed=max`);
  await expect(page.getByTestId('compare-problem')).toHaveText(/^Second knob nope: Knob 'nope' is not a knob of this scenario/);
  await expect(page.getByTestId('compare-run')).toBeDisabled();
  await page.goto(`/?view=compare&preset=tcp-dumbbell&compare=${encodeURIComponent('cc:cubic,reno;buffer_bdp:0.5,1,2')}&seed=1&variant=quick&speed=max`);
  await expect(page.getByTestId('compare-problem')).toHaveText('cc × buffer_bdp makes 6 runs (2 × 3 values); a comparison runs at most 4: pick 2 values of each.');
  await expect(page.getByTestId('compare-run')).toBeDisabled();
});
