import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatInt,
  formatJain,
  formatMbps,
  formatPercent,
  formatRate,
  formatRtt,
  formatSeconds,
  formatSpeed,
  parseSpeed,
  urlSpeed,
} from './format';

describe('formatters', () => {
  it('formats seconds by magnitude', () => {
    expect(formatSeconds(0.25)).toBe('0.250 s');
    expect(formatSeconds(12.5)).toBe('12.50 s');
    expect(formatSeconds(180)).toBe('180.0 s');
    expect(formatSeconds(null)).toBe('–');
    expect(formatSeconds(Number.NaN)).toBe('–');
  });

  it('formats rates, percentages and bytes', () => {
    expect(formatMbps(94.123)).toBe('94.12');
    expect(formatMbps(150.04)).toBe('150.0');
    expect(formatMbps(0.5)).toBe('0.500');
    expect(formatPercent(0.9532)).toBe('95.3 %');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1500)).toBe('1.50 kB');
    expect(formatBytes(125_000)).toBe('125.0 kB');
    expect(formatBytes(2_500_000)).toBe('2.50 MB');
    expect(formatRate(1_234_567)).toBe('1.23 M');
    expect(formatRate(5)).toBe('5.00');
  });

  it('shows no RTT before the first sample (the engine reports 0)', () => {
    expect(formatRtt(0)).toBe('–');
    expect(formatRtt(undefined)).toBe('–');
    expect(formatRtt(57.96)).toBe('58.0');
    expect(formatRtt(57.9612, 2, ' ms')).toBe('57.96 ms');
  });

  it('formats integers with thin spaces', () => {
    expect(formatInt(1234567)).toBe('1\u2009234\u2009567');
    expect(formatInt(12)).toBe('12');
    expect(formatInt(-1000)).toBe('−1\u2009000');
    expect(formatInt(undefined)).toBe('–');
  });

  it('formats Jain and speeds', () => {
    expect(formatJain(0.99876)).toBe('0.999');
    expect(formatJain(null)).toBe('–');
    expect(formatSpeed(0.1)).toBe('0.1×');
    expect(formatSpeed('max')).toBe('max');
    expect(parseSpeed('max')).toBe('max');
    expect(parseSpeed('10')).toBe(10);
    expect(parseSpeed('-1')).toBeNull();
    expect(parseSpeed('x')).toBeNull();
  });

  it('reads the opening speed from the URL (the lab and A/B compare share it)', () => {
    expect(urlSpeed('?preset=x&speed=max')).toBe('max');
    expect(urlSpeed('?speed=0.5')).toBe(0.5);
    expect(urlSpeed('?speed=fast')).toBeNull();
    expect(urlSpeed('')).toBeNull();
  });
});

describe('formatters in every page language (issue 31 §1: numbers through Intl)', () => {
  const THIN = '\u2009';
  afterEach(() => i18n.activate('en'));

  for (const lang of ['en', 'zh', 'ja'] as const) {
    it(`writes ${lang} numbers with a decimal point and thin-space digit groups, never a comma`, () => {
      i18n.load(lang, {});
      i18n.activate(lang);
      expect(formatInt(1234567)).toBe(`1${THIN}234${THIN}567`);
      expect(formatInt(-1234)).toBe(`\u22121${THIN}234`);
      expect(formatMbps(94.123)).toBe('94.12');
      expect(formatMbps(1234.56)).toBe('1234.6');
      expect(formatPercent(0.9532)).toBe('95.3 %');
      expect(formatSeconds(0.25)).toBe('0.250 s');
      expect(formatBytes(2_500_000)).toBe('2.50 MB');
      expect(formatJain(0.99951)).toBe('1.000');
      for (const text of [formatInt(98765432), formatMbps(12345.678), formatRate(1234567)]) expect(text).not.toMatch(/,/);
    });
  }
});
