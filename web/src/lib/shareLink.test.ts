import { describe, expect, it } from 'vitest';
import { MAX_PAGE_SEED, linkFromHash, parseSeed, queryWithoutPreset, seedValue, viewSpeed, viewVariant } from './shareLink';

describe('linkFromHash', () => {
  it('returns the percent-decoded body of #s=, or null without one', () => {
    expect(linkFromHash('#s=v1.abc')).toEqual({ ok: true, value: 'v1.abc' });
    expect(linkFromHash('#s=v1.a%2Db')).toEqual({ ok: true, value: 'v1.a-b' });
    expect(linkFromHash('')).toBeNull();
    expect(linkFromHash('#other')).toBeNull();
  });

  it('reports a malformed escape instead of throwing a URIError', () => {
    for (const hash of ['#s=%', '#s=v1.%E0%A4%A', '#s=v1.%zz']) {
      const r = linkFromHash(hash);
      expect(r?.ok).toBe(false);
      expect(r && !r.ok && r.error).toMatch(/malformed %-escape/);
    }
  });
});

describe('viewSpeed', () => {
  it('accepts the speeds of the speed menu and a missing speed', () => {
    expect(viewSpeed({ speed: 10 })).toEqual({ ok: true, value: 10 });
    expect(viewSpeed({ speed: 'max' })).toEqual({ ok: true, value: 'max' });
    expect(viewSpeed({})).toEqual({ ok: true, value: undefined });
    expect(viewSpeed(null)).toEqual({ ok: true, value: undefined });
  });

  it('names view.speed for -1, 0, a string, 3 or an object', () => {
    for (const speed of [-1, 0, 'fast', '10', 3, Number.NaN, { x: 1 }, true]) {
      const r = viewSpeed({ speed });
      expect(r.ok, JSON.stringify(speed)).toBe(false);
      expect(!r.ok && r.error).toMatch(/^view\.speed: /);
    }
    expect(viewSpeed([1]).ok).toBe(false);
  });
});

describe('parseSeed', () => {
  it('accepts whole numbers from 0 to 2^53 - 1', () => {
    expect(parseSeed('0')).toEqual({ ok: true, value: 0 });
    expect(parseSeed(' 42 ')).toEqual({ ok: true, value: 42 });
    expect(parseSeed(String(MAX_PAGE_SEED))).toEqual({ ok: true, value: MAX_PAGE_SEED });
  });

  it('says why -1, 1.5, an empty field and text are not seeds', () => {
    const err = (t: string) => {
      const r = parseSeed(t);
      return r.ok ? null : r.error;
    };
    expect(err('-1')).toMatch(/seed: -1 is negative/);
    expect(err('1.5')).toMatch(/seed: 1\.5 is not a whole number/);
    expect(err('')).toMatch(/seed: empty/);
    expect(err('abc')).toMatch(/not a number/);
  });

  it('rejects seeds above 2^53 - 1 by their digits, saying the page cannot run them', () => {
    // 2^53 + 1 parses to 2^53 as a double; the digits still count.
    for (const t of ['9007199254740992', '9007199254740993', '18446744073709551615']) {
      const r = parseSeed(t);
      expect(r.ok, t).toBe(false);
      expect(!r.ok && r.error).toMatch(/above 2\^53 − 1 .* command-line netlab/);
    }
    expect(seedValue(2 ** 64).ok).toBe(false);
  });
});

describe('what a shared or edited scenario shows', () => {
  it('takes a link\'s variant only when the scenario has it', () => {
    expect(viewVariant({ speed: 1, variant: 'quick' }, ['quick'])).toBe('quick');
    expect(viewVariant({ variant: 'slow' }, ['quick'])).toBeNull();
    expect(viewVariant({ variant: 3 }, ['quick'])).toBeNull();
    expect(viewVariant({}, ['quick'])).toBeNull();
    expect(viewVariant(null, ['quick'])).toBeNull();
  });

  it('drops preset and variant from the query, keeping the rest', () => {
    expect(queryWithoutPreset('?preset=tcp-dumbbell&seed=1&variant=quick&speed=max')).toBe('?seed=1&speed=max');
    expect(queryWithoutPreset('?preset=tcp-dumbbell')).toBe('');
    expect(queryWithoutPreset('')).toBe('');
  });
});
