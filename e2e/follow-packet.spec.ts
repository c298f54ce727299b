// Follow one packet (issue 32 §2): in a paused run a click on a data packet of the network
// picture (or a data line of the sequence diagram) offers "Follow this packet"; its journey is
// then drawn and listed with the engine's times (wait in the queue, serialisation, propagation,
// the ACK that covers it), the followed packet is drawn over the others on the picture, and the
// step goes to the packet's next event instead of a fixed 1 ms — up to the ACK's arrival. An ACK
// can be followed on its own too: its way back to the sender, named by which duplicate it is.
import { type Page, expect, test } from '@playwright/test';
import { app, seekTo, simTime, wireAcks } from './lab-page';

const panel = (page: Page) => page.getByTestId('follow-panel');

/** The journey's events as the panel lists them. */
async function events(page: Page): Promise<{ what: string; leg: string; t: number; past: boolean }[]> {
  return panel(page)
    .getByTestId('follow-event')
    .evaluateAll((els) => els.map((e) => ({ what: e.getAttribute('data-what')!, leg: e.getAttribute('data-leg')!, t: Number(e.getAttribute('data-t')), past: e.getAttribute('data-past') === 'true' })));
}

test('follow a packet from the picture to its ACK, one event at a time', async ({ page }) => {
  await page.goto('/?preset=tcp-single&variant=quick&seed=1&speed=1');
  await expect(app(page)).toHaveAttribute('data-preset', /.+/);
  await seekTo(page, 0.03);
  const svg = page.getByTestId('topology-svg');
  await expect.poll(async () => (await svg.getAttribute('data-wire-data-at')) ?? '').not.toBe('');
  const [x, y, link, segment] = (await svg.getAttribute('data-wire-data-at'))!.split(' ');
  await page.locator('.topology-body').click({ position: { x: Number(x), y: Number(y) } });
  await page.getByTestId('packet-pick').getByTestId('follow-packet').click();

  // Re-run to the same instant with the engine following it: the packet seen on `link`.
  await expect(panel(page)).toHaveAttribute('data-transmission', '1');
  await expect(panel(page)).toHaveAttribute('data-seq', segment!);
  await expect.poll(() => simTime(page)).toBe(0.03);
  const first = await events(page);
  expect(first[0]).toMatchObject({ what: 'queued', leg: 'data', past: true });
  expect(first.some((e) => e.what === 'on_wire' && e.past)).toBe(true);
  // Drawn over the others, on the link it was clicked on.
  await expect.poll(async () => ((await svg.getAttribute('data-followed-at')) ?? '').split(' ')[2]).toBe(link);
  await expect(panel(page).getByTestId('follow-phase').first()).toBeVisible();

  // The step control now names the packet's next event, and each step lands exactly on it.
  await expect(page.getByTestId('step')).toHaveAttribute('data-follow', 'true');
  let steps = 0;
  for (; steps < 40; steps++) {
    const ev = await events(page);
    const next = ev.find((e) => !e.past);
    if (next === undefined && (await panel(page).getAttribute('data-complete')) === 'true') break;
    const before = await simTime(page);
    // Alternate the panel's button and the run controls' step: both go to the next event.
    await page.getByTestId(steps % 2 === 0 ? 'follow-next' : 'step').click();
    await expect.poll(() => simTime(page)).toBeGreaterThan(before);
    const t = await simTime(page);
    if (next !== undefined) expect(t).toBeCloseTo(next.t, 9);
    // Nothing of the packet happened between the two times (no event was skipped).
    expect((await events(page)).filter((e) => e.t > before + 1e-12 && e.t < t - 1e-12)).toEqual([]);
  }
  expect(steps).toBeGreaterThan(5);
  const all = await events(page);
  expect(all.every((e) => e.past)).toBe(true);
  expect(all.at(-1)).toMatchObject({ leg: 'ack', what: 'delivered' });
  expect(all.filter((e) => e.leg === 'data' && e.what === 'delivered')).toHaveLength(1);
  expect(Number(await panel(page).getAttribute('data-ack'))).toBeGreaterThan(Number(segment));
  await expect(panel(page).getByTestId('follow-round-trip')).toBeVisible();
  for (const leg of ['data', 'ack']) {
    for (const kind of ['serialise', 'propagate']) await expect(panel(page).locator(`[data-testid="follow-phase"][data-leg="${leg}"][data-kind="${kind}"]`).first()).toBeAttached();
  }

  // Stop: the panel goes, and the step is the fixed one again.
  await page.getByTestId('follow-stop').click();
  await expect(panel(page)).toBeHidden();
  await expect(page.getByTestId('step')).not.toHaveAttribute('data-follow', 'true');
});

/** tcp-single with its sequence diagram open, paused at `t`: the diagram. */
async function openSequence(page: Page, t: number) {
  await page.goto('/?preset=tcp-single&variant=quick&seed=1&speed=1');
  await expect(app(page)).toHaveAttribute('data-preset', /.+/);
  await page.getByTestId('sequence-toggle').click();
  const seq = page.getByTestId('sequence-view');
  await expect(seq).toBeVisible();
  await seekTo(page, t);
  return seq;
}

