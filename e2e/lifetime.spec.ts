// Issue 30, item 4: a flow outside its lifetime is drawn as what it is. bufferbloat's request.1
// starts at 3 s and completes about half a second later (the native CLI's run gives both); before
// its start it is "not started", after its completion "done", and then it has no window, RTT or
// controller state — in the state timeline, the live table, the inspector and the exported series.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { cliSummary } from './cli';
import { app, seekTo } from './lab-page';

test('request.1 is "not started" before 3 s and "done" after its last byte, with no RTT, window or state then', async ({ page }) => {
  const flow = cliSummary('bufferbloat').flows.find((f) => f.id === 'request.1')!;
  const start = flow.start_s;
  const end = start + flow.fct_s!;
  expect(start).toBe(3);
  await page.goto('/?preset=bufferbloat&variant=quick&seed=1&speed=max');
  await expect(app(page)).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });

  // Timeline: controller states only inside [start, end] (one sample tick of slack each side).
  const band = page.locator('[data-testid="state-timeline"] g[data-flow="request.1"] rect');
  // The state timeline is a chunk that loads once the run is live: at full speed the run can
  // finish before it is drawn.
  await expect(band.first()).toBeAttached({ timeout: 15_000 });
  const segs = await band.evaluateAll((rs) =>
    rs.map((r) => ({ state: r.getAttribute('data-state')!, t0: Number(r.getAttribute('data-t0')), t1: Number(r.getAttribute('data-t1')) })),
  );
  const tick = 0.1;
  const active = segs.filter((s) => s.state !== 'not started' && s.state !== 'done');
  expect(active.length).toBeGreaterThan(0);
  for (const s of active) {
    expect(s.t0).toBeGreaterThanOrEqual(start - 1e-9);
    expect(s.t1).toBeLessThanOrEqual(end + tick);
  }
  expect(segs[0]).toMatchObject({ state: 'not started', t0: 0 });
  expect(segs[0]!.t1).toBeGreaterThan(start - tick);
  expect(segs.at(-1)!.state).toBe('done');
  expect(segs.at(-1)!.t0).toBeLessThan(end + tick);
  expect(segs.at(-1)!.t1).toBe(15);

  // Exported series of the finished run (what the page holds for this flow): its state is a controller state only
  // inside its lifetime, "not started" before and "done" after; any RTT or window point lies
  // inside the lifetime, and no RTT reads 0.
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-series-json').click()]);
  const all = JSON.parse(await readFile(await d.path(), 'utf8')).series as { key: string; states?: string[]; t: number[]; v: number[] }[];
  const state = all.find((x) => x.key === 'flow/request.1/state')!;
  expect(state.states).toContain('not started');
  const named = state.t.map((t, i) => ({ t, name: state.states![state.v[i]!]! }));
  for (const p of named) {
    if (p.t < start) expect(p.name, `t = ${p.t}`).toBe('not started');
    else if (p.t > end + tick) expect(p.name, `t = ${p.t}`).toBe('done');
  }
  expect(named.filter((p) => p.t >= start && p.t <= end).some((p) => p.name !== 'not started' && p.name !== 'done')).toBe(true);
  for (const metric of ['srtt', 'cwnd', 'inflight']) {
    const s = all.find((x) => x.key === `flow/request.1/${metric}`);
    for (const [i, t] of (s?.t ?? []).entries()) {
      expect(t, metric).toBeGreaterThanOrEqual(start - 1e-9);
      expect(t, metric).toBeLessThanOrEqual(end + 1e-9);
      if (metric === 'srtt') expect(s!.v[i]).toBeGreaterThan(0);
    }
  }

  // Live table and inspector at 10 s: done, no numbers.
  await seekTo(page, 10);
  const row = page.locator('[data-testid="live"] tr[data-flow="request.1"]');
  await expect(row.getByTestId('live-state')).toHaveText('done');
  await expect(row.locator('td')).toHaveText(['–', '–', '–', '–', 'done']);
  await row.locator('[data-inspect="flow:request.1"]').click();
  const inspector = page.getByTestId('inspector');
  await expect(inspector.locator('[data-field="state"]')).toHaveAttribute('data-value', 'done');
  await expect(inspector.locator('[data-field="srtt_ms"]')).toHaveCount(0);
  await expect(inspector.locator('[data-field="cwnd"]')).toHaveCount(0);

  // Before its start: not started.
  await seekTo(page, 1);
  await expect(row.getByTestId('live-state')).toHaveText('not started');
  await expect(row.locator('td')).toHaveText(['–', '–', '–', '–', 'not started']);
  await expect(inspector.locator('[data-field="state"]')).toHaveAttribute('data-value', 'not started');

});
