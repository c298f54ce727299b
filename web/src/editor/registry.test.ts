// Adding an algorithm is one Rust file plus one registry line: every entry of the engine's
// registry (web/src/generated/registry.json, kept equal to the Rust registries by
// sim-wasm/core/tests/generated.rs) must appear in the editor with an input for each of its
// parameters, the engine's default as the placeholder — with no edit in web/. The engine side
// (each entry runs with those defaults) is sim-wasm/core/tests/registry.rs.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CcFields, MptcpFields, QuicFields } from './AlgorithmFields';
import { EditorCtx } from './fields';
import type { Json } from './jsonPath';
import { REGISTRY, ccParamsFor } from './schema';

/** The editor's inputs for scenario `obj`, as HTML. */
function render(obj: Json, node: ReturnType<typeof createElement>): string {
  const ctx = { obj, update: () => {}, replace: () => {}, errPath: null, error: null };
  return renderToStaticMarkup(createElement(EditorCtx.Provider, { value: ctx }, node));
}

/** The values of the <option>s of the select bound to `path`. */
function options(html: string, path: string): string[] {
  const select = new RegExp(`<select[^>]*data-path="${path.replace(/[[\].]/g, '\\$&')}"[^>]*>(.*?)</select>`).exec(html);
  expect(select, `a select for ${path}`).not.toBeNull();
  return [...select![1]!.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1]!).filter((v) => v !== '');
}

/** The placeholder of the input bound to `path`, or null when there is no such input. */
function placeholder(html: string, path: string): string | null {
  const tag = new RegExp(`<input[^>]*data-path="${path.replace(/[[\].]/g, '\\$&')}"[^>]*>`).exec(html)?.[0];
  if (tag === undefined) return null;
  return /placeholder="([^"]*)"/.exec(tag)?.[1] ?? '';
}

const escapeHtml = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

const flow = (extra: Record<string, Json>): Json => ({ flows: [{ cc: 'cubic', ...extra }] });

describe('the editor offers every algorithm of the engine registry', () => {
  it('every congestion controller, with an input per parameter showing its default', () => {
    const names = REGISTRY.congestion_controllers.map((e) => e.name);
    expect(names.length).toBeGreaterThanOrEqual(7);
    for (const e of REGISTRY.congestion_controllers) {
      const html = render(flow({ cc: e.name }), createElement(CcFields, { base: 'flows[0]', def: 'cubic' }));
      expect(options(html, 'flows[0].cc')).toEqual(names);
      expect(html, `${e.name}: its doc is the hint`).toContain(escapeHtml(e.doc));
      const props = (e.params as { properties?: Record<string, { default?: Json }> } | null)?.properties ?? {};
      for (const p of ccParamsFor(e.name)) {
        const shown = placeholder(html, `flows[0].cc_params.${p.key}`);
        if (p.type === 'bool') continue; // a checkbox: checked when the default is true
        expect(shown, `${e.name}.${p.key}`).toBe(typeof props[p.key]?.default === 'number' ? String(props[p.key]!.default) : (p.none ?? 'default'));
      }
    }
  });

  it('every MPTCP packet and flow scheduler, and the parameters of the chosen one', () => {
    for (const e of REGISTRY.mptcp_schedulers) {
      const html = render(flow({ kind: 'mptcp', mptcp: { scheduler: e.name } }), createElement(MptcpFields, { base: 'flows[0].mptcp' }));
      expect(options(html, 'flows[0].mptcp.scheduler')).toEqual(REGISTRY.mptcp_schedulers.map((x) => x.name));
      expect(options(html, 'flows[0].mptcp.flow_sched')).toEqual(REGISTRY.flow_schedulers.map((x) => x.name));
      const props = (e.params as { properties?: Record<string, { default?: Json }> } | null)?.properties ?? {};
      for (const [key, p] of Object.entries(props)) {
        expect(placeholder(html, `flows[0].mptcp.sched_params.${key}`), `${e.name}.${key}`).toBe(String(p.default));
      }
      if (Object.keys(props).length === 0) expect(html).not.toContain('sched_params.');
    }
  });

  it('every QUIC stream scheduler, with the stream fields it reads highlighted', () => {
    for (const e of REGISTRY.quic_schedulers) {
      const obj = flow({ kind: 'quic', quic: { scheduler: e.name, streams: [{ name: 's0', source: { kind: 'bulk' } }] } });
      const html = render(obj, createElement(QuicFields, { base: 'flows[0]' }));
      expect(options(html, 'flows[0].quic.scheduler')).toEqual(REGISTRY.quic_schedulers.map((x) => x.name));
      // Each highlighted span holds one stream field's input (a label, or a checkbox's div).
      const highlighted = [...html.matchAll(/sched-field used">.*?data-path="flows\[0\]\.quic\.streams\[0\]\.(\w+)"/g)].map((m) => m[1]);
      expect(highlighted.sort(), e.name).toEqual([...e.reads].sort());
    }
  });
});
