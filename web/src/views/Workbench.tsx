// The views besides the lab itself. The lab stays mounted (hidden) while these are open, so a
// run keeps going and its charts keep their points.
//
// The editor and the compare view are loaded on first use (React.lazy + a dynamic import, so
// Vite emits each as a chunk of its own): most visits open the lab or the gallery and never
// pay for the editor's form code and the scenario JSON Schema it validates against, nor for
// the compare view's controller and difference tables (issue 18: first load ≤ 400 kB gzip;
// `npm run bench` prints the first-load total and each lazy chunk). The gallery is small and
// is where a first visit often starts, so it stays in the first bundle.
import { Suspense, lazy } from 'react';
import type { View } from '../store/ui';
import { Gallery } from './Gallery';

const Editor = lazy(() => import('./Editor').then((m) => ({ default: m.Editor })));
const Compare = lazy(() => import('./Compare').then((m) => ({ default: m.Compare })));

/** What shows while a view's chunk loads (a few kB from the same server: a moment). */
export function ViewLoading({ what }: { what: string }) {
  return (
    <p className="muted" role="status" data-testid="view-loading">
      loading {what}…
    </p>
  );
}

export function Workbench({ view }: { view: View }) {
  return (
    <div className="workbench" data-testid={`view-${view}`}>
      {view === 'gallery' && <Gallery />}
      {view === 'editor' && (
        <Suspense fallback={<ViewLoading what="the editor" />}>
          <Editor />
        </Suspense>
      )}
      {view === 'compare' && (
        <Suspense fallback={<ViewLoading what="the compare view" />}>
          <Compare />
        </Suspense>
      )}
    </div>
  );
}
