// A preset's text in the page's language: the TypeScript side of the engine's LocalText
// (sim-wasm/core/src/scenario/text.rs) — one English string, or {en, zh, ja}; a language the
// text lacks (or leaves blank) reads in English, as LocalText::get does.
import type { LocalText } from '../generated/LocalText';
import type { PresetDesc } from '../types';
import { i18n } from './i18n';

export function localText(text: LocalText | null | undefined, lang: string = i18n.locale || 'en'): string {
  if (text == null) return '';
  if (typeof text === 'string') return text;
  const own = text[lang];
  return own && own.trim() !== '' ? own : (text.en ?? '');
}

/**
 * A preset's title as the page names it: its own text in the page's language, marked when the
 * scenario is not the preset as written (opened from a shared link, or edited in the editor).
 * The worker keeps the preset's per-language title as it is; the mark is the page's words.
 */
export function presetTitle(preset: Pick<PresetDesc, 'title' | 'origin'> | null | undefined, lang?: string): string {
  if (!preset) return '';
  const title = localText(preset.title, lang);
  switch (preset.origin?.kind) {
    case 'shared':
      return i18n._({ id: 'preset.title-shared', message: '{title} (shared link)', values: { title } });
    case 'edited':
      return i18n._({ id: 'preset.title-edited', message: '{title} (edited)', values: { title } });
    default:
      return title;
  }
}
