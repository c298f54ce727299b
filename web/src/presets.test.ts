import { describe, expect, it } from 'vitest';
import { LEARNING_ORDER } from './lib/gallery';
import { loadPresets } from './presets';

const PRESETS = await loadPresets();

describe('the lab preset list', () => {
  it('follows the gallery teaching order, tcp-single first (issue 30 item 14)', () => {
    const names = PRESETS.map((p) => p.name);
    const taught = LEARNING_ORDER.flatMap((g) => g.names).filter((n) => names.includes(n));
    expect(names.slice(0, taught.length)).toEqual(taught);
    expect(names[0]).toBe('tcp-single');
    expect(new Set(names).size).toBe(names.length);
  });

  it('every preset leads with a look_for of at most 80 English words, in zh and ja too', () => {
    for (const p of PRESETS) {
      const t = p.look_for;
      expect(typeof t === 'object' && t !== null, p.name).toBe(true);
      const by = t as Record<string, string>;
      expect(by.en!.split(/\s+/).filter(Boolean).length, p.name).toBeLessThanOrEqual(80);
      expect(by.zh, p.name).toBeTruthy();
      expect(by.ja, p.name).toBeTruthy();
    }
  });
});
