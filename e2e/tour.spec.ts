import { expect, test } from '@playwright/test';
import { englishWords } from '../web/src/i18n/untranslated';
import { app, seekTo, simTime } from './lab-page';

// Guided tours (issue 16): the preset's annotated moments pause the run, a callout shows each,
// and the named chart gets a band on its time axis; Next (or →) plays on, Esc ends, seeking ends.
test('the tcp-dumbbell tour stops at its moments and highlights the named chart', async ({ page }) => {
  await page.goto('/?preset=tcp-dumbbell&variant=quick&seed=1&speed=max');
  await expect(app(page)).toHaveAttribute('data-preset', 'tcp-dumbbell');
  const start = page.getByTestId('tour-start');
  // The quick run's five stops (the full run has its own last two).
  await expect(start).toHaveAttribute('data-stops', '5');
  await start.click();

  const callout = page.getByTestId('tour-callout');
  await expect(callout).toHaveAttribute('data-state', 'at');
  await expect(callout).toHaveAttribute('data-tour-stop', '0');
  await expect(callout).toHaveAttribute('data-at', '0.2');
  await expect(callout).toContainText('Slow start ends before any loss');
  await expect(app(page)).toHaveAttribute('data-state', 'paused');
  expect(await simTime(page)).toBe(0.2);
  // The band sits on the cwnd chart, [at − span/2, at + span/2] (clipped at 0); the others dim.
  const cwndBand = page.getByTestId('chart-cwnd').getByTestId('tour-band');
  await expect(cwndBand).toHaveAttribute('data-t0', '0');
  await expect(cwndBand).toHaveAttribute('data-t1', '0.5');
  await expect(page.getByTestId('chart-queue')).toHaveClass(/tour-dim/);
  await expect(page.getByTestId('chart-queue').getByTestId('tour-band')).toHaveCount(0);

  // Next plays on to stop 2: the queue chart, 0.5 s (span 0.4).
  await page.getByTestId('tour-next').click();
  await expect(callout).toHaveAttribute('data-tour-stop', '1');
  await expect(callout).toHaveAttribute('data-at', '0.5');
  expect(await simTime(page)).toBe(0.5);
  const queueBand = page.getByTestId('chart-queue').getByTestId('tour-band');
  await expect(queueBand).toHaveAttribute('data-t0', '0.3');
  await expect(queueBand).toHaveAttribute('data-t1', '0.7');
  await expect(page.getByTestId('chart-cwnd').getByTestId('tour-band')).toHaveCount(0);
  await expect(page.getByTestId('chart-queue')).toBeInViewport();

  // → is Next during a tour (Step otherwise): the losses at 0.85 s.
  await page.keyboard.press('ArrowRight');
  await expect(callout).toHaveAttribute('data-tour-stop', '2');
  await expect(callout).toHaveAttribute('data-at', '0.85');
  expect(await simTime(page)).toBe(0.85);

  // Esc ends the tour where it is: the run stays paused there, the band goes.
  await page.keyboard.press('Escape');
  await expect(callout).toHaveCount(0);
  await expect(page.getByTestId('tour-band')).toHaveCount(0);
  await expect(page.locator('.chart.tour-dim')).toHaveCount(0);
  expect(await simTime(page)).toBe(0.85);
  await expect(start).toBeVisible();
});

test('seeking ends a tour, and a tour started late replays the run from the start', async ({ page }) => {
  await page.goto('/?preset=tcp-dumbbell&variant=quick&seed=1&speed=max');
  await expect(app(page)).toHaveAttribute('data-state', 'finished');
  await page.getByTestId('tour-start').click();
  const callout = page.getByTestId('tour-callout');
  await expect(callout).toHaveAttribute('data-tour-stop', '0');
  expect(await simTime(page)).toBe(0.2);
  await seekTo(page, 2);
  await expect(callout).toHaveCount(0);
  await expect(page.getByTestId('tour-band')).toHaveCount(0);
  await expect(page.getByTestId('tour-start')).toBeVisible();
});

test('editing the scenario (a knob) ends the tour: it described the run that was replaced', async ({ page }) => {
  await page.goto('/?preset=tcp-dumbbell&variant=quick&seed=1&speed=max');
  await page.getByTestId('tour-start').click();
  const callout = page.getByTestId('tour-callout');
  await expect(callout).toHaveAttribute('data-tour-stop', '0');
  const runId = await app(page).getAttribute('data-run-id');
  await page.getByTestId('knob-cc').selectOption('reno');
  await expect(app(page)).not.toHaveAttribute('data-run-id', runId!);
  await expect(callout).toHaveCount(0);
  await expect(page.getByTestId('tour-band')).toHaveCount(0);
});

test('the tour is readable in projector mode', async ({ page }) => {
  await page.goto('/?preset=tcp-dumbbell&variant=quick&seed=1&speed=max&projector=1');
  await page.getByTestId('tour-start').click();
  const callout = page.getByTestId('tour-callout');
  await expect(callout).toHaveAttribute('data-state', 'at');
  await expect(callout).toBeInViewport({ ratio: 1 });
  const size = await callout.locator('.tour-text').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(size).toBeGreaterThanOrEqual(18);
});

