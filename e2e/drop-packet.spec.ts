// "Drop the packet you point at" (issue 32): in a paused run a click on a data packet of the
// network picture offers to drop it; the scenario gains the drop, the run is re-simulated to the
// same instant, the sequence diagram then shows the loss and the fast retransmit that repairs
// it, the shared link carries the drop, and undo takes it back. A duplicate ACK picked on the
// picture is dropped by which duplicate it is, not as the first ACK with its number.
import { type Page, expect, test } from '@playwright/test';
import { app, seekTo, simTime, wireAcks } from './lab-page';
import { scenarioOf, scenarioPath } from './scenario-link';

const seq = (page: Page) => page.getByTestId('sequence-view');
const num = async (page: Page, attr: string) => Number(await seq(page).getAttribute(attr));

/** Opens tcp-single with the sequence diagram, paused at `t`. */
async function open(page: Page, url: string, t: number): Promise<void> {
  await page.goto(url);
  await expect(app(page)).toHaveAttribute('data-preset', /.+/);
  await page.getByTestId('sequence-toggle').click();
  await expect(seq(page)).toBeVisible();
  await seekTo(page, t);
}

/**
 * Lost and retransmitted lines in the diagram's window, once it shows the time on screen: it
 * opens on the first loss and its recovery, or on the first round trips without one.
 */
async function lossesAt(page: Page, t: number): Promise<{ drops: number; retx: number; markers: string[] }> {
  await seekTo(page, t);
  await expect.poll(() => num(page, 'data-now')).toBe(t);
  await expect(seq(page)).toHaveAttribute('data-mode', 'auto');
  await expect.poll(() => num(page, 'data-data-lines')).toBeGreaterThan(0);
  const markers = await seq(page).getByTestId('sequence-marker').evaluateAll((els) => els.map((e) => e.getAttribute('data-what') ?? ''));
  return { drops: await num(page, 'data-drops'), retx: await num(page, 'data-retx'), markers };
}

test('click a packet on the picture, drop it, see the fast retransmit; the link carries the drop; undo takes it back', async ({ page, context }) => {
  // tcp-single's buffer first overflows at ≈ 0.1 s: before that, no packet is lost.
  await open(page, '/?preset=tcp-single&variant=quick&seed=1&speed=1', 0.08);
  expect(await lossesAt(page, 0.08)).toEqual({ drops: 0, retx: 0, markers: [] });

  await seekTo(page, 0.03);
  const svg = page.getByTestId('topology-svg');
  await expect.poll(async () => (await svg.getAttribute('data-wire-data-at')) ?? '').not.toBe('');
  const [x, y, link, segment] = (await svg.getAttribute('data-wire-data-at'))!.split(' ');
  await page.locator('.topology-body').click({ position: { x: Number(x), y: Number(y) } });
  const pick = page.getByTestId('packet-pick');
  await expect(pick).toBeVisible();
  await expect(pick).toHaveAttribute('data-seq', segment!);
  await expect(pick).toHaveAttribute('data-link', link!);
  await pick.getByTestId('drop-packet').click();

  // Re-simulated with the drop, paused at the same instant, the link in the address bar.
  await expect(app(page)).toHaveAttribute('data-preset', /^edited:/);
  await expect.poll(() => simTime(page)).toBe(0.03);
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#s=/);
  const shared = await page.evaluate(() => location.href);
  await expect(page.getByTestId('undo-drop')).toBeVisible();

  // The dropped segment, its fast retransmit and the retransmission, before any overflow.
  const after = await lossesAt(page, 0.08);
  expect(after.drops).toBe(1);
  expect(after.retx).toBeGreaterThanOrEqual(1);
  expect(after.markers).toContain('FR');

  // The shared link runs the same drop.
  const other = await context.newPage();
  await open(other, shared, 0.08);
  expect((await lossesAt(other, 0.08)).drops).toBe(1);
  await other.close();

  // Undo: the run without the drop, again at the time on screen.
  await page.getByTestId('undo-drop').click();
  await expect(page.getByTestId('undo-drop')).toBeHidden();
  await expect.poll(() => simTime(page)).toBe(0.08);
  expect(await lossesAt(page, 0.08)).toEqual({ drops: 0, retx: 0, markers: [] });
});

test('a line of the sequence diagram can be dropped too', async ({ page }) => {
  await open(page, '/?preset=tcp-single&variant=quick&seed=1&speed=1', 0.03);
  await expect.poll(() => num(page, 'data-data-lines')).toBeGreaterThan(5);
  const line = seq(page).locator('g.sequence-lines g[data-kind="data"]').nth(5);
  const segment = await line.getAttribute('data-seq');
  await line.dispatchEvent('click');
  const pick = page.getByTestId('sequence-pick');
  await expect(pick).toHaveAttribute('data-seq', segment!);
  await pick.getByTestId('sequence-drop').click();
  await expect(app(page)).toHaveAttribute('data-preset', /^edited:/);
  await expect.poll(() => simTime(page)).toBe(0.03);
  const after = await lossesAt(page, 0.08);
  expect(after.drops).toBe(1);
  expect(after.markers).toContain('FR');
});

