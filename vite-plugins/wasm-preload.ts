// Writes <link rel="preload" as="fetch" crossorigin href="…xz"> into the built index.html for the
// engine's xz copy (issue 31 part 5; lib/wasmModule.ts decodes it): the browser starts the largest
// download of the first load while it is still fetching the page's scripts, instead of after
// they ran. lib/wasmModule.ts's fetch() (mode cors, the same as `crossorigin`) takes the
// preloaded response. The href is relative, as every asset is with base './' (sub-path hosting).
import type { Plugin } from 'vite';

export function wasmPreload(): Plugin {
  return {
    name: 'netlab:wasm-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const engine = Object.keys(ctx.bundle ?? {}).filter((f) => /netlab_wasm_bg\.wasm-[\w-]+\.xz$/.test(f));
        if (engine.length !== 1) throw new Error(`wasm-preload: expected one engine (netlab_wasm_bg.wasm-*.xz) in the bundle, found ${engine.length}`);
        return engine.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `./${file}`, as: 'fetch', crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