test('a data line of the sequence diagram can be followed too', async ({ page }) => {
  const seq = await openSequence(page, 0.03);
  await expect.poll(async () => Number(await seq.getAttribute('data-data-lines'))).toBeGreaterThan(5);
  const line = seq.locator('g.sequence-lines g[data-kind="data"]').nth(3);
  const segment = await line.getAttribute('data-seq');
  await line.dispatchEvent('click');
  await page.getByTestId('sequence-pick').getByTestId('sequence-follow').click();
  await expect(panel(page)).toHaveAttribute('data-seq', segment!);
  await expect(panel(page)).toHaveAttribute('data-transmission', '1');
  const ev = await events(page);
  expect(ev[0]).toMatchObject({ what: 'queued', leg: 'data', past: true });
});

test('follow an ACK from the picture back to the sender', async ({ page }) => {
  await page.goto('/?preset=tcp-single&variant=quick&seed=1&speed=1');
  await expect(app(page)).toHaveAttribute('data-preset', /.+/);
  // By 0.08 s the first round trips are done: ACKs are coming back.
  await seekTo(page, 0.08);
  const acks = await wireAcks(page, 0.08);
  expect(acks.length).toBeGreaterThan(0);
  const ack = acks[0]!;
  await page.locator('.topology-body').click({ position: { x: ack.x, y: ack.y } });
  const pick = page.getByTestId('packet-pick');
  await expect(pick).toHaveAttribute('data-wire', String(ack.wire));
  await expect(pick.getByTestId('follow-packet')).toHaveText('Follow this ACK');
  await pick.getByTestId('follow-packet').click();

  // Its own journey: ACK legs only, named by its number, and which ACK with that number it is.
  await expect(panel(page)).toHaveAttribute('data-is-ack', 'true');
  await expect(panel(page)).toHaveAttribute('data-seq', String(ack.seq));
  await expect(panel(page)).toHaveAttribute('data-transmission', /^[1-9]\d*$/);
  await expect(panel(page).locator('h2')).toContainText(`ACK ${ack.seq}, transmission`);
  await expect.poll(() => simTime(page)).toBe(0.08);
  const svg = page.getByTestId('topology-svg');
  await expect.poll(async () => ((await svg.getAttribute('data-followed-at')) ?? '').split(' ').slice(2).join(' ')).toMatch(new RegExp(`^${ack.link} \\w+ ack$`));
  const first = await events(page);
  expect(first.every((e) => e.leg === 'ack')).toBe(true);
  expect(first.find((e) => e.what === 'on_wire' && e.past)).toBeDefined();

  // Step to its arrival at the sender, one event at a time.
  for (let i = 0; i < 20 && (await panel(page).getAttribute('data-complete')) !== 'true'; i++) {
    const before = await simTime(page);
    await page.getByTestId('follow-next').click();
    await expect.poll(() => simTime(page)).toBeGreaterThan(before);
  }
  await expect(panel(page)).toHaveAttribute('data-complete', 'true');
  const all = await events(page);
  expect(all.at(-1)).toMatchObject({ leg: 'ack', what: 'delivered' });
  await expect(panel(page).getByTestId('follow-event').last()).toContainText('reaches the sender');
  expect(all.filter((e) => e.what === 'arrive').length).toBeGreaterThanOrEqual(1);
});

test('a duplicate ACK line of the sequence diagram is followed as the duplicate it is', async ({ page }) => {
  // The diagram opens on the first loss and its recovery: the duplicate ACKs are in it.
  const seq = await openSequence(page, 0.3);
  await expect.poll(async () => Number(await seq.getAttribute('data-now'))).toBe(0.3);
  await expect.poll(async () => Number(await seq.getAttribute('data-drops'))).toBeGreaterThan(0);
  const acks = await seq
    .locator('g.sequence-lines g[data-kind="ack"]')
    .evaluateAll((els) => els.map((e, i) => ({ i, seq: Number(e.getAttribute('data-seq')), t0: Number(e.getAttribute('data-t0')) })));
  const counts = new Map<number, number>();
  for (const a of acks) counts.set(a.seq, (counts.get(a.seq) ?? 0) + 1);
  const [number] = [...counts].find(([, n]) => n >= 3) ?? [];
  expect(number, 'an ACK number sent three times or more').toBeDefined();
  const third = acks.filter((a) => a.seq === number).sort((a, b) => a.t0 - b.t0)[2]!;
  await seq.locator('g.sequence-lines g[data-kind="ack"]').nth(third.i).dispatchEvent('click');
  const pick = page.getByTestId('sequence-pick');
  await expect(pick).toHaveAttribute('data-kind', 'ack');
  await expect(pick.getByTestId('sequence-follow')).toHaveText('Follow this ACK');
  await pick.getByTestId('sequence-follow').click();
  await expect(panel(page)).toHaveAttribute('data-is-ack', 'true');
  await expect(panel(page)).toHaveAttribute('data-seq', String(number));
  await expect(panel(page)).toHaveAttribute('data-transmission', '3');
  const ev = await events(page);
  expect(ev[0]).toMatchObject({ what: 'queued', leg: 'ack' });
  expect(ev[0]!.t).toBeCloseTo(third.t0, 9);
});
