import { readFileSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';

// The MPTCP view on fixed seeds, quick variants at max speed.
const FAST = 'seed=1&variant=quick&speed=max';
const app = (page: Page) => page.getByTestId('app');

/** Number of paths a preset's parallel topology declares (each entry counts `count` times). */
function presetPaths(name: string): number {
  const p = JSON.parse(readFileSync(`public/scenarios/${name}.json`, 'utf8'));
  return (p.topology.paths as { count?: number }[]).reduce((n, x) => n + (x.count ?? 1), 0);
}

async function summaryJson(page: Page) {
  return JSON.parse((await page.getByTestId('summary-json').textContent()) ?? 'null');
}

test('ECF-3 on heterogeneous paths: one subflow per path, live windows, decisions with their terms', async ({ page }) => {
  await page.goto(`/?preset=ecf3-heterogeneous&${FAST}`);
  const panel = page.getByTestId('mptcp-panel');
  await expect(panel).toBeVisible();
  await expect(panel).toHaveAttribute('data-flow', 'file');
  const paths = presetPaths('ecf3-heterogeneous');
  await expect(panel).toHaveAttribute('data-subflows', String(paths), { timeout: 30_000 });
  await expect(page.getByTestId('chart-subflow-cwnd')).toHaveAttribute('data-series', String(paths));
  await expect.poll(async () => Number(await page.getByTestId('chart-subflow-cwnd').getAttribute('data-points'))).toBeGreaterThan(0);
  await expect.poll(async () => Number(await page.getByTestId('chart-recv-buffer').getAttribute('data-points'))).toBeGreaterThan(0);
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 45_000 });
  const summary = await summaryJson(page);

  // Shares: one row per path, they add up to the whole, and the 8.6 Mbit/s path carries most.
  const rows = page.getByTestId('mptcp-subflow');
  await expect(rows).toHaveCount(paths);
  const shares = await rows.evaluateAll((els) => els.map((e) => [Number(e.getAttribute('data-path')), Number(e.getAttribute('data-share'))]));
  expect(shares.reduce((s, [, v]) => s + v!, 0)).toBeCloseTo(1, 6);
  const top = shares.reduce((a, b) => (b[1]! > a[1]! ? b : a));
  expect(top[0]).toBe(1);
  // The same shares as the engine's summary for that flow.
  for (const sub of summary.flows[0].subflows) {
    expect(shares.find(([p]) => p === sub.path)?.[1]).toBeCloseTo(sub.bytes_share, 4);
  }

  // Decisions: ECF-3's reasons name the line of Algorithm 1 that decided; the newest one is
  // the inspector's "latest scheduler decision" for this flow (a separate path from the events).
  const decisions = page.getByTestId('mptcp-decision');
  await expect(decisions.first()).toBeVisible();
  const reasons = await decisions.evaluateAll((els) => els.map((e) => e.getAttribute('data-reason') ?? ''));
  expect(reasons.length).toBeGreaterThan(1);
  for (const r of reasons) expect(r).toMatch(/^line \d+: /);
  // A line-2 "wait" lists the terms of ECF's inequality, and they satisfy it:
  // T_wait = RTT_f · (1 + k / cwnd_f) < RTT_s.
  const waits = decisions.filter({ has: page.locator('[data-term="t_wait_ms"]') });
  expect(await waits.count()).toBeGreaterThan(0);
  for (const w of await waits.all()) {
    const t = Object.fromEntries(await w.locator('[data-term]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-term'), Number(e.getAttribute('data-value'))])));
    expect(t.t_wait_ms).toBeCloseTo(t.rtt_f_ms * (1 + t.k_packets / t.cwnd_f), 3);
    if ((await w.getAttribute('data-reason'))!.startsWith('line 2')) expect(t.t_wait_ms).toBeLessThan(t.rtt_s_ms);
    await expect(w).toHaveAttribute('data-path', '');
  }
  await page.locator('[data-testid="live"] tr[data-flow="file"] button').first().click();
  const inspector = page.getByTestId('inspector-decision');
  await expect(inspector).toHaveAttribute('data-reason', reasons[0]!);
  await expect(inspector).toHaveAttribute('data-t-ns', (await decisions.first().getAttribute('data-t-ns')) ?? '');

  // Results: one file, so no distribution charts (issue 30, item 11), its FCT in a sentence.
  await expect(page.getByTestId('mptcp-one-transfer')).toContainText(`done in ${summary.flows[0].fct_s.toFixed(2)} s`);
  await expect(page.getByTestId('fct-bars')).toHaveCount(0);
});

