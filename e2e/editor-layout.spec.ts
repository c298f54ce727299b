// Issue 30, item 8: nodes added in the editor's graph picture are not placed in a row and
// written into the scenario (links and labels on top of each other); unplaced nodes take the
// lab's layered layout, and only a node the user dragged keeps a position.
import { type Page, expect, test } from '@playwright/test';

const node = (page: Page, name: string) => page.locator(`[data-testid="graph-canvas"] [data-node="${name}"] .graph-node-body`);
const rawJson = async (page: Page) => JSON.parse(await page.getByTestId('editor-json').inputValue());

async function linkPair(page: Page, a: string, b: string) {
  await node(page, a).click();
  await node(page, b).click({ modifiers: ['Shift'] });
  await page.getByTestId('graph-link').click();
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('added nodes are laid out in layers, not written into the scenario; a dragged one keeps its place', async ({ page }) => {
  await page.goto('/?view=editor&preset=tcp-dumbbell&seed=1&speed=max');
  await expect(page.getByTestId('editor')).toHaveAttribute('data-valid', 'true');
  await page.locator('[data-testid="editor-form"] [data-path="topology.kind"]').selectOption('graph');
  await expect(page.getByTestId('graph-editor')).toBeVisible();
  // Start from an empty graph: remove what the switch made.
  const start = await rawJson(page);
  start.topology = { kind: 'graph', nodes: [], links: [] };
  start.flows = [];
  await page.getByTestId('editor-json').fill(JSON.stringify(start, null, 2));

  for (let i = 0; i < 3; i++) await page.getByTestId('graph-add-router').click();
  for (let i = 0; i < 2; i++) await page.getByTestId('graph-add-host').click();
  await linkPair(page, 'h1', 'r1');
  await linkPair(page, 'r1', 'r2');
  await linkPair(page, 'r2', 'r3');
  await linkPair(page, 'r3', 'h2');

  const nodes = (await rawJson(page)).topology.nodes as { name: string; x?: number; y?: number }[];
  expect(nodes.map((n) => n.name)).toEqual(['r1', 'r2', 'r3', 'h1', 'h2']);
  for (const n of nodes) expect(n, n.name).not.toHaveProperty('x');

  // Layers along the links: h1, r1, r2, r3, h2 from left to right, and no two labels overlap.
  const centre = async (name: string) => {
    const b = (await node(page, name).boundingBox())!;
    return b.x + b.width / 2;
  };
  const xs = [];
  for (const n of ['h1', 'r1', 'r2', 'r3', 'h2']) xs.push(await centre(n));
  for (let i = 1; i < xs.length; i++) expect(xs[i]!).toBeGreaterThan(xs[i - 1]! + 20);
  const labels = await page.locator('[data-testid="graph-canvas"] .graph-node-label, [data-testid="graph-canvas"] .graph-link-label').evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height, text: e.textContent };
    }),
  );
  for (let i = 0; i < labels.length; i++) {
    for (let j = i + 1; j < labels.length; j++) expect(overlap(labels[i]!, labels[j]!), `${labels[i]!.text} / ${labels[j]!.text}`).toBe(false);
  }

  // Dragging writes that node's position, and only that one's.
  const box = (await node(page, 'h1').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 5, box.y + box.height / 2 + 60, { steps: 4 });
  await page.mouse.up();
  const after = (await rawJson(page)).topology.nodes as { name: string; x?: number; y?: number }[];
  expect(after.filter((n) => n.x !== undefined).map((n) => n.name)).toEqual(['h1']);
});
