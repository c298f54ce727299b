// Issue 31 part 3: the lab embedded in a course page. A host page (about:blank with an
// <iframe> of 960 × 540, the size the embed code gives) loads `?embed=1`: the document inside
// fits the frame (no scrollbars: its scroll sizes are within the viewport), the run advances on
// its own, the picture and the preset's key chart are drawn, and "Open the full lab" opens this
// run in a new tab. The lab's "Copy embed code" gives a snippet whose frame runs the same
// scenario (same digest at the end).
import { type Frame, type Page, expect, test } from '@playwright/test';
import { app } from './lab-page';

async function host(page: Page, iframe: string): Promise<Frame> {
  await page.setContent(`<!doctype html><body style="margin:0">${iframe}</body>`);
  const el = await page.waitForSelector('iframe');
  const frame = await el.contentFrame();
  if (!frame) throw new Error('no frame');
  return frame;
}

const frameOf = (page: Page, baseURL: string, query: string) =>
  host(page, `<iframe src="${baseURL}/?${query}" width="960" height="540" style="border:0"></iframe>`);

const simTimeIn = async (frame: Frame) => Number(await frame.getByTestId('app').getAttribute('data-sim-time'));

/** The frame's document sizes: what a scrollbar would need. */
const sizes = (frame: Frame) =>
  frame.evaluate(() => {
    const d = document.documentElement;
    return { scrollW: d.scrollWidth, scrollH: d.scrollHeight, viewW: d.clientWidth, viewH: d.clientHeight, bodyW: document.body.scrollWidth, bodyH: document.body.scrollHeight };
  });

for (const preset of ['tcp-dumbbell', 'parking-lot', 'mptcp-fsfs-load', 'quic-priority-control']) {
  test(`${preset} embedded in a 960×540 frame: no scrollbars, runs live, picture and key chart`, async ({ page, baseURL }) => {
    const frame = await frameOf(page, baseURL!, `embed=1&preset=${preset}&seed=1`);
    const root = frame.getByTestId('app');
    await expect(root).toHaveAttribute('data-embed', '1');
    await expect(root).toHaveAttribute('data-state', 'running');
    // The run advances by itself.
    await expect.poll(() => simTimeIn(frame)).toBeGreaterThan(0);
    const t0 = await simTimeIn(frame);
    await expect.poll(() => simTimeIn(frame)).toBeGreaterThan(t0);
    await expect(frame.getByTestId('topology')).toBeVisible();
    const kind = await root.getAttribute('data-key-chart');
    await expect(frame.getByTestId(`chart-${kind}`)).toBeVisible();
    await expect(frame.getByTestId('headline-panel')).toBeVisible();
    const s = await sizes(frame);
    expect(s.viewW).toBe(960);
    expect(s.viewH).toBe(540);
    expect(s.scrollW).toBeLessThanOrEqual(s.viewW);
    expect(s.scrollH).toBeLessThanOrEqual(s.viewH);
    expect(s.bodyW).toBeLessThanOrEqual(s.viewW);
    expect(s.bodyH).toBeLessThanOrEqual(s.viewH);
    // Every control is inside the frame, not cut off at its edge.
    const outside = await frame.evaluate(() =>
      [...document.querySelectorAll('button, select, a, input')]
        .map((e) => ({ id: e.getAttribute('data-testid') ?? e.textContent, r: e.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 0 && (r.right > 960 || r.left < 0 || r.top < 0 || (r.bottom > 540 && r.top < 540)))
        .map(({ id }) => id),
    );
    expect(outside).toEqual([]);
  });
}

test('the embed waits for Play with autoplay=0, and its link opens the full lab in a new tab', async ({ page, baseURL, context }) => {
  const frame = await frameOf(page, baseURL!, 'embed=1&preset=tcp-single&autoplay=0');
  const root = frame.getByTestId('app');
  await expect(root).toHaveAttribute('data-preset', 'tcp-single');
  await expect(frame.getByTestId('play')).toBeEnabled();
  await page.waitForTimeout(600);
  expect(await simTimeIn(frame)).toBe(0);
  await frame.getByTestId('play').click();
  await expect.poll(() => simTimeIn(frame)).toBeGreaterThan(0);
  const open = frame.getByTestId('embed-open-full');
  await expect(open).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([context.waitForEvent('page'), open.click()]);
  await tab.waitForLoadState();
  const url = new URL(tab.url());
  expect(url.searchParams.get('embed')).toBeNull();
  expect(url.searchParams.get('preset')).toBe('tcp-single');
  await expect(app(tab)).toHaveAttribute('data-preset', 'tcp-single');
  await expect(tab.getByTestId('tab-lab')).toBeVisible();
  // The host page itself did not navigate.
  expect(page.url()).toBe('about:blank');
});

test('"Copy embed code" gives an <iframe> that runs the same scenario', async ({ page, baseURL }) => {
  await page.goto('/?preset=bufferbloat&variant=quick&seed=7&speed=max');
  // The first run (at full speed it may finish before the knob is typed) is not the one shared.
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  const firstRun = await app(page).getAttribute('data-run-id');
  await page.getByTestId('knob-buffer_packets').fill('40');
  await page.getByTestId('knob-buffer_packets').press('Enter');
  await expect(app(page)).not.toHaveAttribute('data-run-id', firstRun!);
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  const digest = await page.getByTestId('summary').getAttribute('data-digest');
  expect(digest).toBeTruthy();
  await page.getByTestId('embed-code').click();
  const snippet = await page.getByTestId('embed-snippet').inputValue();
  expect(snippet).toMatch(/^<iframe src="[^"]+" width="960" height="540" title="NetLab: [^"]+"/);
  const src = new URL((/src="([^"]+)"/.exec(snippet)?.[1] ?? "").replace(/&amp;/g, "&"));
  expect(src.origin).toBe(new URL(baseURL!).origin);
  expect(src.searchParams.get('embed')).toBe('1');
  expect(src.hash.startsWith('#s=')).toBe(true);
  // A course page with that snippet: the frame runs the same scenario, seed and speed.
  const frame = await host(page, snippet);
  const root = frame.getByTestId('app');
  await expect(root).toHaveAttribute('data-embed', '1');
  await expect(root).toHaveAttribute('data-preset', /^link:bufferbloat/);
  await expect(root).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  const embedded = await frame.evaluate(() => {
    const s = (window as unknown as { __netlab: { state(): { columns: { summary: { digest: string } | null }[] } } }).__netlab.state();
    return s.columns[0]?.summary?.digest ?? null;
  });
  expect(embedded).toBe(digest);
});
