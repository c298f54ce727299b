// Node positions the user dragged in the network picture, kept in the page's URL query as
// `layout=` so that a reload and a shared link (which keeps the query, sim/controller.ts) show
// the same arrangement. Pure; unit-tested (positions.test.ts).
//
// Format: `id:x:y` entries joined by `,`, with x and y fractions (0‥1, three decimals) of the
// picture's inner area — fractions, not pixels, so an arrangement survives another window
// width. Ids are percent-encoded, so any node name fits. An entry that does not parse is
// ignored (a hand-edited link must not break the page), the rest still applies.
import type { Fraction } from './layout';
import { type ParamChanges, queryWith, readParam, writeAddress } from '../lib/addressBar';

export const LAYOUT_PARAM = 'layout';

export function parsePositions(text: string | null | undefined): Map<string, Fraction> {
  const out = new Map<string, Fraction>();
  if (!text) return out;
  for (const entry of text.split(',')) {
    const parts = entry.split(':');
    if (parts.length !== 3) continue;
    let id: string;
    try {
      id = decodeURIComponent(parts[0]!);
    } catch {
      continue;
    }
    const fx = Number(parts[1]);
    const fy = Number(parts[2]);
    if (id === '' || parts[1] === '' || parts[2] === '' || !(fx >= 0 && fx <= 1) || !(fy >= 0 && fy <= 1)) continue;
    out.set(id, { fx, fy });
  }
  return out;
}

export function formatPositions(positions: ReadonlyMap<string, Fraction>): string {
  const r = (v: number) => String(Math.round(Math.min(1, Math.max(0, v)) * 1000) / 1000);
  return [...positions]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, p]) => `${encodeURIComponent(id)}:${r(p.fx)}:${r(p.fy)}`)
    .join(',');
}

/** The query string with `layout=` set (or removed when empty), other parameters kept in order. */
export function queryWithPositions(search: string, positions: ReadonlyMap<string, Fraction>): string {
  return queryWith(search, layoutParam(positions));
}

/** The `layout=` parameter for `positions` (removed when there are none). */
function layoutParam(positions: ReadonlyMap<string, Fraction>): ParamChanges {
  return { [LAYOUT_PARAM]: positions.size > 0 ? formatPositions(positions) : null };
}

/** The positions in the page's current URL. */
export function positionsFromUrl(): Map<string, Fraction> {
  try {
    return parsePositions(readParam(LAYOUT_PARAM));
  } catch {
    return new Map();
  }
}

/** Writes the positions into the page's URL (replacing the history entry; the fragment is kept). */
export function savePositionsToUrl(positions: ReadonlyMap<string, Fraction>): void {
  writeAddress({ params: layoutParam(positions) });
}
