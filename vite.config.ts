import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vite';
import { wasmPreload } from './vite-plugins/wasm-preload.ts';
import { offline } from './vite-plugins/offline.ts';
import { singleFile } from './vite-plugins/single-file.ts';
import { oneWasm } from './vite-plugins/one-wasm.ts';
import { englishInline } from './vite-plugins/english-inline.ts';
import { DEFAULT_PRESET, presetIndex } from './vite-plugins/preset-index.ts';
import { firstLoadChunk } from './vite-plugins/first-load-chunk.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const at = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The app's source root is web/; presets are static files in public/scenarios (also bundled as
// raw text through import.meta.glob); the wasm bindings come from sim-wasm/pkg (built by
// scripts/build-wasm.mjs).
//
// base './': every asset, chunk, worker, the wasm file and the preset texts are fetched relative to
// the page, so the same dist/ works at a site's root and under any sub-path (a course site's
// /netlab/, a project page); e2e/subpath.spec.ts serves it under one (issue 30, item 2).
//
// `--mode single` (npm run build:single) builds the lab as one HTML file that works from file://
// (vite-plugins/single-file.ts) into dist-single/: no public/ files beside it (the presets are
// inlined) and no service worker or preload (nothing to fetch).
export default defineConfig(({ mode }) => {
  const single = mode === 'single';
  return {
  base: './',
  root: at('./web'),
  publicDir: single ? false : at('./public'),
  // lingui(): a web/src/locales/*.po import becomes a module of compiled messages at build time
  // (docs/i18n.md). A message missing from zh/ja falls back to English in a build (so a new string
  // never blocks a developer); web/src/i18n/catalogs.test.ts fails `npm test` until it is translated.
  // presetIndex(): the preset index in pieces, the default preset's entry in the first bundle;
  // firstLoadChunk(): what the page's entry imports statically in one chunk, not fourteen.
  // englishInline(): each message's English compiled into the code, so English needs no catalog.
  plugins: single
    ? [react(), lingui({ failOnCompileError: true }), englishInline(), presetIndex({ first: DEFAULT_PRESET }), ...singleFile()]
    : [react(), lingui({ failOnCompileError: true }), englishInline(), presetIndex({ first: DEFAULT_PRESET }), firstLoadChunk(), oneWasm(), wasmPreload(), offline()],
  resolve: {
    alias: { '@netlab/wasm': at('./sim-wasm/pkg/netlab_wasm.js') },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    // Open a browser tab on a desktop; stay quiet on a headless machine.
    open: process.platform === 'darwin' || process.platform === 'win32' || Boolean(process.env.DISPLAY),
    fs: { allow: [root] },
  },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  // The single file's workers are classic scripts: Chromium refuses a module worker from a
  // blob URL in a page opened from file:// (an opaque origin).
  // oneWasm(): the engine ships only as its xz copy (vite-plugins/one-wasm.ts).
  worker: { format: single ? 'iife' : 'es', plugins: () => [oneWasm()] },
  build: {
    outDir: at(single ? './dist-single' : './dist'),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2048,
  },
};
});
