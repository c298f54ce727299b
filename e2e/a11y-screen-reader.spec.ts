import { type Page, expect, test } from '@playwright/test';
import { app, simTime } from './lab-page';

// Issue 31 §2, screen readers: each chart's text alternative (a one-line summary per line from
// the run's own series, and the data as a table), the polite live region (run started, paused,
// finished, the focused flow's losses; never two messages within 2 s of wall time), and
// prefers-reduced-motion stopping the packet animation while the charts go on.

const state = (page: Page) => page.evaluate(() => (window as unknown as { __netlab: { state: () => any } }).__netlab.state());

test('a chart’s data table and summary tell what the run did', async ({ page }) => {
  await page.goto('/?preset=tcp-dumbbell&seed=1&variant=quick&speed=max');
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 45_000 });
  const toggle = page.getByTestId('chart-cwnd-data-toggle');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const data = page.getByTestId('chart-cwnd-data');
  await expect(data).toHaveAttribute('id', (await toggle.getAttribute('aria-controls'))!);
  const s = await state(page);
  const flows: { id: string; cwnd: number }[] = s.snapshot.flows;
  const lines = await data.getByTestId('chart-summary').locator('li').allTextContents();
  for (const f of flows) {
    // "cwnd of short-rtt: 10 → 370 packets, 2 cuts of 20 % or more": ends where the run ended.
    const line = lines.find((l) => l.startsWith(`cwnd of ${f.id}:`));
    expect(line, `a summary line for ${f.id}`).toMatch(/^cwnd of [\w-]+: \d+ → \d+ packets, (no|\d+) cuts? of 20 % or more$/);
    expect(Number(/→ (\d+)/.exec(line!)![1])).toBe(Math.round(f.cwnd));
    // short-rtt's CUBIC window is cut on its losses (at 0.85 s and about 4.5 s: 433 → 315).
    if (f.id === 'short-rtt') expect(line).toMatch(/, [1-9]\d* cuts? of/);
  }
  const table = data.getByTestId('chart-table');
  await expect(table).toHaveAttribute('data-rows', '20');
  await expect(table.locator('tbody tr')).toHaveCount(20);
  await expect(table.locator('thead th').first()).toHaveText('time (s)');
  for (const f of flows) await expect(table.locator('thead th', { hasText: new RegExp(`^${f.id}$`) })).toHaveCount(1);
  // The last row is the run's end: every flow's final window.
  const last = await table.locator('tbody tr').last().locator('td').allTextContents();
  expect(last.slice(0, flows.length).map(Number)).toEqual(flows.map((f) => Math.round(f.cwnd)));
});

test('the live region announces the run and the focused flow’s losses, one message per 2 s at most', async ({ page }) => {
  await page.goto('/?preset=tcp-dumbbell&seed=1&variant=quick&speed=1');
  const region = page.getByTestId('live-region');
  await expect(region).toHaveAttribute('aria-live', 'polite');
  await expect(region).toHaveAttribute('role', 'status');
  // Every message the region shows, with its wall time.
  await page.evaluate(() => {
    const w = window as unknown as { said: [number, string][] };
    w.said = [];
    const el = document.querySelector('[data-testid="live-region"]')!;
    if (el.textContent) w.said.push([performance.now(), el.textContent]);
    new MutationObserver(() => w.said.push([performance.now(), el.textContent ?? ''])).observe(el, { childList: true, characterData: true, subtree: true });
  });
  await expect(region).toContainText('Run started: ', { timeout: 10_000 });
  // tcp-dumbbell's first losses come at about 0.85 s: the first flow's are said with its window.
  await expect(region).toContainText(/[\w-]+ lost (a packet|\d+ packets)[^;]*; cwnd \d+ → \d+\./, { timeout: 15_000 });
  await page.keyboard.press('Space');
  await expect(app(page)).toHaveAttribute('data-state', 'paused');
  const t = await simTime(page);
  await expect(region).toContainText(`Paused at ${Number(t.toFixed(3))} s.`, { timeout: 5_000 });
  // Run to the end at full speed: the last word is the finish, however much came just before.
  await page.getByTestId('speed').selectOption('max');
  await page.keyboard.press('Space');
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 45_000 });
  await expect(region).toContainText('Run finished at 10 s.', { timeout: 5_000 });
  const said: [number, string][] = await page.evaluate(() => (window as unknown as { said: [number, string][] }).said);
  const messages = said.filter(([, text]) => text !== '');
  expect(messages.length).toBeGreaterThanOrEqual(4);
  for (let i = 1; i < messages.length; i++) expect(messages[i]![0] - messages[i - 1]![0]).toBeGreaterThanOrEqual(1990);
});

test('reduced motion: no packet is drawn moving, the queue and the charts still follow the run', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/?preset=tcp-dumbbell&seed=1&variant=quick&speed=1');
  const svg = page.getByTestId('topology-svg');
  await expect(svg).toHaveAttribute('data-motion', 'reduced');
  await expect.poll(async () => Number(await svg.getAttribute('data-packets-in-network')), { timeout: 20_000 }).toBeGreaterThan(10);
  await expect.poll(async () => Number(await page.getByTestId('queue-bottleneck').getAttribute('data-queue-packets')), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(page.getByTestId('packets-note')).toContainText('not drawn: reduced motion is on');
  const points = async () => Number(await page.getByTestId('chart-cwnd').getAttribute('data-points'));
  const before = await points();
  await expect.poll(points).toBeGreaterThan(before);
  // Nothing drawn all the while the packets fly.
  for (let i = 0; i < 5; i++) {
    expect(Number(await svg.getAttribute('data-packets-drawn'))).toBe(0);
    expect(await svg.getAttribute('data-flash-links')).toBeFalsy();
    await page.waitForTimeout(200);
  }
  // The system setting turned off mid-run: the packets come back.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect(svg).toHaveAttribute('data-motion', 'full');
  await expect.poll(async () => Number(await svg.getAttribute('data-packets-drawn'))).toBeGreaterThan(0);
});
