import { type Page, expect, test } from '@playwright/test';
import { dumbbellScenario, parallelScenario, scenarioPath } from './scenario-link';

// The topology view and the inspector (issue 6), on fixed seeds. Assertions compare the
// picture's data-* attributes with the page's live snapshot (window.__netlab), never pixels.

const app = (page: Page) => page.getByTestId('app');
const simTime = async (page: Page) => Number(await app(page).getAttribute('data-sim-time'));
const svg = (page: Page) => page.getByTestId('topology-svg');

// biome-ignore lint: the page's state is untyped JSON here
async function state(page: Page): Promise<any> {
  return page.evaluate(() => (window as unknown as { __netlab: { state(): unknown } }).__netlab.state());
}

async function pauseWhenPast(page: Page, t: number) {
  await expect.poll(() => simTime(page)).toBeGreaterThan(t);
  await page.getByTestId('pause').click();
  await expect(app(page)).toHaveAttribute('data-state', 'paused');
}

test('the dumbbell is drawn from the engine\'s topology, every link labelled', async ({ page }) => {
  await page.goto('/?preset=tcp-dumbbell&seed=1&variant=quick&speed=0.1');
  await expect(page.getByTestId('topology')).toHaveAttribute('data-kind', 'dumbbell');
  const topo = (await state(page)).topology;
  // Every duplex link once: bottleneck, 2 access and 2 egress links; six nodes.
  await expect(svg(page)).toHaveAttribute('data-links', '5');
  await expect(svg(page)).toHaveAttribute('data-nodes', String(topo.nodes.length));
  for (const l of topo.links.filter((x: { id: string }) => !x.id.endsWith('-rev'))) {
    const edge = svg(page).locator(`g.edge[data-link-id="${l.id}"]`);
    await expect(edge).toHaveAttribute('data-rate-mbps', String(l.rate_mbps));
    await expect(edge).toHaveAttribute('data-delay-ms', String(l.delay_ms));
    await expect(edge).toHaveAttribute('data-reverse-id', `${l.id}-rev`);
  }
  await expect(page.getByTestId('link-label-bottleneck')).toHaveText('bottleneck · 100 Mbit/s · 2 ms');
  await expect(page.getByTestId('link-label-access1')).toHaveText('1 Gbit/s · 3 ms');
  await expect(page.getByTestId('link-label-access2')).toHaveText('1 Gbit/s · 23 ms');
  // Only the reported bottleneck has a queue bar.
  await expect(svg(page).locator('g.queue')).toHaveCount(1);
});

test('queue bars and packets in flight match the snapshot', async ({ page }) => {
  await page.goto('/?preset=tcp-dumbbell&seed=1&variant=quick&speed=0.1');
  await expect(app(page)).toHaveAttribute('data-state', 'running');
  // Packets move while it runs.
  await expect.poll(async () => Number(await svg(page).getAttribute('data-packets-drawn'))).toBeGreaterThan(0);
  await pauseWhenPast(page, 0.05);

  const s = await state(page);
  const snap = s.snapshot;
  await expect(svg(page)).toHaveAttribute('data-snapshot-t', String(snap.t_s));
  const link = snap.links.find((l: { id: string }) => l.id === 'bottleneck');
  const bar = page.getByTestId('queue-bottleneck');
  await expect(bar).toHaveAttribute('data-queue-bytes', String(link.queue_bytes));
  await expect(bar).toHaveAttribute('data-queue-packets', String(link.queue_packets));
  await expect(bar).toHaveAttribute('data-buffer-bytes', String(link.buffer_bytes));
  await expect(bar).toHaveAttribute('data-drops', String(link.drops));
  const fill = Number(await bar.getAttribute('data-fill'));
  expect(fill).toBeCloseTo(Math.min(1, link.queue_bytes / link.buffer_bytes), 4);
  const width = Number(await bar.locator('rect.queue-fill').getAttribute('width'));
  const frame = Number(await bar.locator('rect.queue-frame').getAttribute('width'));
  expect(width).toBeCloseTo(fill * frame, 1);

  // Paused, the drawn packets are exactly the snapshot's still on their links (queued ones in
  // the buffer stack, the others on the wire; topology/marks.ts).
  await expect(svg(page)).toHaveAttribute('data-packets-sampled', String(snap.packets.length));
  const onLinks = snap.packets.filter((p: { arrive_s: number }) => p.arrive_s > snap.t_s).length;
  await expect(svg(page)).toHaveAttribute('data-packets-drawn', String(onLinks));
  expect(snap.packets.length).toBeLessThanOrEqual(400);

  // A step moves time on and the bar follows the new snapshot.
  await page.getByTestId('step').click();
  await expect.poll(async () => Number(await svg(page).getAttribute('data-snapshot-t'))).toBeCloseTo(snap.t_s + 0.001, 9);
  const next = (await state(page)).snapshot.links[0];
  await expect(bar).toHaveAttribute('data-queue-bytes', String(next.queue_bytes));
});

