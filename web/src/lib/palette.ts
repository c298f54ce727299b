// Okabe–Ito colour-blind-safe palette, ordered for contrast on both light and dark
// backgrounds (yellow last: it is weak on white).
export const OKABE_ITO = [
  '#0072B2', // blue
  '#E69F00', // orange
  '#009E73', // bluish green
  '#D55E00', // vermillion
  '#56B4E9', // sky blue
  '#CC79A7', // reddish purple
  '#F0E442', // yellow
] as const;

/**
 * Past the palette, each round of its colours is mixed towards black or white, so no two lines
 * of one chart share a colour (issue 30, item 13: a QUIC run's control stream and its 8th bulk
 * stream were both blue): 7 × 4 distinct colours, then hues a golden angle apart.
 */
const ROUNDS: readonly { toward: number; by: number }[] = [
  { toward: 0, by: 0 },
  { toward: 0, by: 0.45 },
  { toward: 255, by: 0.5 },
  { toward: 0, by: 0.7 },
];

function mix(hex: string, toward: number, by: number): string {
  const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `#${c.map((v) => Math.round(v + (toward - v) * by).toString(16).padStart(2, '0')).join('')}`;
}

/** A stable colour per owner id, by its position in the list of owners; distinct for every index. */
export function colorFor(index: number): string {
  const n = OKABE_ITO.length;
  const i = Math.max(0, Math.floor(index));
  const round = Math.floor(i / n);
  const base = OKABE_ITO[i % n]!;
  if (round === 0) return base;
  const r = ROUNDS[round];
  if (r) return mix(base, r.toward, r.by);
  return `hsl(${((i * 137.508) % 360).toFixed(1)} 60% 42%)`;
}