test('an MPTCP packet on the picture is named by its subflow and can be dropped', async ({ page }) => {
  const scenario = {
    name: 'mp-drop',
    duration_s: 2,
    topology: {
      kind: 'parallel',
      paths: [
        { rate_mbps: 50, rtt_ms: 40, buffer: { packets: 1000 } },
        { rate_mbps: 50, rtt_ms: 40, buffer: { packets: 1000 } },
      ],
    },
    flows: [{ id: 'mp', kind: 'mptcp', cc: 'lia', size_kb: 3000 }],
  };
  await page.goto(await scenarioPath(scenario, 1, { speed: 1 }));
  await expect(app(page)).toHaveAttribute('data-preset', /mp-drop/);
  await page.getByTestId('sequence-toggle').click();
  await expect(seq(page)).toBeVisible();
  await seekTo(page, 0.05);
  const svg = page.getByTestId('topology-svg');
  await expect.poll(async () => (await svg.getAttribute('data-wire-data-at')) ?? '').not.toBe('');
  const [x, y, link] = (await svg.getAttribute('data-wire-data-at'))!.split(' ');
  await page.locator('.topology-body').click({ position: { x: Number(x), y: Number(y) } });
  const pick = page.getByTestId('packet-pick');
  await expect(pick).toBeVisible();
  // The subflow the engine gives the packet: path 1 or 2, as the link it is on says.
  await expect(pick).toHaveAttribute('data-subflow', /^[12]$/);
  if (link === 'path1' || link === 'path2') await expect(pick).toHaveAttribute('data-subflow', link.slice(4));
  await pick.getByTestId('drop-packet').click();
  await expect(app(page)).toHaveAttribute('data-preset', /^edited:/);
  await expect.poll(() => simTime(page)).toBe(0.05);
  // Re-run with the drop (traced from t = 0): the subflow's segment is lost and resent.
  await seekTo(page, 0.3);
  await expect.poll(() => num(page, 'data-now')).toBe(0.3);
  await expect.poll(() => num(page, 'data-drops')).toBe(1);
  expect(await num(page, 'data-retx')).toBeGreaterThanOrEqual(1);
});

test('a duplicate ACK on the picture is dropped by its own transmission number', async ({ page }) => {
  // After tcp-single's first overflow (≈ 0.1 s) the receiver answers every later segment with a
  // duplicate of one ACK: several of them are on the reverse links at once.
  await open(page, '/?preset=tcp-single&variant=quick&seed=1&speed=1', 0.1);
  let found: { t: number; dup: Awaited<ReturnType<typeof wireAcks>>[number]; same: Awaited<ReturnType<typeof wireAcks>> } | null = null;
  for (let t = 0.1; t < 0.3 && !found; t = Math.round((t + 0.004) * 1000) / 1000) {
    await seekTo(page, t);
    const acks = await wireAcks(page, t);
    for (const a of acks) {
      const same = acks.filter((b) => b.link === a.link && b.seq === a.seq);
      // A later duplicate: another ACK with its number left this link's transmitter before it.
      if (same.length >= 3 && same.some((b) => b.wire < a.wire)) {
        found = { t, dup: same.reduce((m, b) => (b.wire > m.wire ? b : m)), same };
        break;
      }
    }
  }
  expect(found, 'duplicate ACKs on a wire after the first loss').not.toBeNull();
  const { t, dup, same } = found!;
  await page.locator('.topology-body').click({ position: { x: dup.x, y: dup.y } });
  const pick = page.getByTestId('packet-pick');
  await expect(pick).toHaveAttribute('data-data', 'false');
  await expect(pick).toHaveAttribute('data-seq', String(dup.seq));
  await expect(pick).toHaveAttribute('data-link', dup.link);
  await expect(pick).toHaveAttribute('data-wire', String(dup.wire));
  await pick.getByTestId('drop-packet').click();
  await expect(app(page)).toHaveAttribute('data-preset', /^edited:/);
  await expect.poll(() => simTime(page)).toBe(t);
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#s=/);

  // The share link names it as the engine counts it: ACK n, not the first with that number.
  const drops = (await scenarioOf(await page.evaluate(() => location.href))).drops as Record<string, unknown>[];
  expect(drops).toHaveLength(1);
  const [drop] = drops;
  expect(drop).toMatchObject({ ack: dup.seq, at: dup.link });
  expect(drop!.transmission).toBeGreaterThanOrEqual(2);
  expect(drop).not.toHaveProperty('seq');

  // Re-run with the drop to the same instant: exactly the clicked ACK is gone from the wire,
  // the duplicates that left before it are still there.
  const after = (await wireAcks(page, t)).filter((b) => b.link === dup.link && b.seq === dup.seq);
  expect(after.map((b) => b.wire).sort()).toEqual(same.filter((b) => b.wire !== dup.wire).map((b) => b.wire).sort());
});
