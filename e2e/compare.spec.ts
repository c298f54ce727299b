import { type Page, expect, test } from '@playwright/test';
import { runCompareToEnd } from './compare-run';

// The A/B compare view on fixed seeds, quick variants at max speed: DOM state and data-*
// attributes, not pixels.
const FAST = 'seed=1&variant=quick&speed=max';
const app = (page: Page) => page.getByTestId('app');
const columns = (page: Page) => page.getByTestId('compare-column');

/** A difference cell: metric id, column letter. */
const delta = (page: Page, metric: string, column: string) => page.locator(`[data-testid="compare-delta"][data-metric="${metric}"][data-column="${column}"]`);


test('two congestion controls side by side on one clock, with a difference table', async ({ page }) => {
  await page.goto(`/?view=compare&preset=tcp-dumbbell&compare=cc:cubic,reno&${FAST}`);
  await expect(page.getByTestId('view-compare')).toBeVisible();
  await expect(page.getByTestId('compare-knob')).toHaveValue('cc');
  await expect(page.getByTestId('compare-value-cubic')).toBeChecked();
  await expect(page.getByTestId('compare-value-reno')).toBeChecked();
  await runCompareToEnd(page);

  // Both columns stopped at the same simulated time, the end of the quick run (10 s).
  await expect(columns(page)).toHaveCount(2);
  await expect(columns(page).nth(0)).toHaveAttribute('data-value', 'cubic');
  await expect(columns(page).nth(1)).toHaveAttribute('data-value', 'reno');
  const times = await columns(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-sim-time'))));
  expect(times).toEqual([10, 10]);
  await expect(page.getByTestId('compare-clock')).toHaveAttribute('data-sim-time', '10');
  for (const c of ['A', 'B']) {
    await expect(columns(page).nth(c === 'A' ? 0 : 1)).toHaveAttribute('data-finished', 'true');
    expect(Number(await page.getByTestId(`compare-throughput-${c}`).getAttribute('data-points'))).toBeGreaterThan(0);
    expect(Number(await page.getByTestId(`compare-jain-${c}`).getAttribute('data-points'))).toBeGreaterThan(0);
  }

  // One time axis and one y scale across the columns.
  for (const chart of ['throughput', 'jain']) {
    const [a, b] = [page.getByTestId(`compare-${chart}-A`), page.getByTestId(`compare-${chart}-B`)];
    await expect(b).toHaveAttribute('data-y-top', (await a.getAttribute('data-y-top')) ?? 'missing');
    await expect(b).toHaveAttribute('data-t1', (await a.getAttribute('data-t1')) ?? 'missing');
  }
  expect(Number(await page.getByTestId('compare-throughput-A').getAttribute('data-y-top'))).toBeGreaterThan(0);

  // The delta cells carry numbers; Δ Jain is B's Jain minus A's.
  for (const metric of ['jain', 'mean_mbps', 'goodput:short-rtt', 'goodput:long-rtt']) {
    const d = await delta(page, metric, 'B').getAttribute('data-delta');
    expect(d, metric).not.toBe('');
    expect(Number.isFinite(Number(d)), metric).toBe(true);
  }
  const baseJain = Number(await page.locator('[data-testid="compare-base"][data-metric="jain"]').getAttribute('data-value'));
  const bJain = Number(await delta(page, 'jain', 'B').getAttribute('data-value'));
  expect(Number(await delta(page, 'jain', 'B').getAttribute('data-delta'))).toBeCloseTo(bJain - baseJain, 12);
  // A difference under SAME_TOLERANCE (1 %) of A's value gets no verdict (compare/diff.ts).
  const verdict = Math.abs(bJain - baseJain) < 0.01 * Math.abs(baseJain) ? 'same' : bJain > baseJain ? 'better' : 'worse';
  await expect(delta(page, 'jain', 'B')).toHaveAttribute('data-verdict', verdict);

  // Running the comparison paused the lab's own run (unless it had already finished).
  // Determinism across views: the lab, resumed, runs the same preset, seed and cc (cubic);
  // column A's Jain's index is exactly the lab's.
  expect(['paused', 'finished']).toContain(await app(page).getAttribute('data-state'));
  if ((await app(page).getAttribute('data-state')) === 'paused') {
    await page.getByTestId('tab-lab').click();
    await page.getByTestId('play').click();
  }
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 45_000 });
  const labJain = Number(await page.getByTestId('summary').getAttribute('data-jain'));
  expect(labJain).toBeGreaterThan(0);
  expect(baseJain).toBe(labJain);
  await page.getByTestId('tab-compare').click();
  await expect(columns(page).nth(0)).toHaveAttribute('data-jain', String(labJain));
});

