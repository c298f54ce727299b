// The page's message catalogs at run time (issue 31 §1; docs/i18n.md).
//
// One Lingui `i18n` object serves the whole page. A language's catalog is a web/src/locales/*.po
// file that @lingui/vite-plugin compiles at build time into a small JS module of compiled
// messages; each is its own chunk, fetched the first time that language is chosen. Switching
// (`setLang`) activates the new catalog in place: React components that read `useLingui()`
// re-render, the run in the worker and the store are untouched, and `?lang=` is written to the
// address so a share link carries it. `<html lang>` follows, so the CSS picks the CJK font stack
// and screen readers the right voice.
import { i18n, type Messages } from '@lingui/core';
import { readParam, writeAddress } from '../lib/addressBar';
import { LANG_TAGS, type Lang, chooseLang } from './lang';

export { i18n };

// English: a production build compiles the English of every message into the page's code
// (vite-plugins/english-inline.ts), so the English page downloads no catalog; the dev server and
// the unit tests read en.po. (`env` is Vite's: absent where Playwright's loader imports this
// module for a spec, which never activates a language.)
const catalogs: Record<Lang, () => Promise<{ messages: Messages }>> = {
  en: import.meta.env?.PROD ? async () => ({ messages: {} }) : () => import('../locales/en.po'),
  zh: () => import('../locales/zh.po'),
  ja: () => import('../locales/ja.po'),
};

const loaded = new Set<Lang>();

// Until a catalog is loaded (unit tests, the worker, a module evaluated before main.tsx has
// activated one) messages read in English from their descriptors instead of throwing.
if (!i18n.locale) i18n.loadAndActivate({ locale: 'en', messages: {} });

/** The language the page opens in: `?lang=`, then the browser's languages, then English. */
export function initialLang(): Lang {
  return chooseLang(readParam('lang'), globalThis.navigator?.languages ?? []);
}

/** The language on screen. */
export function currentLang(): Lang {
  return (i18n.locale || 'en') as Lang;
}

/** The BCP 47 tag of the language on screen, for Intl. */
export function currentTag(): string {
  return LANG_TAGS[currentLang()];
}

/** Loads (once) and activates `lang`'s catalog and sets `<html lang>`. */
export async function activate(lang: Lang): Promise<void> {
  if (!loaded.has(lang)) {
    const { messages } = await catalogs[lang]();
    i18n.load(lang, messages);
    loaded.add(lang);
  }
  i18n.activate(lang);
  if (globalThis.document) document.documentElement.lang = LANG_TAGS[lang];
}

/** The header picker's action: activate `lang` and keep it in the address (and share links). */
export async function setLang(lang: Lang): Promise<void> {
  await activate(lang);
  writeAddress({ params: { lang } });
}
