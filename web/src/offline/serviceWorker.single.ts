// serviceWorker.ts for the single-file build (vite-plugins/single-file.ts swaps it in): a file
// opened from file:// has no service worker, and needs none (it is all one file).
import { createStore } from '../store/store';

export const updateStore = createStore<boolean, boolean>((_, ready) => ready, false);

export function registerOffline(): void {}

export function reloadToUpdate(): void {}

export function dismissUpdate(): void {}