test('drops flash on the link where they happen', async ({ page }) => {
  // A tiny buffer: slow start overflows it within the first simulated half second.
  await page.goto(`${await scenarioPath(dumbbellScenario(2, 100, 5, 0.05), 1, { speed: 0.1 })}`);
  await expect(app(page)).toHaveAttribute('data-state', 'running');
  await expect.poll(async () => Number(await svg(page).getAttribute('data-drops-flashed')), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect.poll(async () => Number(await page.getByTestId('queue-bottleneck').getAttribute('data-drops'))).toBeGreaterThan(0);
  await page.getByTestId('pause').click();
  const topo = (await state(page)).topology;
  // The flashes showing (painted on a canvas) name the links they are on.
  const flashed = ((await svg(page).getAttribute('data-flash-links')) ?? '').split(' ').filter((id) => id !== '');
  for (const id of flashed) expect(topo.links.map((l: { id: string }) => l.id)).toContain(id);
});

test('a parallel multipath topology fans its paths out, each with a queue bar', async ({ page }) => {
  await page.goto(await scenarioPath(parallelScenario([10, 20, 40]), 1, { speed: 0.1 }));
  await expect(page.getByTestId('topology')).toHaveAttribute('data-kind', 'parallel');
  await expect(svg(page)).toHaveAttribute('data-links', '3');
  await expect(svg(page)).toHaveAttribute('data-nodes', '2');
  await expect(page.getByTestId('link-label-path1')).toHaveText('path1 · 10 Mbit/s · 10 ms');
  await expect(page.getByTestId('link-label-path3')).toHaveText('path3 · 40 Mbit/s · 30 ms');
  await expect(svg(page).locator('g.queue')).toHaveCount(3);
  // The three paths are drawn apart (distinct label heights).
  const ys = await svg(page)
    .locator('text.edge-label')
    .evaluateAll((ts) => ts.map((t) => Number(t.getAttribute('y'))));
  expect(new Set(ys).size).toBe(3);
  await pauseWhenPast(page, 0.1);
  const snap = (await state(page)).snapshot;
  for (const l of snap.links) {
    await expect(page.getByTestId(`queue-${l.id}`)).toHaveAttribute('data-queue-bytes', String(l.queue_bytes));
  }
});

test('the inspector shows the clicked flow\'s and link\'s live state', async ({ page }) => {
  await page.goto('/?preset=tcp-dumbbell&seed=1&variant=quick&speed=1');
  await pauseWhenPast(page, 0.5);
  const inspector = page.getByTestId('inspector');
  await expect(inspector).toHaveAttribute('data-kind', '');

  // A flow, from the topology view.
  await page.getByTestId('topology-flow-long-rtt').click();
  await expect(inspector).toHaveAttribute('data-kind', 'flow');
  await expect(inspector).toHaveAttribute('data-id', 'long-rtt');
  let snap = (await state(page)).snapshot;
  const flow = snap.flows.find((f: { id: string }) => f.id === 'long-rtt');
  const field = (name: string) => inspector.locator(`dd[data-field="${name}"]`);
  await expect(field('cwnd')).toHaveAttribute('data-value', String(flow.cwnd));
  await expect(field('inflight')).toHaveAttribute('data-value', String(flow.inflight));
  await expect(field('srtt_ms')).toHaveAttribute('data-value', String(flow.srtt_ms));
  await expect(field('state')).toHaveAttribute('data-value', flow.state);
  await expect(field('base_rtt_ms')).toHaveAttribute('data-value', '50');
  // Its latest events include the controller's state changes so far.
  await expect(inspector.getByTestId('inspector-events').locator('li')).not.toHaveCount(0);

  // It follows the run: after ten steps it shows the new snapshot's cwnd.
  await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(async () => (await state(page)).snapshot.t_s).toBeCloseTo(snap.t_s + 0.01, 9);
  snap = (await state(page)).snapshot;
  await expect(field('cwnd')).toHaveAttribute('data-value', String(snap.flows[1].cwnd));

  // A flow from the live table.
  await page.getByTestId('live').locator('button[data-inspect="flow:short-rtt"]').click();
  await expect(inspector).toHaveAttribute('data-id', 'short-rtt');
  await expect(field('cwnd')).toHaveAttribute('data-value', String(snap.flows[0].cwnd));

  // A link, clicked in the picture; its queue matches the bar. (The click is dispatched on the
  // link: the live table just clicked is far below the picture, and a pointer click there lands
  // before the picture's off-screen block is laid out again.)
  await svg(page).locator('g.edge[data-link-id="bottleneck"] path.edge-line').dispatchEvent('click');
  await expect(inspector).toHaveAttribute('data-kind', 'link');
  await expect(inspector).toHaveAttribute('data-id', 'bottleneck');
  await expect(field('queue_bytes')).toHaveAttribute('data-value', String(snap.links[0].queue_bytes));
  await expect(field('queue_bytes')).toHaveAttribute('data-value', (await page.getByTestId('queue-bottleneck').getAttribute('data-queue-bytes')) ?? '');
  await expect(field('rate_mbps')).toHaveAttribute('data-value', '100');
  await expect(svg(page).locator('g.edge.selected')).toHaveAttribute('data-link-id', 'bottleneck');

  // Keyboard: Tab to a link and press Enter.
  await svg(page).locator('g.edge[data-link-id="access2"]').focus();
  await page.keyboard.press('Enter');
  await expect(inspector).toHaveAttribute('data-id', 'access2');
  await expect(field('delay_ms')).toHaveAttribute('data-value', '23');

  await page.getByTestId('inspector-close').click();
  await expect(inspector).toHaveAttribute('data-kind', '');
});
