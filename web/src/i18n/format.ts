// Numbers in the page's language through Intl (issue 31 §1): digit grouping and the decimal
// sign as the reader expects them. Units stay as they are written (Mbit/s, ms), which is how
// Chinese and Japanese textbooks write them too.
import { currentTag } from './i18n';

const cache = new Map<string, Intl.NumberFormat>();

/** `x` with at most `digits` decimals, grouped the page language's way. */
export function formatNumber(x: number, digits = 3): string {
  const key = `${currentTag()}|${digits}`;
  let f = cache.get(key);
  if (!f) cache.set(key, (f = new Intl.NumberFormat(currentTag(), { maximumFractionDigits: digits })));
  return f.format(x);
}
