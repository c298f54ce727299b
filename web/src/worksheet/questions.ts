// Which worksheet questions the scenario on screen can answer (issue 32 part 3). A question is
// written for one run: the preset as written under a variant ("variant") with some knob
// settings ("when"); any other knob at the preset's default. As for the guided tour
// (lib/tourFit.ts), an edited or shared scenario, or a knob moved to a setting no question is
// written for, gets no question — the explanation would describe another run. Pure.
import { i18n } from '../i18n/i18n';
import { unitText } from '../i18n/units';
import type { KnobValue, PresetDesc } from '../types';
import type { LocalText, Question } from '../generated';
import { msg } from './messages';
import { localText } from '../i18n/localText';

/** The text in `lang` (falling back to English), as scenario/text.rs LocalText::get. */
export function textIn(t: LocalText, lang: string): string {
  if (typeof t === 'string') return t;
  const own = t[lang];
  return own !== undefined && own.trim() !== '' ? own : (t.en ?? '');
}

/** The page's language for preset texts: the document's, when the lab has it; else English. */
export function pageLanguage(): string {
  const l = (globalThis.document?.documentElement.lang ?? 'en').slice(0, 2);
  return ['en', 'zh', 'ja'].includes(l) ? l : 'en';
}

function variantMatches(mark: string | null | undefined, variant: string | null): boolean {
  if (mark === undefined || mark === null) return true;
  return variant === null ? mark === 'full' : mark === variant;
}

const same = (a: KnobValue | undefined, b: unknown) => a !== undefined && String(a) === String(b);

export interface Offer {
  questions: Question[];
  /** Why the preset's worksheet is not offered for this scenario, or null. */
  withheld: string | null;
}

/** The preset's questions for the run on screen (`defaults`: the knobs under `variant`). */
export function offeredQuestions(
  preset: PresetDesc | undefined,
  variant: string | null,
  defaults: Record<string, KnobValue>,
  knobValues: Record<string, KnobValue>,
): Offer {
  const all = preset?.worksheet ?? [];
  if (!preset || all.length === 0) return { questions: [], withheld: null };
  if (preset.origin?.kind === 'edited') return { questions: [], withheld: msg.edited() };
  if (preset.origin?.kind === 'shared') return { questions: [], withheld: msg.shared() };
  const fits = (q: Question) =>
    variantMatches(q.variant, variant) &&
    preset.knobs.every((k) => {
      const want = q.when?.[k.name] ?? defaults[k.name];
      const now = knobValues[k.name] ?? defaults[k.name];
      return want === undefined || now === undefined || same(now, want);
    });
  const questions = all.filter(fits);
  if (questions.length > 0) return { questions, withheld: null };
  const moved = preset.knobs.filter((k) => knobValues[k.name] !== undefined && !same(knobValues[k.name], defaults[k.name]));
  const what = moved.map((k) => msg.knobIs(localText(k.label), String(knobValues[k.name]), k.unit ? unitText(i18n, k.unit) : '')).join(msg.listSep());
  return { questions: [], withheld: moved.length > 0 ? msg.knobMoved(what) : null };
}
