// The views besides the lab itself. The lab stays mounted (hidden) while these are open, so a
// run keeps going and its charts keep their points.
//
// The editor and the compare view are loaded on first use (React.lazy + a dynamic import, so
// Vite emits each as a chunk of its own): most visits open the lab or the gallery and never
// pay for the editor's form code and the scenario JSON Schema it validates against, nor for
// the compare view's controller and difference tables (issue 18: first load ≤ 400 kB gzip;
// `npm run bench` prints the first-load total and each lazy chunk). The gallery is small and
// is where a first visit often starts, so it stays in the first bundle.
import type { View } from '../store/ui';
import { Gallery } from './Gallery';
import { LazyView } from '../components/LazyView';

// A failed load (network down, site redeployed) shows one line and a retry in the view's place;
// the lab stays mounted with its run (components/LazyView.tsx).
const loadEditor = () => import('./Editor').then((m) => m.Editor);
const loadCompare = () => import('./Compare').then((m) => m.Compare);

export function Workbench({ view }: { view: View }) {
  return (
    <div className="workbench" data-testid={`view-${view}`}>
      {view === 'gallery' && <Gallery />}
      {view === 'editor' && (
        <LazyView load={loadEditor} what="the editor" props={{}} />
      )}
      {view === 'compare' && (
        <LazyView load={loadCompare} what="the compare view" props={{}} />
      )}
    </div>
  );
}
