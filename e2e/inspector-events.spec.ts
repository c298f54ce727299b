// Issue 30, item 15: the inspector's latest events in words. "drop link=0 wire=false" becomes
// "packet 1 234 of short-rtt dropped at the bottleneck (buffer full)", and a window change reads
// before → after and why. tcp-dumbbell's quick run: its first losses come at 0.85 s.
import { expect, test } from '@playwright/test';
import { app, seekTo } from './lab-page';

test('the inspector names the dropped packet, its flow, the link and the cause; a cwnd change shows before → after and why', async ({ page }) => {
  await page.goto('/?preset=tcp-dumbbell&variant=quick&seed=1&speed=max');
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  await seekTo(page, 3);
  await page.locator('[data-testid="live"] tr[data-flow="short-rtt"] [data-inspect="flow:short-rtt"]').click();
  const events = page.getByTestId('inspector-events');
  await expect(events).toBeVisible();

  const drop = events.locator('li[data-type="drop"]');
  await expect(drop).toHaveCount(1);
  await expect(drop).toHaveText(/packet [\d\u2009]+ of short-rtt dropped at the bottleneck \(buffer full\)$/);

  const cwnd = events.locator('li[data-type="cwnd_change"]');
  await expect(cwnd).toHaveCount(1);
  const m = /cwnd ([\d\u2009]+) → ([\d\u2009]+) packets: (.+)$/.exec((await cwnd.textContent()) ?? '');
  expect(m, 'cwnd before → after: why').not.toBeNull();
  const n = (s: string) => Number(s.replace(/\u2009/g, ''));
  expect(n(m![1]!)).not.toBe(n(m![2]!));
  expect(m![3]).toMatch(/loss|recovery|timer|ECN/);

  // No event is left as raw fields.
  for (const text of await events.locator('li').allTextContents()) expect(text).not.toMatch(/\w=\w|_/);
});
