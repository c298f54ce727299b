// The catalogs are complete (issue 31 §1): every message the source uses (`i18n._({ id, message })`,
// extracted exactly as `npm run i18n:extract` does) is in en.po with the source's English, and in
// zh.po and ja.po translated: not empty, not left in English, with the same {placeholders}.
// A new string in the source fails this test until `npm run i18n:extract` is run and its zh/ja
// lines are written (docs/i18n.md).
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { beforeAll, describe, expect, it } from 'vitest';
import { englishWords } from './untranslated';

type Entry = { message?: string; translation?: string };
type Catalog = Record<string, Entry>;

let source: Catalog;
const read: Record<string, Catalog> = {};

beforeAll(async () => {
  const config = getConfig({ cwd: process.cwd(), skipValidation: true });
  const [catalog] = await getCatalogs(config);
  if (!catalog) throw new Error('lingui.config.ts names no catalog');
  source = ((await catalog.collect()) ?? {}) as Catalog;
  for (const lang of ['en', 'zh', 'ja']) read[lang] = (await catalog.read(lang)) as Catalog;
}, 120_000);

// The arguments a message reads: `{name}` and `{name, plural, …}`, each once. The words inside a
// plural's branches (`one {a packet}`) are text, not arguments, and a translation may drop the
// plural altogether (Chinese and Japanese do not inflect) as long as it reads the same arguments.
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]))].sort();

describe('message catalogs', () => {
  it('the source uses messages (the extractor finds them)', () => {
    expect(Object.keys(source).length).toBeGreaterThan(100);
  });

  it('en.po has every message of the source, with the same English, and nothing else', () => {
    const en = read.en!;
    const stale = Object.entries(source)
      .filter(([id, m]) => en[id]?.translation !== m.message)
      .map(([id, m]) => `${id}: source "${m.message}", en.po "${en[id]?.translation ?? '(missing)'}"`);
    expect(stale, 'run `npm run i18n:extract`').toEqual([]);
    const obsolete = Object.keys(en).filter((id) => !(id in source));
    expect(obsolete, 'run `npm run i18n:extract` (it drops messages the source no longer uses)').toEqual([]);
  });

  for (const lang of ['zh', 'ja']) {
    it(`${lang}.po translates every message`, () => {
      const cat = read[lang]!;
      const problems: string[] = [];
      for (const [id, m] of Object.entries(source)) {
        const english = m.message ?? '';
        const t = cat[id]?.translation ?? '';
        if (!t) problems.push(`${id}: missing`);
        else if (englishWords(t).length > 0) problems.push(`${id}: English left: ${englishWords(t).join(' ')}`);
        else if (placeholders(t).join() !== placeholders(english).join()) {
          problems.push(`${id}: placeholders ${placeholders(t).join()} ≠ ${placeholders(english).join()}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
