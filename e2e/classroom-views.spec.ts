import { readFile } from 'node:fs/promises';
import { type Locator, type Page, expect, test } from '@playwright/test';
import { boxes, collisions, expectTopologyUncluttered } from './boxes';

// Issue 16: what broke in front of a class — charts a teacher projects, the MPTCP view, the
// network picture with many paths, and what the lab claims about an edited or shared scenario.
// Assertions read boxes the browser lays out and data-* state, never pixels.

const FAST = 'seed=1&variant=quick&speed=max';
const app = (page: Page) => page.getByTestId('app');

/** No caption note, legend or hover read-out of `figure` covers its title. */
async function expectTitleClear(figure: Locator) {
  const title = await boxes(figure.locator('.chart-title'));
  expect(title).toHaveLength(1);
  const others = await boxes(figure.locator('figcaption > :not(.chart-title), .legend, .readout'));
  expect(collisions(title, others), `${await figure.getAttribute('data-testid')}: title covered`).toEqual([]);
}

test('the FCT CDF of an FSFS run draws its curves over the FCTs the bars show; no note or hint covers a title', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`/?preset=mptcp-fsfs-load&${FAST}`);
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 100_000 });
  const cdf = page.getByTestId('fct-cdf');
  await cdf.scrollIntoViewIfNeeded();

  // A curve per size class, each with a drawn step line.
  const curves = cdf.locator('g[data-class]');
  expect(await curves.count()).toBeGreaterThan(0);
  for (const d of await curves.locator('path').evaluateAll((ps) => ps.map((p) => p.getAttribute('d') ?? ''))) expect(d).toMatch(/^M/);

  // The x axis spans the FCTs the bars show (mean, p50, p99 of every class) and the curves'.
  const lo = Number(await cdf.getAttribute('data-x-min'));
  const hi = Number(await cdf.getAttribute('data-x-max'));
  expect(lo).toBeGreaterThan(0);
  const bars = await page.locator('[data-testid="fct-bars"] rect[data-value]').evaluateAll((rs) => rs.map((r) => Number(r.getAttribute('data-value'))));
  expect(bars.length).toBeGreaterThan(0);
  for (const v of bars) {
    expect(v).toBeGreaterThanOrEqual(lo);
    expect(v).toBeLessThanOrEqual(hi);
  }

  // Notes and hover read-outs sit beside the titles, never on them.
  for (const id of ['fct-bars', 'fct-cdf']) await expectTitleClear(page.getByTestId(id));
  const bar = page.locator('[data-testid="fct-bars"] rect[data-value]').first();
  await bar.hover();
  await expect(page.getByTestId('fct-bars-readout')).toContainText('done');
  await expectTitleClear(page.getByTestId('fct-bars'));
  await cdf.locator('circle').first().hover({ force: true });
  await expect(page.getByTestId('fct-cdf-readout')).toContainText('% of flows');
  await expectTitleClear(cdf);
});

test('an exported chart SVG encloses its title, legend and axes; the PNG is the same picture', async ({ page }) => {
  await page.goto(`/?preset=tcp-dumbbell&${FAST}`);
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 45_000 });
  for (const chart of ['chart-cwnd', 'chart-rtt']) {
    const [svgDl] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`${chart}-export-svg`).click()]);
    const svg = await readFile(await svgDl.path(), 'utf8');
    // Laid out by the browser as a standalone image: every text inside the picture.
    const layout = await page.evaluate((text) => {
      const host = document.createElement('div');
      host.style.cssText = 'position:absolute;left:0;top:0';
      host.innerHTML = text;
      document.body.appendChild(host);
      const root = host.querySelector('svg')!;
      const r0 = root.getBoundingClientRect();
      const vb = root.viewBox.baseVal;
      const texts = [...root.querySelectorAll('text')]
        .filter((t) => (t.textContent ?? '').trim() !== '')
        .map((t) => {
          const r = t.getBoundingClientRect();
          return { text: t.textContent, x0: r.left - r0.left, x1: r.right - r0.left, y0: r.top - r0.top, y1: r.bottom - r0.top };
        });
      host.remove();
      return { width: Number(root.getAttribute('width')), height: Number(root.getAttribute('height')), vb: [vb.x, vb.y, vb.width, vb.height], texts };
    }, svg);
    expect(layout.vb).toEqual([0, 0, layout.width, layout.height]);
    expect(layout.texts.length).toBeGreaterThan(5);
    for (const t of layout.texts) {
      expect.soft(t.x0, `${chart}: "${t.text}" starts inside`).toBeGreaterThanOrEqual(-0.5);
      expect.soft(t.x1, `${chart}: "${t.text}" ends inside (width ${layout.width})`).toBeLessThanOrEqual(layout.width + 0.5);
      expect.soft(t.y0, `${chart}: "${t.text}" top inside`).toBeGreaterThanOrEqual(-0.5);
      expect.soft(t.y1, `${chart}: "${t.text}" bottom inside (height ${layout.height})`).toBeLessThanOrEqual(layout.height + 0.5);
    }
    const [pngDl] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`${chart}-export-png`).click()]);
    const png = await readFile(await pngDl.path());
    expect(png.readUInt32BE(16)).toBe(2 * layout.width);
    expect(png.readUInt32BE(20)).toBe(2 * layout.height);
  }
});

