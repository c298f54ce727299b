// A preset's text in the page's language: the TypeScript side of the engine's LocalText
// (sim-wasm/core/src/scenario/text.rs) — one English string, or {en, zh, ja}; a language the
// text lacks (or leaves blank) reads in English, as LocalText::get does.
import type { LocalText } from '../generated/LocalText';
import { i18n } from './i18n';

export function localText(text: LocalText | null | undefined, lang: string = i18n.locale || 'en'): string {
  if (text == null) return '';
  if (typeof text === 'string') return text;
  const own = text[lang];
  return own && own.trim() !== '' ? own : (text.en ?? '');
}
