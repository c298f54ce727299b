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

/** A stable colour per owner id, by its position in the list of owners. */
export function colorFor(index: number): string {
  const n = OKABE_ITO.length;
  return OKABE_ITO[((index % n) + n) % n]!;
}
