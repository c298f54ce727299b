import { defineConfig } from 'vitest/config';

// Unit tests for the pure TypeScript modules (store, formatters, series buffer): no DOM, no wasm.
export default defineConfig({
  test: {
    include: ['web/src/**/*.test.ts'],
    environment: 'node',
  },
});
