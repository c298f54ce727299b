// Offline after one visit (issue 31 part 4). The service worker is Workbox's, generated at build
// time by vite-plugin-pwa (vite-plugins/offline.ts): it precaches the app's scripts and styles,
// the engine's wasm and every preset's JSON, so a second visit opens and runs with the network
// cut. Prompt mode: a new deployment's worker installs beside the running one and waits; the page
// says "a new version is ready — reload" (UpdateBanner.tsx) and switches only when asked, so an
// open lab never runs old scripts against new files or the reverse.
import { registerSW } from 'virtual:pwa-register';
import { createStore } from '../store/store';

/** Whether a new version is installed and waiting for the reader to reload. */
export const updateStore = createStore<boolean, boolean>((_, ready) => ready, false);

/** How often an open lab asks whether a new version was deployed (and whenever it is shown again). */
const CHECK_EVERY_MS = 60 * 60 * 1000;

let update: ((reload?: boolean) => Promise<void>) | null = null;

/** Registers the service worker (once; nothing where the browser has none, e.g. file://). */
export function registerOffline(): void {
  if (update || !('serviceWorker' in navigator) || location.protocol === 'file:') return;
  update = registerSW({
    onNeedRefresh: () => updateStore.dispatch(true),
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      const check = () => {
        if (navigator.onLine) registration.update().catch(() => {});
      };
      setInterval(check, CHECK_EVERY_MS);
      document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && check());
    },
  });
}

/** Switches to the waiting version: its worker takes over and the page reloads. */
export function reloadToUpdate(): void {
  void update?.(true);
}

export function dismissUpdate(): void {
  updateStore.dispatch(false);
}
