// Numbers in the page's language through Intl (issue 31 §1): the digits and the decimal sign as
// the reader's language writes them. Digit groups are set apart by a thin space in every
// language, the SI and ISO 80000-1 rule that Chinese (GB 3101) and Japanese (JIS Z 8000)
// scientific texts follow too, so "1 234 567" reads the same in a table of any language and
// cannot be mistaken for a decimal comma. Units stay symbols (Mbit/s, ms); worded units are in
// i18n/units.ts.
import { currentTag } from './i18n';

const THIN = '\u2009';
const MINUS = '\u2212';
const cache = new Map<string, Intl.NumberFormat>();

function formatter(min: number, max: number, grouping: boolean): Intl.NumberFormat {
  const key = `${currentTag()}|${min}|${max}|${grouping}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(currentTag(), { minimumFractionDigits: min, maximumFractionDigits: max, useGrouping: grouping });
    cache.set(key, f);
  }
  return f;
}

/** Intl's parts, with thin-space digit groups and a true minus sign. */
function render(f: Intl.NumberFormat, x: number): string {
  return f
    .formatToParts(x)
    .map((p) => (p.type === 'group' ? THIN : p.type === 'minusSign' ? MINUS : p.value))
    .join('');
}

/** `x` with at most `digits` decimals, grouped. */
export function formatNumber(x: number, digits = 3): string {
  return render(formatter(0, digits, true), x);
}

/** `x` with exactly `digits` decimals and no digit groups (a read-out's fixed resolution). */
export function formatFixed(x: number, digits: number): string {
  // Intl rounds half-even in some engines and half-away in others; toFixed's rounding is the
  // page's (and the tests') reference, so round first and let Intl only write the digits.
  return render(formatter(digits, digits, false), Number(x.toFixed(digits)));
}

/** A whole number with thin-space digit groups. */
export function formatWhole(n: number): string {
  return render(formatter(0, 0, true), Math.round(n));
}
