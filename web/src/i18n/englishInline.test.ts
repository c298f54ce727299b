// vite-plugins/english-inline.ts: the production build compiles each message's English into the
// page's code so the English page loads no catalog. What it writes must read, through Lingui's
// runtime with an empty catalog, exactly as the English catalog reads: placeholders and plurals
// interpolated, and no "Uncompiled message" warning (the runtime warns on every plain string).
import { setupI18n } from '@lingui/core';
import { parseAst } from 'rolldown/parseAst';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { englishInline } from '../../../vite-plugins/english-inline';

const SOURCE = `
const a = i18n._({ id: 'run.play', message: '▶ Play' });
const b = i18n._({ id: 'error.knob', message: 'Knob {knob}:', values: { knob } });
const c = i18n._({
  id: 'flows',
  message: '{count, plural, one {# flow} other {# flows}} in {name}',
  values: { count, name },
});
const d = { id: 'not-a-message', message: 'left {as} it is' };
const e = i18n._({ id: 'quote', message: "the flow's window" });
`;

/** The plugin's output for SOURCE, as if it were a module of the page. */
function transformed(): string {
  const plugin = englishInline();
  const transform = plugin.transform as (this: unknown, code: string, id: string) => { code: string } | null;
  const out = transform.call({ parse: (code: string) => parseAst(code) }, SOURCE, '/repo/web/src/x.ts');
  if (!out) throw new Error('the plugin changed nothing');
  return out.code;
}

/** Runs the transformed module against a Lingui instance activated in English with no catalog. */
function readBack(code: string, values: { knob: string; count: number; name: string }) {
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
  const run = new Function('i18n', 'knob', 'count', 'name', `${code}; return { a, b, c, d, e };`);
  return run(i18n, values.knob, values.count, values.name) as Record<string, unknown>;
}

describe('english-inline', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads every message in English from the code, interpolated, with no catalog', () => {
    const warn = vi.spyOn(console, 'warn');
    const one = readBack(transformed(), { knob: 'buffer_bdp', count: 1, name: 'short-rtt' });
    expect(one.a).toBe('▶ Play');
    expect(one.b).toBe('Knob buffer_bdp:');
    expect(one.c).toBe('1 flow in short-rtt');
    expect(one.e).toBe("the flow's window");
    const many = readBack(transformed(), { knob: 'rtt_ms', count: 3, name: 'long-rtt' });
    expect(many.c).toBe('3 flows in long-rtt');
    expect(warn).not.toHaveBeenCalled();
  });

  it('compiles only the descriptors given to a ._() call', () => {
    const code = transformed();
    expect(code).toContain("{ id: 'not-a-message', message: 'left {as} it is' }");
    expect(code).toContain('message: ["▶ Play"]');
  });

  it('touches nothing outside the page source', () => {
    const plugin = englishInline();
    const transform = plugin.transform as (this: unknown, code: string, id: string) => unknown;
    expect(transform.call({ parse: parseAst }, SOURCE, '/repo/node_modules/x/index.js')).toBeNull();
  });
});
