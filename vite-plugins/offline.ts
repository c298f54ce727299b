// The service worker of issue 31 part 4, through vite-plugin-pwa (Workbox's generateSW): the
// build writes dist/sw.js with a precache manifest of every file the lab needs — scripts,
// styles, the engine (its xz copy), every preset's JSON (public/scenarios) — each with its revision, so
// a new deployment changes sw.js and the browser installs it beside the old one.
// web/src/offline/serviceWorker.ts registers it in prompt mode (no skipWaiting: the page asks).
import { VitePWA } from 'vite-plugin-pwa';

export function offline() {
  return VitePWA({
    registerType: 'prompt',
    // Registered by the page itself (offline/serviceWorker.ts), not by an injected script.
    injectRegister: false,
    // No web-app manifest: the lab is a page, not an installed app (that needs icons).
    manifest: false,
    workbox: {
      globPatterns: ['**/*.{html,js,css,xz,json,svg}'],
      // The engine is 0.35 MB as xz (1.2 MB decoded); Workbox skips files above 2 MB by default.
      maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      // A lab opened as ./?preset=…&seed=… is index.html whatever its query.
      ignoreURLParametersMatching: [/.*/],
      navigateFallback: 'index.html',
      cleanupOutdatedCaches: true,
    },
  });
}