test('the MPTCP view opens on a connection with subflow series, and the picker says which have them', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`/?preset=mptcp-fsfs-load&${FAST}`);
  const panel = page.getByTestId('mptcp-panel');
  await expect(panel).toBeVisible();
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 100_000 });
  const options = page.getByTestId('mptcp-flow').locator('option');
  expect(await options.count()).toBeGreaterThan(0);
  // Every option says whether the connection has time series.
  const marks = await options.evaluateAll((os) => os.map((o) => [o.getAttribute('data-series'), o.textContent ?? '']));
  for (const [series, text] of marks) {
    expect(series).toMatch(/^(true|false)$/);
    if (series === 'false') expect(text).toMatch(/no time series/);
  }
  const charted = marks.filter(([s]) => s === 'true').length;
  await expect(panel).toHaveAttribute('data-charted', String(charted));
  // The generated connections of FSFS have none: the view says so instead of an empty chart.
  expect(charted).toBe(0);
  await expect(page.getByTestId('mptcp-no-series')).toBeVisible();
  await expect(panel.getByText('No subflow series for this connection')).toHaveCount(0);

  // With charted connections (ECF-3's "file"), that is the one shown, with its lines.
  await page.goto(`/?preset=ecf3-uniform&${FAST}`);
  await expect(panel).toHaveAttribute('data-flow', 'file');
  await expect(page.getByTestId('mptcp-flow').locator('option[value="file"]')).toHaveAttribute('data-series', 'true');
  await expect.poll(async () => Number(await page.getByTestId('chart-subflow-cwnd').getAttribute('data-series'))).toBeGreaterThan(0);
  await expect(page.getByTestId('mptcp-no-series')).toHaveCount(0);
});

/** Labels of the network picture and its nodes: no label on another or on a node. */
/** Opens `preset` at `width` × `height` and waits for its picture with every queue read-out filled. */
async function openPicture(page: Page, preset: string, links: number, width = 1280, height = 720) {
  await page.setViewportSize({ width, height });
  await page.goto(`/?preset=${preset}&seed=1&variant=quick&speed=1`);
  const svg = page.getByTestId('topology-svg');
  await expect(svg).toHaveAttribute('data-links', String(links));
  // Filled by a snapshot: the read-outs' real widths count.
  await expect
    .poll(() => svg.locator('text.queue-text').evaluateAll((ts) => ts.length > 0 && ts.every((t) => (t.textContent ?? '').startsWith('queue '))))
    .toBe(true);
}

test('the network picture keeps link, queue and node labels apart (10 paths, dumbbell)', async ({ page }) => {
  for (const [width, height] of [
    [1280, 720],
    [1920, 1080],
  ] as const) {
    await openPicture(page, 'mptcp-fsfs-paths', 10, width, height);
    const labels = await expectTopologyUncluttered(page);
    // Every path keeps its label (no overlap by leaving them out).
    expect(labels.filter((l) => /^path\d+ · /.test(l.name))).toHaveLength(10);
  }
  await openPicture(page, 'tcp-dumbbell', 5);
  const labels = await expectTopologyUncluttered(page);
  expect(labels.filter((l) => / ms$/.test(l.name))).toHaveLength(5);
});

test('an edited scenario is shown as edited (no preset description, variant or ?preset=)', async ({ page }) => {
  await page.goto(`/?view=editor&preset=tcp-dumbbell&${FAST}`);
  const editor = page.getByTestId('editor');
  await expect(editor).toHaveAttribute('data-source', 'tcp-dumbbell');
  await expect(editor).toHaveAttribute('data-valid', 'true');
  const original = JSON.parse(await page.getByTestId('editor-json').inputValue()).description as string;
  await page.locator('[data-testid="editor-form"] [data-path="duration_s"]').fill('6');
  await expect(editor).toHaveAttribute('data-valid', 'true');
  await page.getByTestId('editor-run').click();
  await expect(app(page)).toHaveAttribute('data-preset', 'edited:tcp-dumbbell');
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 45_000 });

  const description = page.getByTestId('description');
  await expect(description).toHaveAttribute('data-origin', 'edited');
  await expect(description).toContainText('edited', { ignoreCase: true });
  await expect(description).not.toContainText(original.slice(0, 60), { useInnerText: true });
  // The editor started from the quick variant: that is what the lab says ran, not "full".
  const variant = page.getByTestId('variant');
  await expect(variant).toHaveAttribute('data-variant', 'quick');
  await expect(variant.locator('option:checked')).not.toHaveText('full');
  await expect(page).not.toHaveURL(/[?&](preset|variant)=/);
});

test('a shared link of a quick run opens showing the quick variant', async ({ page, context }) => {
  await page.goto(`/?preset=tcp-dumbbell&${FAST}`);
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 45_000 });
  await expect(page.getByTestId('variant')).toHaveValue('quick');
  await page.getByTestId('share').click();
  const url = await page.getByTestId('share-url').inputValue();
  expect(url).toContain('#s=v1.');

  const other = await context.newPage();
  await other.goto(url);
  await expect(app(other)).toHaveAttribute('data-preset', 'link:tcp-dumbbell');
  const variant = other.getByTestId('variant');
  await expect(variant).toHaveAttribute('data-variant', 'quick');
  await expect(variant.locator('option:checked')).toContainText('quick');
  await expect(other).not.toHaveURL(/[?&](preset|variant)=/);
  // And it is the quick run: same duration as the run that was shared.
  await expect(app(other)).toHaveAttribute('data-state', 'finished', { timeout: 45_000 });
  await expect(other.getByTestId('summary')).toHaveAttribute('data-duration', '10');
});
