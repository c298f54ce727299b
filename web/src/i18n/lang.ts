// The page's languages and how one is chosen (issue 31 §1): `?lang=` first (it travels in share
// links), then the browser's languages in order of preference, then English. Pure: unit-tested
// in lang.test.ts; i18n.ts applies the choice.

export const LANGS = ['en', 'zh', 'ja'] as const;
export type Lang = (typeof LANGS)[number];

/** Each language named in itself, as the header's picker shows it. */
export const LANG_NAMES: Record<Lang, string> = { en: 'English', zh: '简体中文', ja: '日本語' };

/** The BCP 47 tag for `<html lang>` and Intl (Simplified Chinese as written in mainland China). */
export const LANG_TAGS: Record<Lang, string> = { en: 'en', zh: 'zh-Hans', ja: 'ja' };

/** The page language a tag names ('zh-CN', 'zh-Hans', 'ja-JP', 'en-GB', 'zh'), or null. */
export function langOf(tag: string | null | undefined): Lang | null {
  if (!tag) return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return (LANGS as readonly string[]).includes(primary ?? '') ? (primary as Lang) : null;
}

/** The language to show: the URL's `lang`, else the first browser language we have, else English. */
export function chooseLang(param: string | null, browser: readonly string[]): Lang {
  const fromUrl = langOf(param);
  if (fromUrl) return fromUrl;
  for (const tag of browser) {
    const lang = langOf(tag);
    if (lang) return lang;
  }
  return 'en';
}
