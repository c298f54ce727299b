import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit tests for the pure TypeScript modules (store, formatters, series buffer): no DOM. A few
// drive the engine itself (the worker's run session): they import the wasm bindings by the
// page's name for them, which resolves as in vite.config.ts.
export default defineConfig({
  resolve: {
    alias: { '@netlab/wasm': fileURLToPath(new URL('./sim-wasm/pkg/netlab_wasm.js', import.meta.url)) },
  },
  test: {
    include: ['web/src/**/*.test.ts'],
    environment: 'node',
  },
});
