// The English page needs no message catalog in a production build (issue 31 part 5, the first
// load over a classroom link). Every string the page shows is written in the source as an
// explicit-id descriptor, `i18n._({ id, message: 'Knob {knob}:', values })` (docs/i18n.md), so
// its English is in the page's code already; the English catalog (17 kB gzip, fetched before the
// first paint) repeated it in compiled form. This plugin compiles each descriptor's English in
// place, with the compiler Lingui's own catalog build uses (`compileMessage`), so Lingui's
// runtime reads it as it reads a catalog entry (`i18n._` falls back to the descriptor's message
// when the active catalog has no entry, and interpolates a compiled one); web/src/i18n/i18n.ts
// then activates English with an empty catalog in a production build. Chinese and Japanese load
// their catalogs as before, and the dev server (no build) keeps loading en.po.
//
// Every message becomes Lingui's compiled array, a plain one too (["Play"]): the runtime warns on
// the console about a plain string, every time it is read, as a message left uncompiled, and a
// catalog entry is an array as well. Only the object literal passed
// straight to a `._(…)` call is touched (every message of the page is written so; the catalog
// test, web/src/i18n/catalogs.test.ts, holds en.po to the same English).
import { compileMessage } from '@lingui/message-utils/compileMessage';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** An ESTree node as the bundler's parser gives it (start/end offsets into the code). */
interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (x: unknown): x is Node => typeof x === 'object' && x !== null && typeof (x as Node).type === 'string';

function walk(node: Node, visit: (n: Node) => void): void {
  visit(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) value.forEach((v) => isNode(v) && walk(v, visit));
    else if (isNode(value)) walk(value, visit);
  }
}

/** The string literal given as `message` of a `._({ … })` call's descriptor, if `call` is one. */
function descriptorMessage(call: Node): Node | null {
  const callee = call.callee as Node;
  const property = callee?.property as Node | undefined;
  if (callee?.type !== 'MemberExpression' || property?.type !== 'Identifier' || property.name !== '_') return null;
  const arg = (call.arguments as Node[])[0];
  if (arg?.type !== 'ObjectExpression') return null;
  for (const p of arg.properties as Node[]) {
    const key = p.key as Node | undefined;
    const name = key?.type === 'Identifier' ? key.name : key?.type === 'Literal' ? key.value : null;
    const value = p.value as Node | undefined;
    if (p.type === 'Property' && name === 'message' && value?.type === 'Literal' && typeof value.value === 'string') return value;
  }
  return null;
}

export function englishInline(): Plugin {
  return {
    name: 'netlab:english-inline',
    apply: 'build',
    // After the TypeScript/JSX transform: the code is plain JavaScript the parser reads.
    enforce: 'post',
    transform(code, id) {
      if (!/[\\/]web[\\/]src[\\/].*\.[jt]sx?$/.test(id) || !code.includes('._(')) return null;
      const s = new MagicString(code);
      walk(this.parse(code) as unknown as Node, (node) => {
        if (node.type !== 'CallExpression') return;
        const literal = descriptorMessage(node);
        if (!literal) return;
        s.overwrite(literal.start, literal.end, JSON.stringify(compileMessage(literal.value as string)));
      });
      return s.hasChanged() ? { code: s.toString(), map: s.generateMap({ hires: true }) } : null;
    },
  };
}
