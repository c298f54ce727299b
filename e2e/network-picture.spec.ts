import { type Page, expect, test } from '@playwright/test';
import { app, seekTo, simTime } from './lab-page';
import { dumbbellScenario, scenarioPath } from './scenario-link';

// The network picture that teaches (issue 16; issue 15 item 5's picture): every packet on every
// link, ACKs back on the reverse lanes, the buffer as a stack, drops falling out of it, drag to
// arrange (kept in the URL), a flow's route on hover. Assertions read the picture's data-*
// read-outs (topology/animator.ts) and the page's snapshot (window.__netlab), never pixels.

const svg = (page: Page) => page.getByTestId('topology-svg');
const words = async (page: Page, attr: string) => ((await svg(page).getAttribute(attr)) ?? '').split(' ').filter((w) => w !== '');

// biome-ignore lint: the page's state is untyped JSON here
async function snapshot(page: Page): Promise<any> {
  return page.evaluate(() => (window as unknown as { __netlab: { state(): { snapshot: unknown } } }).__netlab.state().snapshot);
}

test('in slow motion packets are drawn from t = 0, then on every link with ACKs on the reverse ones', async ({ page }) => {
  await page.goto('/?preset=tcp-dumbbell&seed=1&variant=quick&speed=0.001');
  await expect(app(page)).toHaveAttribute('data-state', 'running');
  // The first packets (the handshakes) leave the senders in the first simulated millisecond.
  await expect.poll(async () => Number(await svg(page).getAttribute('data-packets-drawn'))).toBeGreaterThan(0);
  expect(await simTime(page)).toBeLessThan(0.01);

  // Later in the run, still at 0.001×: data and ACKs on several links, ACKs on reverse links.
  await seekTo(page, 0.4);
  await page.getByTestId('play').click();
  await expect(app(page)).toHaveAttribute('data-state', 'running');
  await expect.poll(async () => (await words(page, 'data-links-with-packets')).length).toBeGreaterThan(2);
  const acks = await words(page, 'data-links-with-acks');
  expect(acks.some((l) => l.endsWith('-rev'))).toBe(true);
  // Slow motion: a second of wall time is about a millisecond of simulated time.
  const t0 = await simTime(page);
  await page.waitForTimeout(1000);
  expect((await simTime(page)) - t0).toBeLessThan(0.01);
});

test('the buffer stack holds as many packets as the link\'s queue', async ({ page }) => {
  // A 10 Mbit/s bottleneck: fewer packets in the network than the snapshot's budget of 400,
  // so every queued packet is in the snapshot.
  await page.goto(await scenarioPath(dumbbellScenario(2, 10, 5), 1, { speed: 0.1 }));
  const stack = page.getByTestId('buffer-bottleneck');
  await expect(stack).toHaveAttribute('data-capacity-bytes', /\d+/);
  await expect.poll(async () => Number(await page.getByTestId('queue-bottleneck').getAttribute('data-queue-packets')), { timeout: 20_000 }).toBeGreaterThan(3);
  await page.getByTestId('pause').click();
  await expect(app(page)).toHaveAttribute('data-state', 'paused');
  const snap = await snapshot(page);
  const link = snap.links.find((l: { id: string }) => l.id === 'bottleneck');
  expect(snap.packets_in_network).toBeLessThanOrEqual(400);
  expect(link.queue_packets).toBeGreaterThan(0);
  await expect(svg(page)).toHaveAttribute('data-snapshot-t', String(snap.t_s));
  await expect(stack).toHaveAttribute('data-stack-packets', String(link.queue_packets));
  await expect(stack).toHaveAttribute('data-queue-packets', String(link.queue_packets));
  await expect(page.getByTestId('packets-note')).toHaveText(`${snap.packets_in_network} packets`);
});

test('a drop falls out of the full buffer of a shallow-buffer preset', async ({ page }) => {
  // bbr-retransmissions: a 0.1-BDP buffer that BBR's startup overflows.
  await page.goto('/?preset=bbr-retransmissions&seed=1&variant=quick&speed=0.1');
  await expect(app(page)).toHaveAttribute('data-state', 'running');
  await expect.poll(async () => Number(await svg(page).getAttribute('data-drops-flashed')), { timeout: 30_000 }).toBeGreaterThan(0);
  const reported = await page.locator('g.buffer').evaluateAll((els) => els.map((e) => e.getAttribute('data-link-id')));
  await expect.poll(async () => (await words(page, 'data-flash-links')).some((l) => reported.includes(l))).toBe(true);
});

test('dragging a node moves it, and the arrangement survives a reload and a shared link', async ({ page, context }) => {
  await page.goto('/?preset=tcp-dumbbell&seed=1&variant=quick&speed=0.1');
  const r1 = page.getByTestId('node-r1');
  await expect(r1).toBeVisible();
  const x0 = Number(await r1.getAttribute('data-x'));
  const y0 = Number(await r1.getAttribute('data-y'));
  const box = (await r1.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 30, box.y + box.height / 2 + 20, { steps: 4 });
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 40, { steps: 4 });
  await page.mouse.up();
  await expect.poll(async () => Number(await r1.getAttribute('data-x'))).toBeCloseTo(x0 + 60, 0);
  const x1 = Number(await r1.getAttribute('data-x'));
  const y1 = Number(await r1.getAttribute('data-y'));
  expect(y1).toBeCloseTo(y0 + 40, 0);
  // The bottleneck follows its end.
  await expect(page).toHaveURL(/[?&]layout=r1%3A/);

  await page.reload();
  await expect(page.getByTestId('node-r1')).toHaveAttribute('data-x', x1.toFixed(1));
  await expect(page.getByTestId('node-r1')).toHaveAttribute('data-y', y1.toFixed(1));

  await page.getByTestId('share').click();
  const url = await page.getByTestId('share-url').inputValue();
  expect(url).toMatch(/[?&]layout=r1%3A/);
  const other = await context.newPage();
  await other.setViewportSize(page.viewportSize()!);
  await other.goto(url);
  await expect(other.getByTestId('node-r1')).toHaveAttribute('data-x', x1.toFixed(1));
});

test('hovering a flow lights its route up', async ({ page }) => {
  await page.goto('/?preset=tcp-dumbbell&seed=1&variant=quick&speed=0.1');
  await page.getByTestId('topology-flow-long-rtt').hover();
  await expect(svg(page)).toHaveAttribute('data-hover-flow', 'long-rtt');
  const route = await svg(page)
    .locator('g.edge.route')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-link-id')));
  expect(route.sort()).toEqual(['access2', 'bottleneck', 'egress2']);
  await page.mouse.move(0, 0);
  await expect(svg(page)).toHaveAttribute('data-hover-flow', '');
});
