import { type Page, expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';

// Getting the data out of a sweep (issue 32 part 4): the points as CSV and JSON (seed, knob
// value, metric, the point's 95 % CI, the knob settings and the scenario's name) and the figure
// as SVG and PNG; the files are read back and checked.
async function download(page: Page, testId: string): Promise<{ name: string; bytes: Buffer }> {
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return { name: d.suggestedFilename(), bytes: await readFile((await d.path())!) };
}

test('a sweep exports its points and its figure', async ({ page }) => {
  await page.goto('/?preset=tcp-single&variant=quick&speed=max&seed=1');
  await expect(page.getByTestId('app')).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  await page.getByTestId('sweep-open').click();
  const sweep = page.getByTestId('sweep');
  await page.getByTestId('sweep-knob').selectOption('loss');
  await page.getByTestId('sweep-from').fill('0.001');
  await page.getByTestId('sweep-to').fill('0.01');
  await page.getByTestId('sweep-count').fill('2');
  await page.getByTestId('sweep-seeds').fill('2');
  await page.getByTestId('sweep-metric').selectOption('goodput_mbps');
  await page.getByTestId('sweep-run').click();
  await expect(sweep).toHaveAttribute('data-status', 'done', { timeout: 120_000 });

  const csv = await download(page, 'sweep-export-csv');
  expect(csv.name).toBe('tcp-single-sweep-loss-goodput_mbps.csv');
  const rows = csv.bytes.toString('utf8').trim().split('\r\n');
  expect(rows[0]).toBe('scenario,variant,settings,knob,value,algorithm,seed,metric,metric_value,mean,ci95,n');
  expect(rows).toHaveLength(5); // 2 values × 2 seeds
  for (const r of rows.slice(1)) {
    const f = r.split(',');
    expect(f[0]).toBe('tcp-single');
    expect(f[1]).toBe('quick');
    expect(f[2]).toContain('cc=cubic; buffer_bdp=1; rtt_ms=20');
    expect(f[3]).toBe('loss');
    expect(['1', '2']).toContain(f[6]);
    expect(Number(f[8])).toBeGreaterThan(0);
    expect(Number(f[11])).toBe(2);
  }

  const json = JSON.parse((await download(page, 'sweep-export-json')).bytes.toString('utf8'));
  expect(json).toMatchObject({ scenario: 'tcp-single', variant: 'quick', knob: 'loss', metric: 'goodput_mbps' });
  expect(json.settings).toMatchObject({ cc: 'cubic', rtt_ms: 20 });
  expect(json.runs).toHaveLength(4);
  expect(json.points).toHaveLength(2);
  // The point's mean is the mean of its two runs, as the CSV says.
  const at = json.points[0].value;
  const mine = json.runs.filter((r: { value: number }) => r.value === at).map((r: { metric: number }) => r.metric);
  expect(json.points[0].mean).toBeCloseTo((mine[0] + mine[1]) / 2, 9);
  expect(json.points[0].ci95).toBeGreaterThanOrEqual(0);

  const svg = await download(page, 'sweep-export-svg');
  expect(svg.name).toBe('tcp-single-sweep-loss-goodput_mbps.svg');
  const text = svg.bytes.toString('utf8');
  expect(text).toContain('<svg');
  expect(text).toContain('tcp-single');
  expect((text.match(/<circle/g) ?? []).length).toBeGreaterThanOrEqual(2);
  const png = await download(page, 'sweep-export-png');
  expect(png.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
});
