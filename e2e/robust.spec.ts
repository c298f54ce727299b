import { type Page, expect, test } from '@playwright/test';
import { dumbbellScenario, scenarioPath } from './scenario-link';

// Issue 17, the page side: bad and huge input through share links and the seed field never
// leaves the page stuck, never replaces the run on screen, never freezes the tab; an engine
// panic is recovered from. Fixed seeds; assertions read DOM state and data-* attributes.

const FAST = 'seed=1&variant=quick&speed=max';
const app = (page: Page) => page.getByTestId('app');
type Lab = { __netlab: { state(): any; series(): { points: number; sum: number }; debugPanic(): void } };

async function finished(page: Page, timeout = 45_000) {
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout });
}

/** The run's own state, also while an error banner is up (the app's data-state says "error"). */
async function runFinished(page: Page, timeout = 45_000) {
  await expect(page.getByTestId('run-state')).toHaveAttribute('class', /state-finished/, { timeout });
}

/** The finished run on screen: its id, digest and the series checksum. */
async function shownRun(page: Page) {
  return {
    runId: await app(page).getAttribute('data-run-id'),
    digest: await page.getByTestId('summary').getAttribute('data-digest'),
    series: await page.evaluate(() => (window as unknown as Lab).__netlab.series()),
  };
}

/** Counts the main thread's longest stall (ms) from now on: a 50 ms timer that fires late. */
async function watchStalls(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __stall: number };
    w.__stall = 0;
    let last = performance.now();
    setInterval(() => {
      const now = performance.now();
      w.__stall = Math.max(w.__stall, now - last - 50);
      last = now;
    }, 50);
  });
  return () => page.evaluate(() => (window as unknown as { __stall: number }).__stall);
}

/**
 * Milliseconds from pressing `testId` until the app's `attr` changes (to `value`, if given): the
 * click handler ran, the worker answered and React rendered. Timed inside the page, so it
 * measures the page and not the test's polling.
 */
async function clickLatency(page: Page, testId: string, attr: string, value?: string) {
  await page.evaluate(
    ([attr, value]) => {
      const w = window as unknown as { __answered: number | null };
      w.__answered = null;
      const el = document.querySelector('[data-testid=app]')!;
      const before = el.getAttribute(attr!);
      let t0 = 0;
      document.addEventListener('pointerdown', () => (t0 = performance.now()), { capture: true, once: true });
      const mo = new MutationObserver(() => {
        const now = el.getAttribute(attr!);
        if (t0 > 0 && (value === undefined ? now !== before : now === value)) {
          w.__answered = performance.now() - t0;
          mo.disconnect();
        }
      });
      mo.observe(el, { attributes: true, attributeFilter: [attr!] });
    },
    [attr, value] as const,
  );
  await page.getByTestId(testId).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __answered: number | null }).__answered)).not.toBeNull();
  return (await page.evaluate(() => (window as unknown as { __answered: number }).__answered)) as number;
}

test('a link with a malformed %-escape says so and runs the default scenario', async ({ page }) => {
  for (const hash of ['#s=%', '#s=v1.%E0%A4%A']) {
    await page.goto(`/?speed=max${hash}`);
    await expect(page.getByTestId('notice')).toContainText('malformed %-escape');
    await expect(app(page)).toHaveAttribute('data-preset', 'tcp-dumbbell');
    await expect.poll(async () => Number(await app(page).getAttribute('data-sim-time'))).toBeGreaterThan(0);
    expect(page.url()).not.toContain('#s=');
  }
});

test('a bad link pasted into a tab showing a finished run keeps that run', async ({ page }) => {
  await page.goto(`/?preset=tcp-single&${FAST}`);
  await finished(page);
  const before = await shownRun(page);
  const url = page.url();

  for (const hash of ['#s=v1.not-a-real-link', '#s=%', '#s=v1.%E0%A4%A']) {
    await page.evaluate((h) => (location.hash = h), hash);
    await expect(page.getByTestId('notice')).toContainText('The run on screen is kept');
    await expect(app(page)).toHaveAttribute('data-preset', 'tcp-single');
    await finished(page);
    expect(await shownRun(page)).toEqual(before);
    // The address bar goes back to the run on screen.
    expect(page.url()).toBe(url);
    await page.getByTestId('notice').getByRole('button').click();
  }
});

