// The views besides the lab itself. The lab stays mounted (hidden) while these are open, so a
// run keeps going and its charts keep their points.
//
// The editor and the compare view are loaded on first use (React.lazy + a dynamic import, so
// Vite emits each as a chunk of its own): most visits open the lab or the gallery and never
// pay for the editor's form code and the scenario JSON Schema it validates against, nor for
// the compare view's controller and difference tables (issue 18: first load ≤ 400 kB gzip;
// `npm run bench` prints the first-load total and each lazy chunk). The gallery is loaded the
// same way (issue 31 part 5: the first run over a shared classroom link needs neither it nor
// the whole preset index it lists).
import type { View } from '../store/ui';
import { lab } from '../sim/controller';
import { LazyView } from '../components/LazyView';

// A failed load (network down, site redeployed) shows one line and a retry in the view's place;
// the lab stays mounted with its run (components/LazyView.tsx).
// The gallery and the editor list every preset: they wait for the whole preset index too (it
// loads after the first run is live otherwise; presets.ts).
const withPresets = <T,>(view: Promise<T>) => Promise.all([view, lab.loadPresets()]).then(([v]) => v);
const loadGallery = () => withPresets(import('./Gallery').then((m) => m.Gallery));
const loadEditor = () => withPresets(import('./Editor').then((m) => m.Editor));
const loadCompare = () => import('./Compare').then((m) => m.Compare);

export function Workbench({ view }: { view: View }) {
  return (
    <div className="workbench" data-testid={`view-${view}`}>
      {view === 'gallery' && (
        <LazyView load={loadGallery} what="the gallery" props={{}} />
      )}
      {view === 'editor' && (
        <LazyView load={loadEditor} what="the editor" props={{}} />
      )}
      {view === 'compare' && (
        <LazyView load={loadCompare} what="the compare view" props={{}} />
      )}
    </div>
  );
}