test('QUIC schedulers: ABS lowers the control stream latency against RR', async ({ page }) => {
  await page.goto(`/?view=compare&preset=quic-priority-control&compare=scheduler:rr,abs&${FAST}`);
  await expect(page.getByTestId('compare-knob')).toHaveValue('scheduler');
  await runCompareToEnd(page);
  const times = await columns(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-sim-time'))));
  expect(times).toEqual([20, 20]);
  // The preset's documented direction: a waiting control message goes in ABS's next packet.
  const mean = delta(page, 'latency_mean:quic:control', 'B');
  await expect(mean).toHaveAttribute('data-verdict', 'better');
  expect(Number(await mean.getAttribute('data-delta'))).toBeLessThan(0);
  const p95 = delta(page, 'latency_p95:quic:control', 'B');
  expect(Number(await p95.getAttribute('data-delta'))).toBeLessThan(0);
  await expect(mean).toContainText(/−\d+\.\d ms/);
});

test('an invalid choice says what is wrong and cannot run; the URL keeps the choice', async ({ page }) => {
  await page.goto(`/?view=compare&preset=tcp-dumbbell&${FAST}`);
  // The default: the lab's cc (cubic) as A against the other option.
  await expect(page.getByTestId('compare-value-cubic')).toBeChecked();
  await expect(page.getByTestId('compare-value-reno')).toBeChecked();
  await expect(page.getByTestId('compare-run')).toBeEnabled();
  await expect.poll(() => new URL(page.url()).searchParams.get('compare')).toBe('cc:cubic,reno');

  await page.getByTestId('compare-value-reno').uncheck();
  const problem = page.getByTestId('compare-problem');
  await expect(problem).toContainText('at least 2 values of cc');
  await expect(page.getByTestId('compare-run')).toBeDisabled();
  await expect(page.getByTestId('compare-restart')).toBeDisabled();
  await expect.poll(() => new URL(page.url()).searchParams.get('compare')).toBe('cc:cubic');

  // Keyboard: the checkbox toggles with Space; reno comes back as column B.
  await page.getByTestId('compare-value-reno').focus();
  await page.keyboard.press('Space');
  await expect(problem).toBeHidden();
  await expect(page.getByTestId('compare-run')).toBeEnabled();

  // An unknown value in a link is named.
  await page.goto(`/?view=compare&preset=tcp-dumbbell&compare=cc:cubic,vegas&${FAST}`);
  await expect(page.getByTestId('compare-problem')).toContainText("'vegas' is not an option of cc");
  await expect(page.getByTestId('compare-run')).toBeDisabled();
});

test('a scenario without any knob says so', async ({ page }) => {
  await page.goto(`/?view=compare&preset=bench-two-flows&${FAST}`);
  // Any knob can be compared (numbers too), so only a preset without knobs has nothing to offer.
  await expect(page.getByTestId('compare-no-knob')).toContainText('has no knob');
  await expect(page.getByTestId('compare-knob')).toHaveCount(0);
  await expect(page.getByTestId('compare-run')).toBeDisabled();
});

test('an engine error names the column and the field; the last comparison stays', async ({ page }) => {
  await page.goto(`/?view=compare&preset=tcp-dumbbell&compare=cc:cubic,reno&${FAST}`);
  await runCompareToEnd(page);
  const rows = await page.getByTestId('compare-row').count();
  // A bad setting in the lab is part of the scenario the comparison runs.
  await page.getByTestId('tab-lab').click();
  await page.getByTestId('knob-buffer_bdp').fill('-1');
  await expect(page.getByTestId('error')).toContainText('buffer_bdp');
  await page.getByTestId('tab-compare').click();
  // The columns shown ran the old settings: the view says so, and Run starts afresh.
  await expect(page.getByTestId('compare-stale')).toContainText('knob settings changed');
  await expect(page.getByTestId('compare-run')).toHaveText(/Run comparison/);
  await page.getByTestId('compare-run').click();
  const error = page.getByTestId('compare-error');
  await expect(error).toContainText('column A (cc=cubic)');
  await expect(error).toContainText('buffer_bdp');
  await expect(page.getByTestId('compare')).toHaveAttribute('data-state', 'finished');
  await expect(columns(page)).toHaveCount(2);
  await expect(page.getByTestId('compare-row')).toHaveCount(rows);
  await error.getByRole('button', { name: 'Dismiss error' }).click();
  await expect(error).toBeHidden();
});

test('paused mid-run: every column at the same time, a table marked not final', async ({ page }) => {
  await page.goto(`/?view=compare&preset=tcp-dumbbell&compare=cc:cubic,reno&seed=1&variant=quick&speed=1`);
  await page.getByTestId('compare-run').click();
  await expect(page.getByTestId('compare')).toHaveAttribute('data-state', 'running');
  await expect.poll(async () => Number(await page.getByTestId('compare-clock').getAttribute('data-sim-time'))).toBeGreaterThan(0.3);
  await page.keyboard.press('Space');
  await expect(page.getByTestId('compare')).toHaveAttribute('data-state', 'paused');
  await expect(page.getByTestId('compare-diff')).toHaveAttribute('data-final', 'false');
  const clock = await page.getByTestId('compare-clock').getAttribute('data-sim-time');
  const times = await columns(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-sim-time')));
  expect(times).toEqual([clock, clock]);
  expect(Number(clock)).toBeLessThan(10);
  await expect(page.getByTestId('compare-diff-when')).toContainText('not final');
  // The clock stays put while paused; R restarts at t = 0.
  await page.waitForTimeout(300);
  await expect(page.getByTestId('compare-clock')).toHaveAttribute('data-sim-time', clock ?? '');
  await page.keyboard.press('r');
  await expect(page.getByTestId('compare-clock')).toHaveAttribute('data-sim-time', '0');
  await expect(page.getByTestId('compare')).toHaveAttribute('data-state', 'paused');
});

test('a copied link reopens the same comparison of the same scenario and seed', async ({ page }) => {
  await page.goto(`/?view=compare&preset=bbr-fairness&compare=cc:bbr,cubic&seed=3&variant=quick&speed=max`);
  await expect(page.getByTestId('compare-value-cubic')).toBeChecked();
  await page.getByTestId('compare-share').click();
  const url = await page.getByTestId('compare-share-url').inputValue();
  expect(url).toContain('view=compare');
  expect(new URL(url).searchParams.get('compare')).toBe('cc:bbr,cubic');
  expect(url).toContain('#s=v1.');
  await page.goto('about:blank');
  await page.goto(url);
  await expect(page.getByTestId('compare-scenario')).toHaveAttribute('data-preset', 'link:bbr-fairness');
  await expect(page.getByTestId('compare-scenario')).toHaveAttribute('data-seed', '3');
  await expect(page.getByTestId('compare-knob')).toHaveValue('cc');
  await expect(page.getByTestId('compare-value-bbr')).toBeChecked();
  await expect(page.getByTestId('compare-value-cubic')).toBeChecked();
  await expect(page.getByTestId('compare-value-reno')).not.toBeChecked();
  await expect(page.getByTestId('compare-run')).toBeEnabled();
});

test('running a comparison pauses the lab, which keeps its run', async ({ page }) => {
  // Real time: the lab is still running when the comparison starts.
  await page.goto('/?view=compare&preset=tcp-dumbbell&compare=cc:cubic,reno&seed=1&speed=1');
  await expect(app(page)).toHaveAttribute('data-state', 'running', { timeout: 20_000 });
  await expect(page.getByTestId('compare-lab-note')).toBeVisible();
  await page.getByTestId('compare-run').click();
  await expect(app(page)).toHaveAttribute('data-state', 'paused');
  const runId = await app(page).getAttribute('data-run-id');
  const t = Number(await app(page).getAttribute('data-sim-time'));
  expect(t).toBeGreaterThan(0);
  // The lab is where it was: same run, same time.
  await page.getByTestId('compare-pause').click();
  await page.getByTestId('tab-lab').click();
  await expect(app(page)).toHaveAttribute('data-run-id', runId!);
  expect(Number(await app(page).getAttribute('data-sim-time'))).toBe(t);
});
