import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { App } from './App';
import { EMBEDDED } from './embed/flags';
import { wasmModule } from './lib/wasmModule';
import { registerOffline } from './offline/serviceWorker';
import { firstRunLive } from './sim/firstRunLive';
import { activate, i18n, initialLang } from './i18n/i18n';
import './styles.css';

// The engine compiles while the page renders (index.html preloads its bytes).
void wasmModule().catch(() => {});
// Offline after one visit: the service worker precaches the app, the engine and every preset —
// 2 MB, registered once the first run is live, so the precache does not share the first load's
// link (issue 31 part 5) and the engine's bytes it asks for again come from the HTTP cache.
void firstRunLive().then(registerOffline);

// `?embed=1`: the compact lab for an iframe (embed/EmbedApp.tsx), loaded only when asked for.
const EmbedApp = lazy(() => import('./embed/EmbedApp').then((m) => ({ default: m.EmbedApp })));

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
// The page's language is known before the first paint: its catalog (a few kB) loads first.
void activate(initialLang()).then(() =>
  createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        {EMBEDDED ? (
          <Suspense fallback={null}>
            <EmbedApp />
          </Suspense>
        ) : (
          <App />
        )}
      </I18nProvider>
    </StrictMode>,
  ),
);
