// A gallery card's preview picture (≈ 160 × 90): the preset's network as the lab's topology view
// lays it out (topology/layout.ts, computed at 4× and scaled down by the viewBox, so the layout's
// margins keep their proportions), hosts as circles, routers as squares, the links the lab
// reports (bottlenecks, paths) thicker in the accent colour, and a caption with the flows and
// their algorithms (lib/preview.ts). Drawn from the scenario text only, fetched when the card
// first scrolls into view (presets.ts; kept, so opening the card then needs no fetch): no run,
// no engine call.
import { useLingui } from '@lingui/react';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { edgePath, layoutTopology } from '../topology/layout';
import { presetPreview } from '../lib/preview';
import { usePresetText } from '../presets';

export const PREVIEW_W = 160;
export const PREVIEW_H = 90;
/** The layout's size: its fixed margins (70 × 34 px) fit a picture this large. */
const SCALE = 4;

function useSeen(ref: React.RefObject<Element | null>): boolean {
  const [seen, setSeen] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || seen) return;
    if (typeof IntersectionObserver === 'undefined') return void setSeen(true);
    const io = new IntersectionObserver(([entry]) => entry?.isIntersecting && setSeen(true), { rootMargin: '200px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [ref, seen]);
  return seen;
}

export function PresetPreview({ name }: { name: string }) {
  const { i18n } = useLingui();
  const ref = useRef<HTMLElement>(null);
  const seen = useSeen(ref);
  const text = usePresetText(seen ? name : null);
  // The caption is in the page's language: recomputed on a switch.
  const preview = useMemo(() => (seen ? presetPreview(text) : null), [seen, text, i18n.locale]);
  const layout = useMemo(() => (preview ? layoutTopology(preview.topology, PREVIEW_W * SCALE, PREVIEW_H * SCALE) : null), [preview]);
  return (
    <figure ref={ref} className="card-preview" data-testid="gallery-preview" data-preset={name} data-drawn={layout !== null}>
      <svg
        viewBox={`0 0 ${PREVIEW_W * SCALE} ${PREVIEW_H * SCALE}`}
        width={PREVIEW_W}
        height={PREVIEW_H}
        role="img"
        aria-label={
          preview
            ? i18n._({
                id: 'preview.label.full',
                message: 'Network of {name}: {nodes} nodes; {caption}',
                values: { name, nodes: layout?.nodes.length ?? 0, caption: preview.caption },
              })
            : i18n._({ id: 'preview.label', message: 'Network of {name}', values: { name } })
        }
      >
        {layout?.edges.map((e) => (
          <path key={e.id} d={edgePath(e)} className={e.link.reported ? 'pv-link reported' : 'pv-link'} data-link={e.id} />
        ))}
        {layout?.nodes.map((n) =>
          n.kind === 'router' ? (
            <rect key={n.id} className="pv-node router" x={n.x - 16} y={n.y - 16} width={32} height={32} rx={5} data-node={n.id} />
          ) : (
            <circle key={n.id} className="pv-node host" cx={n.x} cy={n.y} r={15} data-node={n.id} />
          ),
        )}
        {preview && preview.hiddenPaths > 0 && (
          <text className="pv-more" x={PREVIEW_W * SCALE - 8} y={PREVIEW_H * SCALE - 10} textAnchor="end">
            {i18n._({ id: 'preview.more-paths', message: '+{count} paths', values: { count: preview.hiddenPaths } })}
          </text>
        )}
      </svg>
      {preview && <figcaption className="card-preview-caption muted">{preview.caption}</figcaption>}
    </figure>
  );
}
