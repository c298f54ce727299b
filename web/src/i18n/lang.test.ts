import { describe, expect, it } from 'vitest';
import { chooseLang, langOf } from './lang';

describe('chooseLang', () => {
  it('takes ?lang= first, then the browser languages in order, then English', () => {
    expect(chooseLang('ja', ['zh-CN'])).toBe('ja');
    expect(chooseLang(null, ['fr-FR', 'zh-CN', 'ja'])).toBe('zh');
    expect(chooseLang(null, ['ja-JP'])).toBe('ja');
    expect(chooseLang(null, ['fr', 'de'])).toBe('en');
    expect(chooseLang(null, [])).toBe('en');
  });
  it('ignores a lang the page does not have and falls through to the browser', () => {
    expect(chooseLang('ko', ['zh-Hans-CN'])).toBe('zh');
    expect(chooseLang('', ['en-GB'])).toBe('en');
  });
  it('reads tags of any case and separator', () => {
    expect(langOf('ZH_tw')).toBe('zh');
    expect(langOf('ja-JP')).toBe('ja');
    expect(langOf('jav')).toBeNull();
  });
});
