// Number formatting for read-outs and tables: the resolution suits the size, the digits are
// written through Intl in the page's language (i18n/format.ts: thin-space digit groups in every
// language), units are symbols. Pure but for the language on screen; unit-tested.
import { formatFixed, formatWhole } from '../i18n/format';
import type { Speed } from '../types';

const dash = '–';

function finite(x: number | null | undefined): x is number {
  return typeof x === 'number' && Number.isFinite(x);
}

/** Simulated time with a resolution that suits its size: "0.250 s", "12.50 s", "180.0 s". */
export function formatSeconds(s: number | null | undefined): string {
  if (!finite(s)) return dash;
  const digits = Math.abs(s) < 10 ? 3 : Math.abs(s) < 100 ? 2 : 1;
  return `${formatFixed(s, digits)} s`;
}

export function formatMbps(x: number | null | undefined): string {
  if (!finite(x)) return dash;
  return formatFixed(x, x >= 100 ? 1 : x >= 1 ? 2 : 3);
}

/** A ratio in [0, 1] as a percentage: 0.9532 → "95.3 %". */
export function formatPercent(ratio: number | null | undefined): string {
  if (!finite(ratio)) return dash;
  return `${formatFixed(ratio * 100, 1)} %`;
}

/** Bytes in decimal units: 1500 → "1.50 kB", 2_500_000 → "2.50 MB". */
export function formatBytes(b: number | null | undefined): string {
  if (!finite(b)) return dash;
  const abs = Math.abs(b);
  if (abs < 1000) return `${formatWhole(b)} B`;
  if (abs < 1e6) return `${formatFixed(b / 1e3, abs < 1e4 ? 2 : 1)} kB`;
  if (abs < 1e9) return `${formatFixed(b / 1e6, abs < 1e7 ? 2 : 1)} MB`;
  return `${formatFixed(b / 1e9, 2)} GB`;
}

/** An integer with thin-space thousands separators: 1234567 → "1 234 567". */
export function formatInt(n: number | null | undefined): string {
  if (!finite(n)) return dash;
  return formatWhole(n);
}

export function formatJain(j: number | null | undefined): string {
  return finite(j) ? formatFixed(j, 3) : dash;
}

export function formatSpeed(s: Speed): string {
  return s === 'max' ? 'max' : `${s}×`;
}

/** Parses the speed selector's value back: "max" or a positive number. */
export function parseSpeed(text: string): Speed | null {
  if (text === 'max') return 'max';
  const x = Number(text);
  return Number.isFinite(x) && x > 0 ? x : null;
}

/** The `?speed=` the page was opened with (the lab and A/B compare start at it), or null. */
export function urlSpeed(search: string = globalThis.location?.search ?? ''): Speed | null {
  return parseSpeed(new URLSearchParams(search).get('speed') ?? '');
}

/**
 * Whether a smoothed RTT is a measurement: the engine reports 0 until the first RTT sample
 * (no round trip is 0 ms long), which must not read as "0.00 ms".
 */
export function rttSampled(ms: number | null | undefined): ms is number {
  return finite(ms) && ms > 0;
}

/** A smoothed RTT in ms with `digits` decimals and an optional unit; a dash before the first sample. */
export function formatRtt(ms: number | null | undefined, digits = 1, unit = ''): string {
  return rttSampled(ms) ? `${formatFixed(ms, digits)}${unit}` : dash;
}

/** Events per second etc.: 1234567 → "1.23 M". */
export function formatRate(x: number | null | undefined): string {
  if (!finite(x)) return dash;
  const abs = Math.abs(x);
  if (abs >= 1e9) return `${formatFixed(x / 1e9, 2)} G`;
  if (abs >= 1e6) return `${formatFixed(x / 1e6, 2)} M`;
  if (abs >= 1e3) return `${formatFixed(x / 1e3, 2)} k`;
  return formatFixed(x, abs < 10 ? 2 : 0);
}
