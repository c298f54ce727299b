import { readFile } from 'node:fs/promises';
import { type Download, type Page, expect, test } from '@playwright/test';

// Exports (issue 6): the summary and the series as CSV/JSON, a chart as SVG and PNG; the
// downloaded files are read back and checked against the page's own data-* state.
const FAST = '/?preset=tcp-dumbbell&seed=2&variant=quick&speed=max';

async function download(page: Page, testId: string): Promise<{ d: Download; text: string; bytes: Buffer }> {
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const path = await d.path();
  const bytes = await readFile(path);
  return { d, text: bytes.toString('utf8'), bytes };
}

test('summary and series download as CSV and JSON matching the run', async ({ page }) => {
  await page.goto(FAST);
  await expect(page.getByTestId('app')).toHaveAttribute('data-state', 'finished', { timeout: 45_000 });
  const summary = page.getByTestId('summary');
  const jain = Number(await summary.getAttribute('data-jain'));
  const digest = await summary.getAttribute('data-digest');

  const json = await download(page, 'export-summary-json');
  expect(json.d.suggestedFilename()).toBe('netlab-tcp-dumbbell-seed2-summary.json');
  const parsed = JSON.parse(json.text);
  expect(parsed.seed).toBe(2);
  expect(parsed.jain).toBe(jain);
  expect(parsed.digest).toBe(digest);

  const csv = await download(page, 'export-summary-csv');
  expect(csv.d.suggestedFilename()).toBe('netlab-tcp-dumbbell-seed2-summary.csv');
  const lines = csv.text.trimEnd().split('\r\n');
  const head = lines[0]!.split(',');
  expect(head.slice(0, 2)).toEqual(['table', 'id']);
  const run = lines.find((l) => l.startsWith('run,'))!.split(',');
  expect(Number(run[head.indexOf('jain')])).toBe(jain);
  const flows = lines.filter((l) => l.startsWith('flow,')).map((l) => l.split(',')[1]);
  expect(flows).toEqual(parsed.flows.map((f: { id: string }) => f.id));
  expect(lines.filter((l) => l.startsWith('link,'))).toHaveLength(parsed.links.length);

  const scsv = await download(page, 'export-series-csv');
  const srows = scsv.text.trimEnd().split('\r\n');
  expect(srows[0]).toBe('key,scope,owner,metric,unit,t_s,value');
  expect(srows.some((r) => r.startsWith('flow/short-rtt/cwnd,flow,short-rtt,cwnd,packets,'))).toBe(true);
  expect(srows.some((r) => r.startsWith('run/all/jain,'))).toBe(true);

  const sjson = JSON.parse((await download(page, 'export-series-json')).text);
  const cwnd = sjson.series.find((s: { key: string }) => s.key === 'flow/short-rtt/cwnd');
  expect(cwnd.t.length).toBe(cwnd.v.length);
  expect(cwnd.t.length).toBeGreaterThan(10);
  // Points are in time order and within the run.
  for (let i = 1; i < cwnd.t.length; i++) expect(cwnd.t[i]).toBeGreaterThanOrEqual(cwnd.t[i - 1]);
  expect(cwnd.t.at(-1)).toBeLessThanOrEqual(10 + 1e-9);
});

test('a chart exports as a standalone SVG with its lines and as a PNG', async ({ page }) => {
  await page.goto(FAST);
  await expect(page.getByTestId('app')).toHaveAttribute('data-state', 'finished', { timeout: 45_000 });
  const chart = page.getByTestId('chart-cwnd');
  const visible = Number(await chart.getAttribute('data-visible'));

  const svg = await download(page, 'chart-cwnd-export-svg');
  expect(svg.d.suggestedFilename()).toBe('netlab-tcp-dumbbell-seed2-cwnd.svg');
  expect(svg.text.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  // One vector path per visible series, the title and the legend labels.
  expect(svg.text.match(/<path d="M/g)?.length).toBe(visible);
  expect(svg.text).toContain('Congestion window (solid) and packets in flight (dashed) per flow');
  expect(svg.text).toContain('short-rtt');
  // The browser can render it as an image.
  const size = await page.evaluate(async (text) => {
    const img = new Image();
    img.src = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
    await img.decode();
    return [img.width, img.height];
  }, svg.text);
  expect(size[0]).toBeGreaterThan(100);

  // Hiding a series in the legend leaves it out of the export.
  await chart.locator('[data-series-key="flow/long-rtt/cwnd"]').click();
  await expect(chart).toHaveAttribute('data-visible', String(visible - 1));
  const svg2 = await download(page, 'chart-cwnd-export-svg');
  expect(svg2.text.match(/<path d="M/g)?.length).toBe(visible - 1);

  const png = await download(page, 'chart-cwnd-export-png');
  expect(png.d.suggestedFilename()).toBe('netlab-tcp-dumbbell-seed2-cwnd.png');
  expect(png.bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  // 2× the on-page size.
  const width = png.bytes.readUInt32BE(16);
  expect(width).toBeGreaterThan(400);
});