test("a link's bad view.speed is named and the run still runs at the page's speed", async ({ page }) => {
  const scenario = dumbbellScenario(2, 20, 2);
  for (const speed of [-1, 0, 'fast']) {
    await page.goto((await scenarioPath(scenario, 1, { speed })).replace('/#', '/?speed=max#'));
    await expect(page.getByTestId('notice')).toContainText('view.speed');
    await expect(app(page)).toHaveAttribute('data-preset', 'link:dumbbell-2');
    // It runs (it used to stay "running" at 0 events), at the URL's speed (max).
    await finished(page);
    await expect(page.getByTestId('speed')).toHaveValue('max');
  }
});

test('the seed field says why -1, 1.5, an empty field and 2^53 are not seeds, and keeps the run', async ({ page }) => {
  await page.goto(`/?preset=tcp-single&${FAST}`);
  await finished(page);
  const before = await shownRun(page);
  const seed = page.getByTestId('seed');
  const cases: [string, RegExp][] = [
    ['-1', /seed: -1 is negative/],
    ['1.5', /seed: 1\.5 is not a whole number/],
    ['', /seed: empty/],
    ['9007199254740993', /above 2\^53 − 1 .*command-line netlab/],
  ];
  for (const [text, why] of cases) {
    await seed.fill(text);
    await seed.press('Enter');
    await expect(page.getByTestId('seed-error')).toHaveText(why);
    await expect(seed).toHaveAttribute('aria-invalid', 'true');
    // Nothing ran: not seed 0 for the empty field, not the last digits for 2^53 + 1.
    expect(await shownRun(page)).toEqual(before);
  }
  await seed.fill('7');
  await seed.press('Enter');
  await expect(page.getByTestId('seed-error')).toBeHidden();
  await expect(page.getByTestId('summary')).toHaveAttribute('data-seed', '7', { timeout: 45_000 });
});

test('an engine panic drops the wasm instance, says so and keeps the finished run on screen', async ({ page }) => {
  await page.goto(`/?preset=tcp-single&${FAST}`);
  await finished(page);
  const before = await shownRun(page);

  // The test-only hook panics inside the engine, as a real bug would.
  await page.evaluate(() => (window as unknown as Lab).__netlab.debugPanic());
  const error = page.getByTestId('error');
  await expect(error).toHaveAttribute('data-kind', 'engine');
  await expect(error).toContainText('Engine failure');
  await expect(page.getByTestId('error-message')).toContainText('debug_panic_for_tests');
  await expect(page.getByTestId('error-message')).toContainText('the run on screen is kept');
  await runFinished(page);
  await expect(page.getByTestId('summary')).toBeVisible();
  expect(await shownRun(page)).toEqual(before);

  // The fresh instance runs everything again (a trapped one failed every later call with
  // "attempted to take ownership of Rust value while it was borrowed"), deterministically.
  await page.getByTestId('preset').selectOption('tcp-dumbbell');
  await finished(page);
  await expect(error).toBeHidden();
  await page.getByTestId('preset').selectOption('tcp-single');
  await finished(page);
  await expect(page.getByTestId('summary')).toHaveAttribute('data-digest', before.digest ?? '');
});

test('an engine panic mid-run rebuilds the run where the page shows it, and it plays on', async ({ page }) => {
  await page.goto('/?preset=tcp-dumbbell&seed=1&variant=quick&speed=1');
  await expect.poll(async () => Number(await app(page).getAttribute('data-sim-time'))).toBeGreaterThan(0.5);
  await page.getByTestId('pause').click();
  await expect(app(page)).toHaveAttribute('data-state', 'paused');
  const t = await app(page).getAttribute('data-sim-time');
  const series = await page.evaluate(() => (window as unknown as Lab).__netlab.series());

  await page.evaluate(() => (window as unknown as Lab).__netlab.debugPanic());
  await expect(page.getByTestId('error')).toHaveAttribute('data-kind', 'engine');
  // Replayed from the seed to the same instant: the same time and the same points.
  await expect(page.getByTestId('controls')).toHaveAttribute('data-seeking', 'false');
  await expect(app(page)).toHaveAttribute('data-sim-time', t ?? '');
  await expect.poll(() => page.evaluate(() => (window as unknown as Lab).__netlab.series())).toEqual(series);

  await page.getByTestId('speed').selectOption('max');
  await page.getByTestId('play').click();
  await runFinished(page);
});

