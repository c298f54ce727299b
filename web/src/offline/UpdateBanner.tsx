// "A new version is ready — reload" (offline/serviceWorker.ts): shown when a new deployment's
// service worker is installed and waiting. Reload switches to it; Later keeps the running
// version (the new one takes over once every tab of the lab is closed).
import { useSyncExternalStore } from 'react';
import { dismissUpdate, reloadToUpdate, updateStore } from './serviceWorker';
import { offlineMessages as m } from './messages';

export function UpdateBanner() {
  const ready = useSyncExternalStore(updateStore.subscribe, updateStore.getState);
  if (!ready) return null;
  return (
    <div className="notice-banner update-banner" role="status" aria-label={m.bannerLabel()} data-testid="update-ready">
      <span>{m.updateReady()}</span>{' '}
      <button type="button" data-testid="update-reload" onClick={reloadToUpdate}>
        {m.reload()}
      </button>{' '}
      <button type="button" data-testid="update-later" onClick={dismissUpdate}>
        {m.later()}
      </button>
    </div>
  );
}