test('short flows: FCT bars and CDF per size class agree with the summary', async ({ page }) => {
  await page.goto(`/?preset=mptcp-short-flows&${FAST}`);
  const panel = page.getByTestId('mptcp-panel');
  await expect(panel).toBeVisible();
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 45_000 });
  // Every connection opens a subflow on each of the preset's paths.
  await expect(panel).toHaveAttribute('data-subflows', String(presetPaths('mptcp-short-flows')));
  const summary = await summaryJson(page);
  const classes = Object.keys(summary.fct_by_class).filter((c) => c !== 'all');
  await expect(page.getByTestId('fct-bars')).toHaveAttribute('data-classes', classes.join(','));
  for (const c of classes) {
    const st = summary.fct_by_class[c];
    const bar = page.locator(`[data-testid="fct-bars"] g[data-class="${c}"]`);
    await expect(bar.locator('rect[data-stat="p50"]')).toHaveAttribute('data-value', String(st.p50_s));
    await expect(bar.locator('rect[data-stat="p99"]')).toHaveAttribute('data-value', String(st.p99_s));
    // All flows are listed here, so the CDF has every finished flow of the class.
    expect(summary.flows_unlisted ?? 0).toBe(0);
    await expect(page.locator(`[data-testid="fct-cdf"] g[data-class="${c}"]`)).toHaveAttribute('data-n', String(st.count));
  }
  // Picking another connection shows its subflows and its own decisions.
  const select = page.getByTestId('mptcp-flow');
  const options = await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  expect(options.length).toBeGreaterThan(1);
  await select.selectOption(options[1]!);
  await expect(panel).toHaveAttribute('data-flow', options[1]!);
  await expect(page.getByTestId('chart-subflow-cwnd')).toHaveAttribute('data-series', String(presetPaths('mptcp-short-flows')));
  for (const r of await page.getByTestId('mptcp-decision').evaluateAll((els) => els.map((e) => e.getAttribute('data-reason')))) {
    expect(r).toBeTruthy();
  }
});

test('FSFS: a connection opens subflows on exactly the paths its size class gets', async ({ page }) => {
  // The heaviest quick run (thousands of short flows): give a loaded machine time.
  test.setTimeout(150_000);
  await page.goto(`/?preset=mptcp-fsfs-paths&${FAST}`);
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 140_000 });
  // The panel follows a connection still sending at the end.
  await expect(page.getByTestId('mptcp-state')).toHaveAttribute('data-state', 'mptcp');
  const chosen = page.getByTestId('mptcp-paths');
  await expect(chosen).toBeVisible();
  const paths = ((await chosen.getAttribute('data-paths')) ?? '').split(',').map(Number);
  const cls = (await chosen.getAttribute('data-class')) ?? '';
  // FSFS: 1, 2, 3 paths for G0–G2, every path for G3.
  const want: Record<string, number> = { G0: 1, G1: 2, G2: 3, G3: presetPaths('mptcp-fsfs-paths') };
  expect(paths.length).toBe(want[cls]);
  await expect(page.getByTestId('mptcp-panel')).toHaveAttribute('data-subflows', String(paths.length));
  const rows = await page.getByTestId('mptcp-subflow').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-path'))));
  expect([...rows].sort((a, b) => a - b)).toEqual([...paths].sort((a, b) => a - b));
});

test('the family views appear only for their flow kinds', async ({ page }) => {
  await page.goto(`/?preset=tcp-dumbbell&${FAST}`);
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 45_000 });
  await expect(page.getByTestId('mptcp-panel')).toHaveCount(0);
  await expect(page.getByTestId('quic-panel')).toHaveCount(0);
  await page.getByTestId('preset').selectOption('ecf3-uniform');
  await expect(page.getByTestId('mptcp-panel')).toBeVisible();
  await expect(page.getByTestId('quic-panel')).toHaveCount(0);
  await page.getByTestId('preset').selectOption('quic-priority-control');
  await expect(page.getByTestId('quic-panel')).toBeVisible();
  await expect(page.getByTestId('mptcp-panel')).toHaveCount(0);
});
