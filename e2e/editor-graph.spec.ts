import { type Page, expect, test } from '@playwright/test';

// Issue 15 items 5–6: a parking lot built as a picture in the editor, from an empty graph —
// four routers in a row, a host on each, one long flow across the three router links and one
// short flow per hop — then run in the lab. Drawing and the engine's validation on the way.
const editor = (page: Page) => page.getByTestId('editor');
const field = (page: Page, path: string) => page.locator(`[data-testid="editor-form"] [data-path="${path}"]`);
const node = (page: Page, name: string) => page.locator(`[data-testid="graph-canvas"] [data-node="${name}"] .graph-node-body`);
const rawJson = async (page: Page) => JSON.parse(await page.getByTestId('editor-json').inputValue());

/** Select two nodes (click, Shift-click) and press "Link". */
async function linkPair(page: Page, a: string, b: string) {
  await node(page, a).click();
  await node(page, b).click({ modifiers: ['Shift'] });
  await page.getByTestId('graph-link').click();
}

test('build a parking lot in the editor, run it: three bottlenecks, the long flow gets least', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/?view=editor&preset=tcp-dumbbell&seed=1&speed=max');
  await expect(editor(page)).toHaveAttribute('data-valid', 'true');
  // The dumbbell's bottleneck: a queue discipline with its parameters from the registry's
  // schema; the engine's message about one sits beside its input. ECN is a checkbox.
  await field(page, 'topology.bottleneck.aqm').selectOption('codel');
  const target = field(page, 'topology.bottleneck.aqm_params.target_ms');
  await expect(target).toHaveAttribute('placeholder', '5');
  await target.fill('-1');
  await expect(page.locator('[data-testid="field-error"][data-error-for="topology.bottleneck.aqm_params.target_ms"]')).toBeVisible();
  await target.fill('');
  await field(page, 'tcp.ecn').check();
  await expect(editor(page)).toHaveAttribute('data-valid', 'true');
  expect((await rawJson(page)).topology.bottleneck).toMatchObject({ aqm: 'codel' });
  expect((await rawJson(page)).tcp).toEqual({ ecn: true });

  await field(page, 'topology.kind').selectOption('graph');
  await expect(page.getByTestId('graph-editor')).toBeVisible();
  await field(page, 'duration_s').fill('8');

  for (let i = 0; i < 4; i++) await page.getByTestId('graph-add-router').click();
  for (let i = 0; i < 4; i++) await page.getByTestId('graph-add-host').click();
  // Dragging a node writes its position into the scenario (an added node has none: it is laid out).
  const before = (await rawJson(page)).topology.nodes[4];
  expect(before).not.toHaveProperty('y');
  await node(page, 'h1').scrollIntoViewIfNeeded();
  const top = (await node(page, 'h1').boundingBox())!.y;
  const box = (await node(page, 'h1').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 10, box.y + box.height / 2 + 60, { steps: 4 });
  await page.mouse.up();
  const after = (await rawJson(page)).topology.nodes[4];
  expect(after.name).toBe('h1');
  expect(typeof after.y).toBe('number');
  expect((await node(page, 'h1').boundingBox())!.y).toBeGreaterThan(top + 20);

  // The first link by dragging from r1's ring to r2; the rest by selecting two nodes.
  const ring = (await page.locator('[data-node="r1"] [data-testid="graph-ring"]').boundingBox())!;
  const r2 = (await node(page, 'r2').boundingBox())!;
  await page.mouse.move(ring.x + ring.width - 3, ring.y + ring.height / 2);
  await page.mouse.down();
  await page.mouse.move(r2.x + r2.width / 2, r2.y + r2.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByTestId('graph-link-form')).toHaveAttribute('data-link-index', '0');
  // The link's form: rate and a queue discipline with its parameters from the registry.
  await field(page, 'topology.links[0].rate_mbps').fill('10');
  await field(page, 'topology.links[0].aqm').selectOption('red');
  await expect(field(page, 'topology.links[0].aqm_params.max_th')).toHaveAttribute('placeholder', '15');
  await field(page, 'topology.links[0].aqm').selectOption('');
  await linkPair(page, 'r2', 'r3');
  await linkPair(page, 'r3', 'r4');
  for (let i = 1; i <= 4; i++) await linkPair(page, `h${i}`, `r${i}`);

  // Flows: the dumbbell's two kept their settings and lost `path`; pick their hosts.
  const flows: [string, string, string][] = [
    ['long', 'h1', 'h4'],
    ['hop1', 'h1', 'h2'],
    ['hop2', 'h2', 'h3'],
    ['hop3', 'h3', 'h4'],
  ];
  for (let i = 0; i < flows.length; i++) {
    if (i >= 2) await page.getByTestId('add-flows').click();
    const [id, from, to] = flows[i]!;
    await field(page, `flows[${i}].id`).fill(id);
    await field(page, `flows[${i}].from`).selectOption(from);
    await field(page, `flows[${i}].to`).selectOption(to);
  }
  await expect(editor(page)).toHaveAttribute('data-valid', 'true');
  const sc = await rawJson(page);
  expect(sc.topology.links.map((l: { from: string; to: string }) => `${l.from}-${l.to}`)).toEqual(['r1-r2', 'r2-r3', 'r3-r4', 'h1-r1', 'h2-r2', 'h3-r3', 'h4-r4']);

  // An invalid edit: a flow to a host with no link. The engine's message shows beside the
  // flow, and the edit is kept (the last valid version is what would run).
  await page.getByTestId('graph-add-host').click();
  await field(page, 'flows[3].to').selectOption('h5');
  await expect(editor(page)).toHaveAttribute('data-error-path', 'flows[3]');
  await expect(page.locator('[data-testid="field-error"][data-error-for="flows[3]"]').first()).toContainText('no path from h3 to h5');
  expect((await rawJson(page)).flows[3].to).toBe('h5');
  await field(page, 'flows[3].to').selectOption('h4');
  await node(page, 'h5').click();
  await page.getByTestId('graph-delete').click();
  await expect(page.locator('[data-node="h5"]')).toHaveCount(0);
  await expect(editor(page)).toHaveAttribute('data-valid', 'true');

  await page.getByTestId('editor-run').click();
  const summary = page.getByTestId('summary');
  await expect(summary).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('topology')).toHaveAttribute('data-kind', 'graph');
  // The engine reports the three router-to-router links (the access links are faster).
  await expect(page.locator('[data-testid="summary-links"] tbody tr')).toHaveCount(3);
  const s = JSON.parse(await page.getByTestId('summary-json').textContent() ?? '{}');
  expect(s.links.map((l: { id: string }) => l.id)).toEqual(['r1-r2', 'r2-r3', 'r3-r4']);
  const good = Object.fromEntries(s.flows.map((f: { id: string; goodput_mbps: number }) => [f.id, f.goodput_mbps]));
  for (const hop of ['hop1', 'hop2', 'hop3']) expect(good.long).toBeLessThan(good[hop]);
});
