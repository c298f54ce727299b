import { describe, expect, it } from 'vitest';
import { localText, presetTitle } from './localText';

describe('localText', () => {
  it('gives each language its own words and falls back to English like the engine', () => {
    const t = { en: 'Slow start', zh: '慢启动', ja: ' ' };
    expect(localText(t, 'zh')).toBe('慢启动');
    expect(localText(t, 'ja')).toBe('Slow start');
    expect(localText('Slow start', 'ja')).toBe('Slow start');
    expect(localText(undefined, 'en')).toBe('');
  });
});

describe('presetTitle', () => {
  // A shared link's preset keeps the per-language title the engine gave it (it once read
  // "[object Object] (shared link)"): the page picks the language and adds its own mark.
  it('names a shared or edited scenario in the language asked for, marked', () => {
    const title = { en: 'One TCP flow', zh: '单条 TCP 流', ja: '1 本の TCP フロー' };
    expect(presetTitle({ title }, 'zh')).toBe('单条 TCP 流');
    expect(presetTitle({ title, origin: { kind: 'shared', variant: null } }, 'ja')).toBe('1 本の TCP フロー (shared link)');
    expect(presetTitle({ title, origin: { kind: 'edited', variant: null } }, 'en')).toBe('One TCP flow (edited)');
    expect(presetTitle(undefined)).toBe('');
  });
});
