import { describe, expect, it } from 'vitest';
import { localText } from './localText';

describe('localText', () => {
  it('gives each language its own words and falls back to English like the engine', () => {
    const t = { en: 'Slow start', zh: '慢启动', ja: ' ' };
    expect(localText(t, 'zh')).toBe('慢启动');
    expect(localText(t, 'ja')).toBe('Slow start');
    expect(localText('Slow start', 'ja')).toBe('Slow start');
    expect(localText(undefined, 'en')).toBe('');
  });
});
