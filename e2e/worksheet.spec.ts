import { expect, test } from '@playwright/test';
import { englishWords } from '../web/src/i18n/untranslated';
import { app } from './lab-page';

// Worksheets (issue 32 part 3): predict before the run, lock, run, and the run's own summary
// checks each prediction, with the explanation; the printed worksheet fits on two pages.
test('a prediction is saved, locked for the run and checked against its summary', async ({ page }) => {
  await page.goto('/?preset=tcp-single&variant=quick&seed=1&speed=max');
  await expect(app(page)).toHaveAttribute('data-state', 'finished');
  const sheet = page.getByTestId('worksheet');
  await expect(sheet).toHaveAttribute('data-state', 'open');
  // No answer is shown for a run that started before the predictions were locked.
  await expect(page.getByTestId('worksheet-check-busy')).toHaveCount(0);
  // One right and one wrong prediction: the quick run is ≈ 100 % busy, packets wait ≈ 14 ms.
  await page.getByTestId('worksheet-input-busy').fill('98');
  await page.getByTestId('worksheet-input-queue-wait').fill('40');
  // Saved in the browser: a reload keeps them.
  await page.reload();
  await expect(page.getByTestId('worksheet-input-busy')).toHaveValue('98');
  await expect(page.getByTestId('worksheet-input-queue-wait')).toHaveValue('40');

  const runBefore = Number(await app(page).getAttribute('data-run-id'));
  await page.getByTestId('worksheet-lock').click();
  // A new run from t = 0; the inputs are locked for it.
  await expect.poll(async () => Number(await app(page).getAttribute('data-run-id'))).toBeGreaterThan(runBefore);
  await expect(page.getByTestId('worksheet-input-busy')).toBeDisabled();
  await expect(app(page)).toHaveAttribute('data-state', 'finished');
  await expect(sheet).toHaveAttribute('data-state', 'checked');
  const busy = page.getByTestId('worksheet-check-busy');
  await expect(busy).toHaveAttribute('data-result', 'right');
  await expect(busy).toContainText('The run gave 100');
  await expect(busy).toContainText('After a cut the window is still larger');
  const wait = page.getByTestId('worksheet-check-queue-wait');
  await expect(wait).toHaveAttribute('data-result', 'wrong');
  await expect(wait).toContainText(/The run gave 1[34](\.\d+)? ms/);
});

test('a multiple-choice question is checked, and a knob setting decides which questions apply', async ({ page }) => {
  await page.goto('/?preset=bufferbloat&variant=quick&seed=1&speed=max');
  await expect(app(page)).toHaveAttribute('data-state', 'finished');
  // DropTail (the preset as written): only the DropTail question.
  await expect(page.getByTestId('worksheet-q-droptail-wait')).toBeVisible();
  await expect(page.getByTestId('worksheet-q-codel-wait')).toHaveCount(0);
  await page.getByTestId('knob-aqm').selectOption('codel');
  await expect(page.getByTestId('worksheet-q-codel-wait')).toBeVisible();
  await expect(page.getByTestId('worksheet-q-droptail-wait')).toHaveCount(0);
  // A setting no question is written for: the worksheet says why it is not offered.
  await page.getByTestId('knob-aqm').selectOption('pie');
  await expect(page.getByTestId('worksheet-withheld')).toContainText('Queue discipline is pie');

  await page.goto('/?preset=tcp-dumbbell&variant=quick&seed=1&speed=max');
  await expect(app(page)).toHaveAttribute('data-state', 'finished');
  await page.getByTestId('worksheet-choice-who-wins-1').check();
  await page.getByTestId('worksheet-lock').click();
  await expect(page.getByTestId('worksheet')).toHaveAttribute('data-state', 'checked');
  const who = page.getByTestId('worksheet-check-who-wins');
  await expect(who).toHaveAttribute('data-result', 'wrong');
  await expect(who).toContainText('The run says: The short-RTT flow');
  // The share question had no prediction: the answer is shown, marked as such.
  await expect(page.getByTestId('worksheet-check-share')).toHaveAttribute('data-result', 'none');
});

// page.pdf is Chromium's; the suite runs only Chromium (playwright.config.ts).
test('print preview: the worksheet, the network picture and the key chart on at most two pages', async ({ page }) => {
  await page.goto('/?preset=tcp-dumbbell&variant=quick&seed=1&speed=max');
  await expect(app(page)).toHaveAttribute('data-state', 'finished');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('worksheet')).toBeVisible();
  await expect(page.getByTestId('chart-cwnd')).toBeVisible();
  await expect(page.locator('.sidebar')).toBeHidden();
  await expect(page.getByTestId('worksheet-lock')).toBeHidden();
  await expect(page.getByTestId('chart-queue')).toBeHidden();
  await expect(page.locator('.worksheet-answer-space').first()).toBeVisible();
  const pdf = await page.pdf({ format: 'A4' });
  const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  expect(pages).toBeGreaterThanOrEqual(1);
  expect(pages).toBeLessThanOrEqual(2);
});

// Issue 31 §1 and 32 §3: the questions, choices and explanations are the preset's own texts,
// shown in the page's language. In Chinese a family preset's question (written in English
// first) reads in Chinese, and after the run its explanation does too.
test('the worksheet in Chinese: prompts, choices and explanations in Chinese', async ({ page }) => {
  await page.goto('/?lang=zh&preset=bbr-fairness&variant=quick&seed=1&speed=max');
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  const who = page.getByTestId('worksheet-q-who-wins');
  await expect(who.locator('.worksheet-prompt')).toContainText('哪条流会得到更多带宽');
  await expect(who).toContainText('50 ms 的流');
  await expect(page.getByTestId('worksheet-q-jain').locator('.worksheet-prompt')).toContainText('Jain 公平性指数');
  for (const prompt of await page.locator('.worksheet-prompt').allTextContents()) expect(englishWords(prompt), prompt).toEqual([]);
  await page.getByTestId('worksheet-choice-who-wins-1').check();
  await page.getByTestId('worksheet-lock').click();
  await expect(page.getByTestId('worksheet')).toHaveAttribute('data-state', 'checked', { timeout: 60_000 });
  await expect(page.getByTestId('worksheet-check-who-wins')).toHaveAttribute('data-result', 'right');
  const explanations = page.locator('.worksheet-explanation');
  await expect(explanations.first()).toContainText('与基于丢包的 TCP 正好相反');
  // The explanation itself (after the panel's own "Explanation:" label) has no English left
  // but the knob name a student sets (`cc`).
  for (const text of await explanations.evaluateAll((ps) => ps.map((p) => p.lastChild?.textContent ?? ''))) {
    expect(text).toMatch(/[\u4e00-\u9fff]/);
    expect(englishWords(text).filter((w) => w !== 'cc'), text).toEqual([]);
  }
});
