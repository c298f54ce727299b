import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { DEFAULT_PRESET, presetIndex } from './vite-plugins/preset-index.ts';

// Unit tests for the pure TypeScript modules (store, formatters, series buffer): no DOM. A few
// drive the engine itself (the worker's run session): they import the wasm bindings by the
// page's name for them, which resolves as in vite.config.ts.
export default defineConfig({
  // The preset index in pieces, as the page's build serves it (web/src/presets.ts).
  plugins: [presetIndex({ first: DEFAULT_PRESET })],
  resolve: {
    alias: { '@netlab/wasm': fileURLToPath(new URL('./sim-wasm/pkg/netlab_wasm.js', import.meta.url)) },
  },
  test: {
    include: ['web/src/**/*.test.ts'],
    environment: 'node',
  },
});
