// Page boxes of laid-out elements and their collisions, for the e2e tests that check that
// labels, titles and read-outs never overlap (issue 16; issue 30, item 13). Boxes come from
// getBoundingClientRect, never from pixels.
import { type Locator, type Page, expect } from '@playwright/test';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether two boxes share more than `tol` px in both directions. */
export function overlap(a: Box, b: Box, tol = 0.5): boolean {
  return a.x + a.width - tol > b.x && b.x + b.width - tol > a.x && a.y + a.height - tol > b.y && b.y + b.height - tol > a.y;
}

/**
 * Page boxes of the visible elements matching `loc`, named by their text, or by `label` and the
 * `attr` of their closest element that has it (e.g. a node's id).
 */
export async function boxes(loc: Locator, by?: { attr: string; label: string }, inSvg = false): Promise<{ name: string; box: Box }[]> {
  return loc.evaluateAll(
    (els, [by, inSvg]) => {
      const nameOf = (el: Element) => (by ? `${by.label} ${el.closest(`[${by.attr}]`)?.getAttribute(by.attr) ?? '?'}` : (el.textContent ?? ''));
      return els
        .map((el) => {
          const r = el.getBoundingClientRect();
          // In the picture's own coordinates: the page may move the picture (a panel above it
          // growing, a scroll) between two calls, which must not read as two labels meeting.
          const o = inSvg ? el.closest('svg')?.getBoundingClientRect() : undefined;
          return { el, r, ox: o?.x ?? 0, oy: o?.y ?? 0 };
        })
        .filter(({ r }) => r.width > 0 && r.height > 0)
        .map(({ el, r, ox, oy }) => ({ name: nameOf(el), box: { x: r.x - ox, y: r.y - oy, width: r.width, height: r.height } }));
    },
    [by, inSvg] as const,
  );
}

/** Every pair of boxes (one from `a`, one from `b`) that overlap, by name. */
export function collisions(a: { name: string; box: Box }[], b: { name: string; box: Box }[] = a): string[] {
  const out: string[] = [];
  a.forEach((p, i) =>
    b.forEach((q, j) => {
      if (a === b && j <= i) return;
      if (overlap(p.box, q.box)) out.push(`"${p.name}" × "${q.name}" ${JSON.stringify([p.box, q.box])}`);
    }),
  );
  return out;
}

/**
 * No two labels of the network picture overlap (link labels, queue read-outs and bars, node
 * names), and none covers a node; returns the label boxes.
 */
export async function expectTopologyUncluttered(page: Page) {
  const svg = page.getByTestId('topology-svg');
  const labels = [
    ...(await boxes(svg.locator('text.edge-label'), undefined, true)),
    ...(await boxes(svg.locator('g.queue'), { attr: 'data-link-id', label: 'queue' }, true)),
    ...(await boxes(svg.locator('g.node text'), undefined, true)),
  ];
  const nodes = await boxes(svg.locator('g.node circle, g.node rect'), { attr: 'data-node-id', label: 'node' }, true);
  expect(collisions(labels)).toEqual([]);
  expect(collisions(labels, nodes)).toEqual([]);
  return labels;
}

