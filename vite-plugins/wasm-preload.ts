// Writes <link rel="preload" as="fetch" type="application/wasm" crossorigin href="…wasm"> into
// the built index.html for the engine's wasm (issue 31 part 5): the browser starts the largest
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
        const wasm = Object.keys(ctx.bundle ?? {}).filter((f) => f.endsWith('.wasm'));
        return wasm.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `./${file}`, as: 'fetch', type: 'application/wasm', crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