test('a preset without a tour has no Tour button', async ({ page }) => {
  await page.goto('/?preset=bench-two-flows&seed=1&speed=max');
  await expect(app(page)).toHaveAttribute('data-preset', 'bench-two-flows');
  await expect(app(page)).toHaveAttribute('data-state', /running|finished/);
  await expect(page.getByTestId('tour-start')).toHaveCount(0);
});

test('an MPTCP tour bands the subflow chart of the MPTCP view', async ({ page }) => {
  await page.goto('/?preset=mptcp-shared-bottleneck&variant=quick&seed=1&speed=max');
  await expect(app(page)).toHaveAttribute('data-preset', 'mptcp-shared-bottleneck');
  await page.getByTestId('tour-start').click();
  const callout = page.getByTestId('tour-callout');
  await expect(callout).toHaveAttribute('data-state', 'at');
  await expect(callout).toHaveAttribute('data-at', '0.17');
  // The band is [at − span/2, at + span/2] clipped at 0: [0, 0.67] s.
  const band = page.getByTestId('chart-subflow-cwnd').getByTestId('tour-band');
  await expect(band).toHaveAttribute('data-t0', '0');
  expect(Number(await band.getAttribute('data-t1'))).toBeCloseTo(0.67, 9);
  await expect(page.getByTestId('chart-subflow-cwnd')).toBeInViewport();
});

// Issue 31 §1: the tour reads in the page's language. In Chinese every stop of the quick
// tcp-dumbbell tour shows its Chinese title and text, with no English word outside the names
// and units a teacher writes as they are (web/src/i18n/untranslated.ts).
test('the tour plays in Chinese: every stop in Chinese, no English left', async ({ page }) => {
  await page.goto('/?lang=zh&preset=tcp-dumbbell&variant=quick&seed=1&speed=max');
  await expect(app(page)).toHaveAttribute('data-preset', 'tcp-dumbbell');
  await page.getByTestId('tour-start').click();
  const callout = page.getByTestId('tour-callout');
  const titles = ['慢启动在丢包之前结束', '每个往返百分之五', '缓冲区溢出：两条流同时丢包', '谁得到链路', 'Jain 公平性指数'];
  for (const [i, title] of titles.entries()) {
    await expect(callout).toHaveAttribute('data-tour-stop', String(i));
    await expect(callout).toHaveAttribute('data-state', 'at');
    await expect(callout.locator('.tour-title')).toHaveText(title);
    const text = (await callout.locator('.tour-text').textContent()) ?? '';
    expect(text).toMatch(/[\u4e00-\u9fff]/);
    expect(englishWords(`${title} ${text}`), `stop ${i}`).toEqual([]);
    if (i < titles.length - 1) await page.getByTestId('tour-next').click();
  }
  // The numbers the English stop quotes are the Chinese one's too (tests/presets.rs checks all).
  await expect(callout.locator('.tour-text')).toContainText('≈ 0.67');
});

// The bufferbloat assignment's tour (issue 32 §3), in Japanese: five stops at the run's own
// moments (tests/tour.rs checks each event is in its band), the first on the queue chart when
// the 100-packet queue overflows, the last on the queueing-delay chart.
test('the bufferbloat-lab tour plays its five stops, in Japanese', async ({ page }) => {
  await page.goto('/?lang=ja&preset=bufferbloat-lab&variant=quick&seed=1&speed=max');
  await expect(app(page)).toHaveAttribute('data-preset', 'bufferbloat-lab');
  const start = page.getByTestId('tour-start');
  await expect(start).toHaveAttribute('data-stops', '5');
  await start.click();
  const callout = page.getByTestId('tour-callout');
  await expect(callout).toHaveAttribute('data-tour-stop', '0');
  await expect(callout).toHaveAttribute('data-at', '0.82');
  await expect(callout.locator('.tour-title')).toHaveText('スロースタートがルーターのキューを埋める');
  await expect(page.getByTestId('chart-queue').getByTestId('tour-band')).toHaveCount(1);
  for (const [i, at] of [[1, '1.65'], [2, '3.32'], [3, '4.14'], [4, '10']] as const) {
    await page.getByTestId('tour-next').click();
    await expect(callout).toHaveAttribute('data-tour-stop', String(i));
    await expect(callout).toHaveAttribute('data-at', at);
    expect(englishWords((await callout.locator('.tour-text').textContent()) ?? '').filter((w) => !['cc', 'bbr'].includes(w))).toEqual([]);
  }
  expect(await simTime(page)).toBe(10);
  const band = page.getByTestId('chart-queue-delay').getByTestId('tour-band');
  await expect(band).toHaveAttribute('data-t0', '9');
  await expect(band).toHaveAttribute('data-t1', '11');
  await expect(callout.locator('.tour-text')).toContainText('≈ 113 ms');
});
