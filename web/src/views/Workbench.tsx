// The views besides the lab itself. The lab stays mounted (hidden) while these are open, so a
// run keeps going and its charts keep their points.
import type { View } from '../store/ui';
import { Compare } from './Compare';
import { Editor } from './Editor';
import { Gallery } from './Gallery';

export function Workbench({ view }: { view: View }) {
  return (
    <div className="workbench" data-testid={`view-${view}`}>
      {view === 'gallery' && <Gallery />}
      {view === 'editor' && <Editor />}
      {view === 'compare' && <Compare />}
    </div>
  );
}
