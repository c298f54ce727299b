import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { EMBEDDED } from './embed/flags';
import { wasmModule } from './lib/wasmModule';
import { registerOffline } from './offline/serviceWorker';
import './styles.css';

// The engine compiles while the page renders (index.html preloads its bytes).
// Offline after one visit: the service worker precaches the app, the engine and every preset —
// 2 MB, registered once the engine is in, so the precache does not share the first load's link.
void wasmModule()
  .catch(() => {})
  .finally(() => setTimeout(registerOffline, 1000));

// `?embed=1`: the compact lab for an iframe (embed/EmbedApp.tsx), loaded only when asked for.
const EmbedApp = lazy(() => import('./embed/EmbedApp').then((m) => ({ default: m.EmbedApp })));

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
createRoot(root).render(
  <StrictMode>
    {EMBEDDED ? (
      <Suspense fallback={null}>
        <EmbedApp />
      </Suspense>
    ) : (
      <App />
    )}
  </StrictMode>,
);
