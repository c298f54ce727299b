// What the page reads from a shared link before (and after) the engine decodes it: the link body
// in the URL fragment, the view state it carries, and seeds. Pure; unit-tested. Every failure
// is a one-line message naming what is wrong, like the engine's validation messages.
import { SPEEDS, type Speed } from '../types';
import { type ParamChanges, queryWith } from './addressBar';

/** The URL fragment that carries a shared run: `#s=v1.…`. */
export const LINK_PREFIX = '#s=';

/**
 * The largest seed the page can run: seeds travel as JavaScript numbers (IEEE doubles), which
 * hold every integer only up to 2⁵³ − 1. Larger seeds run with the command-line `netlab`.
 */
export const MAX_PAGE_SEED = Number.MAX_SAFE_INTEGER;

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * The link body of a `#s=…` fragment, percent-decoded (chat apps and mail clients escape it),
 * or null when the fragment carries no link. A malformed escape (`#s=%`, `%E0%A4%A`) is an
 * error to show, not an exception: thrown from the worker's message handler it left the page
 * on "starting".
 */
export function linkFromHash(hash: string): Parsed<string> | null {
  if (!hash.startsWith(LINK_PREFIX)) return null;
  const raw = hash.slice(LINK_PREFIX.length);
  try {
    return { ok: true, value: decodeURIComponent(raw) };
  } catch {
    return { ok: false, error: `the link has a malformed %-escape (${shorten(raw)}); it was probably cut off or altered when copied` };
  }
}

function shorten(text: string, max = 40): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * A link's `view.speed`: one of the speeds the page offers (the speed menu), else an error
 * naming the field. −1, 0 or a string used to leave the run "running" with no events at all.
 * `undefined` when the link carries no speed.
 */
export function viewSpeed(view: unknown): Parsed<Speed | undefined> {
  if (view === null || view === undefined) return { ok: true, value: undefined };
  if (typeof view !== 'object' || Array.isArray(view)) return { ok: false, error: `view: expected an object, found ${describe(view)}` };
  if (!('speed' in view)) return { ok: true, value: undefined };
  const speed = (view as { speed: unknown }).speed;
  if (speed === undefined || speed === null) return { ok: true, value: undefined };
  if (SPEEDS.includes(speed as Speed)) return { ok: true, value: speed as Speed };
  const allowed = SPEEDS.map((s) => (s === 'max' ? '"max"' : String(s))).join(', ');
  return { ok: false, error: `view.speed: ${describe(speed)} is not a speed the page offers (${allowed})` };
}

/**
 * A link's `view.variant`, when it names one of the scenario's `variants`: the variant its
 * scenario was made with (already applied), which the page shows. Anything else is ignored.
 */
export function viewVariant(view: unknown, variants: readonly string[]): string | null {
  if (view === null || typeof view !== 'object' || Array.isArray(view)) return null;
  const v = (view as { variant?: unknown }).variant;
  return typeof v === 'string' && variants.includes(v) ? v : null;
}

/** The parameters that name a preset, removed (for `writeAddress`; see queryWithoutPreset). */
export const NO_PRESET: ParamChanges = { preset: null, variant: null };

/**
 * The URL query without `preset` and `variant`, for a page that shows an edited or shared
 * scenario: those parameters would claim a preset that is not what runs (a reload opens the
 * link in the fragment, or the default preset). Other parameters (seed, speed, view) stay.
 */
export function queryWithoutPreset(search: string): string {
  return queryWith(search, NO_PRESET);
}

function describe(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(shorten(v));
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return 'an array';
  return v === null ? 'null' : typeof v === 'object' ? 'an object' : typeof v;
}

/**
 * A seed typed into the page: a whole number from 0 to 2⁵³ − 1. The seed field used to ignore
 * −1 and 1.5 silently and to run seed 0 when emptied; each now gets a message.
 */
export function parseSeed(text: string): Parsed<number> {
  const t = text.trim();
  if (t === '') return { ok: false, error: `seed: empty; enter a whole number from 0 to ${MAX_PAGE_SEED}` };
  const n = Number(t);
  if (!Number.isFinite(n)) return { ok: false, error: `seed: "${shorten(t)}" is not a number` };
  return seedValue(n, t);
}

/** A seed from a link, the URL or the engine: the same bounds as `parseSeed`. */
export function seedValue(n: number, shown: string = String(n)): Parsed<number> {
  if (!Number.isFinite(n)) return { ok: false, error: `seed: ${shown} is not a number` };
  if (n < 0) return { ok: false, error: `seed: ${shown} is negative; seeds are whole numbers from 0 to ${MAX_PAGE_SEED}` };
  if (!Number.isInteger(n)) return { ok: false, error: `seed: ${shown} is not a whole number` };
  // The digits, not the double: "9007199254740993" parses to …992 and would pass a `>` test.
  const big = /^\d+$/.test(shown) ? BigInt(shown) : BigInt(n);
  if (big > BigInt(MAX_PAGE_SEED)) {
    return {
      ok: false,
      error: `seed: ${shown} is above 2^53 − 1 = ${MAX_PAGE_SEED}, the largest seed the page can run exactly (its numbers are 64-bit floats); run it with the command-line netlab`,
    };
  }
  return { ok: true, value: n };
}
