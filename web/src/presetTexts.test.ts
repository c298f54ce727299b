import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { englishWords } from './i18n/untranslated';

// A preset's tour and worksheet read in Chinese and Japanese without English left in them
// (issue 31 §1, issue 32 §3). What may stay in Latin letters: the allow-list of
// web/src/i18n/untranslated.ts (protocol and algorithm names, units, abbreviations), the
// preset's own identifiers a student types or picks (knob names and option values such as
// `buffer_bdp`, `bbr-a`, flow ids) and formulas in function notation (`min(α·acked/cwnd_total, …)`).
// Whether every text has zh and ja at all, and keeps the English's numbers, is
// tests/presets.rs's job; this reads the words.

type Text = string | Record<string, string>;
interface Preset {
  knobs?: { name: string; options?: string[] }[];
  flows?: { id?: string }[];
  tour?: { title: Text; text: Text }[];
  worksheet?: { id: string; prompt: Text; explanation: Text; choices?: { text: Text }[] }[];
}

const dir = 'public/scenarios';
const presets = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(`${dir}/${f}`, 'utf8')) as Preset] as const);

/** The English a zh/ja text keeps, outside the preset's identifiers and formulas. */
function englishLeft(text: string, ids: Set<string>): string[] {
  const noFormulas = text.replace(/[A-Za-z]+\([^)]*\)/g, ' ');
  return englishWords(noFormulas).filter((w) => !ids.has(w));
}

describe('preset tours and worksheets in zh and ja', () => {
  it('leave no English word outside names, units and the preset\'s own identifiers', () => {
    const found: string[] = [];
    let read = 0;
    for (const [name, p] of presets) {
      const ids = new Set([...(p.knobs ?? []).flatMap((k) => [k.name, ...(k.options ?? [])]), ...(p.flows ?? []).flatMap((f) => (f.id ? [f.id] : []))]);
      const texts: [string, Text][] = [
        ...(p.tour ?? []).flatMap((s, i) => [[`tour[${i}].title`, s.title], [`tour[${i}].text`, s.text]] as [string, Text][]),
        ...(p.worksheet ?? []).flatMap((q) => [
          [`worksheet ${q.id} prompt`, q.prompt],
          [`worksheet ${q.id} explanation`, q.explanation],
          ...(q.choices ?? []).map((c, j) => [`worksheet ${q.id} choice ${j}`, c.text]),
        ] as [string, Text][]),
      ];
      for (const [where, t] of texts) {
        for (const lang of ['zh', 'ja']) {
          const s = typeof t === 'string' ? '' : (t[lang] ?? '');
          read += 1;
          const left = englishLeft(s, ids);
          if (left.length) found.push(`${name} ${where} (${lang}): ${left.join(', ')}`);
        }
      }
    }
    expect(read).toBeGreaterThan(200);
    expect(found).toEqual([]);
  });

  it('the reader catches English and lets identifiers and formulas through', () => {
    const ids = new Set(['buffer_bdp', 'bbr-a']);
    // (`cc` and `pacing` are on the allow-list: the scenario field and the word the glossary keeps.)
    expect(englishLeft('把 window 设为 bbr-a，buffer_bdp = 0.1', ids)).toEqual(['window']);
    expect(englishLeft('LIA 只允许增长 min(α·acked/cwnd_total, acked/cwnd_i)', ids)).toEqual([]);
    expect(englishLeft('BBR 循环切换 probing 增益', ids)).toEqual(['probing']);
  });
});