test('a link rate of 1e-9 Mbit/s never breaks the page: every preset runs afterwards', async ({ page }) => {
  await page.goto(`/?preset=tcp-single&${FAST}`);
  await finished(page);
  let path: string;
  try {
    path = await scenarioPath(dumbbellScenario(1, 1e-9, 2), 1, { speed: 'max' });
  } catch (e) {
    // Validation now rejects the rate before a link can be made: nothing left to panic here
    // (the test above keeps the recovery itself tested through the debug hook).
    expect(String(e)).toMatch(/rate/);
    return;
  }
  await page.evaluate((h) => (location.hash = h), path.slice(1));
  // Validation rejects the rate before the engine runs: the page names the field (as a
  // notice, keeping the run on screen) instead of panicking. Either way it says so and goes on.
  const said = page.getByTestId('error').or(page.getByTestId('notice'));
  await expect(said).toBeVisible();
  await expect(said).toContainText(/rate/);
  await expect(said).not.toHaveText(/unreachable/);
  for (const preset of ['tcp-dumbbell', 'tcp-single']) {
    await page.getByTestId('preset').selectOption(preset);
    await finished(page);
    await expect(page.getByTestId('error')).toBeHidden();
  }
});

test('a 2000-flow link is refused with the reason, and the tab stays responsive', async ({ page }) => {
  const path = await scenarioPath(dumbbellScenario(2000, 100, 10), 1, { speed: 1 });
  await page.goto(`/?preset=tcp-single&${FAST}${path.slice(1)}`);
  const stall = await watchStalls(page);
  const notice = page.getByTestId('notice');
  await expect(notice).toContainText('2000 flows');
  await expect(notice).toContainText('at most 100');
  // A preset runs instead (at the page's speed, not the link's), and a click is handled within
  // a second.
  await expect(app(page)).toHaveAttribute('data-preset', 'tcp-single');
  await expect(page.getByTestId('speed')).toHaveValue('max');
  expect(await clickLatency(page, 'reset', 'data-state', 'paused')).toBeLessThan(1_000);
  await page.getByTestId('play').click();
  await finished(page);
  expect(await stall()).toBeLessThan(1_000);

  // Pasted over a finished run, the same link leaves that run and its choice on screen.
  const before = await shownRun(page);
  await page.evaluate((h) => (location.hash = h), path.slice(1));
  await expect(page.getByTestId('error')).toHaveAttribute('data-kind', 'budget');
  await expect(page.getByTestId('error-message')).toContainText('2000 flows');
  await expect(app(page)).toHaveAttribute('data-preset', 'tcp-single');
  expect(await shownRun(page)).toEqual(before);
  expect(page.url()).not.toContain('#s=');
  expect(await clickLatency(page, 'play', 'data-run-id')).toBeLessThan(1_000);
});

test('a 100-flow link runs to the end with the tab responsive throughout', async ({ page }) => {
  test.setTimeout(120_000);
  const path = await scenarioPath(dumbbellScenario(100, 100, 10), 1, { speed: 1 });
  await page.goto(path);
  const stall = await watchStalls(page);
  await expect(app(page)).toHaveAttribute('data-preset', 'link:dumbbell-100');
  await expect.poll(async () => Number(await app(page).getAttribute('data-sim-time'))).toBeGreaterThan(0.2);
  // Mid-run, a click is handled within a second.
  const latency = await clickLatency(page, 'pause', 'data-state', 'paused');
  console.log(`100 flows: pause answered in ${latency.toFixed(0)} ms`);
  expect(latency).toBeLessThan(1_000);
  await page.getByTestId('speed').selectOption('max');
  await page.getByTestId('play').click();
  await finished(page, 100_000);
  const worst = await stall();
  console.log(`100 flows: longest main-thread stall ${worst.toFixed(0)} ms`);
  expect(worst).toBeLessThan(1_000);
  // 100 flows are drawn as aggregates; the state timeline shows the 8 with most goodput.
  await expect(page.getByTestId('chart-cwnd')).toHaveAttribute('data-mode', 'aggregate');
  await expect(page.getByTestId('state-timeline')).toHaveAttribute('data-flows', '8');
  await expect(page.getByTestId('state-timeline-top')).toContainText('of 100');
});
