import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { EMBEDDED } from './embed/flags';
import './styles.css';

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
