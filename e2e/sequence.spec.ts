// The sequence/time diagram (issue 16): data and ACK lines of one flow between the sender's and
// the receiver's axes, losses and retransmissions, synced to the lab's clock.
import { expect, test } from '@playwright/test';
import { app, seekTo, simTime } from './lab-page';
import { scenarioPath } from './scenario-link';

const view = (page: import('@playwright/test').Page) => page.getByTestId('sequence-view');
const num = async (page: import('@playwright/test').Page, attr: string) => Number(await view(page).getAttribute(attr));

test('the sequence diagram draws data and ACK lines of the first flow and follows the seek', async ({ page }) => {
  await page.goto('/?preset=tcp-single&variant=quick&seed=1&speed=1');
  await expect(app(page)).toHaveAttribute('data-preset', 'tcp-single');
  await page.getByTestId('sequence-toggle').click();
  await expect(view(page)).toBeVisible();
  await expect(view(page)).toHaveAttribute('data-flow', '0');
  await seekTo(page, 0.5);
  // It opens on the first loss (sequence-window.spec.ts); here it follows the clock.
  await page.getByTestId('sequence-live').click();
  await expect.poll(() => num(page, 'data-window-end')).toBe(0.5);
  await expect.poll(() => num(page, 'data-data-lines')).toBeGreaterThan(0);
  expect(await num(page, 'data-ack-lines')).toBeGreaterThan(0);
  await expect(view(page).locator('g[data-kind="data"] line').first()).toBeVisible();
  // Four base round trips of 20 ms by default; zooming out doubles the window.
  expect(await num(page, 'data-window-span')).toBeCloseTo(0.08, 6);
  await page.getByTestId('sequence-zoom-out').click();
  await expect.poll(() => num(page, 'data-window-span')).toBeCloseTo(0.16, 6);
  // A longer window holds more segments than the plot has pixel rows: bands with counts that
  // add up to the packets they stand for, instead of a wall of lines (issue 32).
  await page.getByTestId('sequence-zoom-out').click();
  await expect.poll(() => num(page, 'data-bands')).toBeGreaterThan(0);
  const counts = await view(page).getByTestId('sequence-band').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-count'))));
  expect(counts.every((n) => n >= 1)).toBe(true);
  const singles = await view(page).locator('g.sequence-lines g[data-kind="data"]').count();
  const dataBanded = await view(page).locator('[data-testid="sequence-band"][data-kind="data"]').evaluateAll((els) => els.reduce((s, e) => s + Number(e.getAttribute('data-count')), 0));
  expect(dataBanded + singles).toBe(await num(page, 'data-data-lines'));
  await page.getByTestId('sequence-zoom-in').click();
  // Seeking moves the window's end with the clock.
  await seekTo(page, 1.25);
  await expect.poll(() => num(page, 'data-window-end')).toBe(1.25);
  expect(await simTime(page)).toBe(1.25);
  await expect.poll(() => num(page, 'data-data-lines')).toBeGreaterThan(0);
  // Playing, the window follows the run.
  await page.getByTestId('play').click();
  await expect.poll(() => num(page, 'data-window-end')).toBeGreaterThan(1.25);
});

test('a scripted loss shows the lost segment, the fast-retransmit marker and the retransmission', async ({ page }) => {
  const scenario = {
    name: 'seq-loss',
    duration_s: 2,
    topology: {
      kind: 'dumbbell',
      bottleneck: { rate_mbps: 10, delay_ms: 5, buffer: { bdp: 2 }, drop_packets: [29] },
      senders: [{ rtt_ms: 30 }],
    },
    flows: [{ id: 'f', cc: 'reno', path: 0 }],
  };
  await page.goto(await scenarioPath(scenario, 1, { speed: 0.1 }));
  await expect(app(page)).toHaveAttribute('data-preset', /seq-loss/);
  await page.getByTestId('sequence-toggle').click();
  await expect(view(page)).toBeVisible();
  await seekTo(page, 0.3);
  // Tracing began when the view opened, after the loss: trace the run from t = 0 (a re-run to
  // the same time).
  await expect(view(page)).not.toHaveAttribute('data-tracing-since', '');
  const since = Number(await view(page).getAttribute('data-tracing-since'));
  if (since > 0) {
    await page.getByTestId('sequence-from-start').click();
    await expect(view(page)).toHaveAttribute('data-tracing-since', '0');
  }
  expect(await simTime(page)).toBe(0.3);
  // A window wide enough to hold the loss and its repair.
  await page.getByTestId('sequence-zoom-out').click();
  await page.getByTestId('sequence-zoom-out').click();
  await expect.poll(() => num(page, 'data-drops')).toBeGreaterThan(0);
  expect(await num(page, 'data-retx')).toBeGreaterThan(0);
  await expect(view(page).locator('[data-testid="sequence-marker"][data-what="FR"]')).toHaveCount(1);
  await expect(view(page).locator('path.sequence-drop')).toHaveCount(await num(page, 'data-drops'));
  await expect(view(page).locator('g[data-retx="true"]').first()).toBeVisible();
  await expect(page.getByTestId('sequence-note')).toContainText('retransmitted');
});

test('an MPTCP connection shows its subflows on their paths, and one can be picked', async ({ page }) => {
  await page.goto('/?preset=mptcp-shared-bottleneck&variant=quick&seed=1&speed=1');
  await expect(app(page)).toHaveAttribute('data-preset', 'mptcp-shared-bottleneck');
  await page.getByTestId('sequence-toggle').click();
  await expect(view(page)).toBeVisible();
  await seekTo(page, 1);
  await expect.poll(() => num(page, 'data-paths')).toBe(2);
  const all = await num(page, 'data-data-lines');
  expect(all).toBeGreaterThan(0);
  const picker = page.getByTestId('sequence-path');
  const first = await picker.locator('option').nth(1).getAttribute('value');
  await picker.selectOption(first!);
  await expect.poll(() => num(page, 'data-data-lines')).toBeLessThan(all);
  expect(await num(page, 'data-data-lines')).toBeGreaterThan(0);
  // The second flow is plain TCP: traced from now on, so nothing yet at this paused moment;
  // "Trace from t = 0" re-runs to the same time with it traced, and shows its one path.
  await page.getByTestId('sequence-flow').selectOption('1');
  await expect(view(page)).toHaveAttribute('data-flow', '1');
  await expect(view(page)).toHaveAttribute('data-tracing-since', '1');
  await expect(page.getByTestId('sequence-path')).toHaveCount(0);
  await page.getByTestId('sequence-from-start').click();
  await expect(view(page)).toHaveAttribute('data-tracing-since', '0');
  await expect.poll(() => num(page, 'data-paths')).toBe(1);
  expect(await simTime(page)).toBe(1);
});
