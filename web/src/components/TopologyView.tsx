// The network as a picture: hosts and routers, every link labelled with its rate and delay, a
// queue bar on every reported link, packets in flight and drops (topology/animator.ts draws
// those live). Click or press Enter on a link or a flow to inspect it.
import { useEffect, useMemo, useRef } from 'react';
import { colorFor } from '../lib/palette';
import { lab } from '../sim/controller';
import { sameSelection } from '../store/state';
import { useLab } from '../store/store';
import type { Topology } from '../types';
import { TopologyAnimator } from '../topology/animator';
import { type Measure, QUEUE_BAR_H, QUEUE_BAR_W, QUEUE_TEXT_DY, estimateWidth, labelText, nodeLabelSpot, placeAnnotations } from '../topology/labels';
import { type EdgeGeom, edgePath, layoutTopology, linkLabel, viewHeight } from '../topology/layout';
import { useSize } from './LineChart';

/** Flow buttons under the picture; many-flow presets list the first few. */
const FLOWS_MAX = 12;

function kindOf(t: Topology): string {
  if (t.nodes.some((n) => n.kind === 'router')) return 'dumbbell';
  return t.links.filter((l) => l.reported).length > 1 ? 'parallel' : 'single';
}

export function TopologyView() {
  const topology = useLab((s) => s.topology);
  const selection = useLab((s) => s.selection);
  const [ref, size] = useSize<HTMLDivElement>();
  const svgRef = useRef<SVGSVGElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const flashRef = useRef<HTMLCanvasElement>(null);
  const height = useMemo(() => (topology ? viewHeight(topology) : 200), [topology]);
  const layout = useMemo(
    () => (topology && size.width > 0 ? layoutTopology(topology, size.width, height) : null),
    [topology, size.width, height],
  );
  const notes = useMemo(() => {
    if (!layout) return null;
    const texts = new Map(layout.edges.map((e) => [e.id, labelText(e, linkLabel(e.link))]));
    return placeAnnotations(layout, texts, pageMeasure());
  }, [layout]);
  useEffect(() => {
    if (!layout || !svgRef.current || !canvasRef.current || !flashRef.current) return;
    const anim = new TopologyAnimator(svgRef.current, canvasRef.current, flashRef.current, layout);
    return () => anim.destroy();
  }, [layout]);
  const selectedFlow = selection?.kind === 'flow' ? topology?.flows.find((f) => f.id === selection.id) : undefined;
  const onPath = new Set(selectedFlow?.path ?? []);
  return (
    <figure className="panel topology" data-testid="topology" data-kind={topology ? kindOf(topology) : ''} hidden={!topology}>
      <figcaption>
        <span className="chart-title">Network</span>
        <span className="muted hint">Click a link or a flow to inspect it</span>
      </figcaption>
      <div ref={ref} className="topology-body">
        {layout && topology && (
          <svg
            ref={svgRef}
            width={layout.width}
            height={layout.height}
            data-testid="topology-svg"
            data-links={layout.edges.length}
            data-nodes={layout.nodes.length}
            data-packets-drawn={0}
            role="group"
            aria-label="Network topology with live queues and packets"
          >
            <g className="edges">
              {layout.edges.map((e) => (
                <Edge
                  key={e.id}
                  e={e}
                  selected={sameSelection(selection, { kind: 'link', id: e.id })}
                  onPath={onPath.has(e.id)}
                  label={notes?.labels.get(e.id) ?? null}
                  queue={notes?.queues.get(e.id) ?? null}
                />
              ))}
            </g>
            <g className="nodes" aria-hidden="true">
              {layout.nodes.map((n) => {
                // Where labels.ts kept room for the name.
                const name = nodeLabelSpot(n);
                return (
                  <g key={n.id} className={`node node-${n.kind}`} transform={`translate(${n.x},${n.y})`} data-node-id={n.id}>
                    {n.kind === 'router' ? <rect x={-9} y={-9} width={18} height={18} rx={4} /> : <circle r={8} />}
                    <text x={name.x - n.x} y={name.y - n.y} textAnchor={name.anchor}>
                      {n.id}
                    </text>
                  </g>
                );
              })}
            </g>
          </svg>
        )}
        {/* Packets in flight and drop flashes, painted by the animator (see topology/animator.ts). */}
        <canvas ref={canvasRef} className="packets-canvas" data-testid="topology-packets" aria-hidden="true" hidden={!layout} />
        <canvas ref={flashRef} className="packets-canvas" data-testid="topology-flashes" aria-hidden="true" hidden={!layout} />
      </div>
      {topology && (
        <ul className="legend topology-flows" aria-label="Flows">
          {topology.flows.slice(0, FLOWS_MAX).map((f, i) => {
            const sel = sameSelection(selection, { kind: 'flow', id: f.id });
            return (
              <li key={f.id}>
                <button
                  type="button"
                  className={`flow-chip${sel ? ' selected' : ''}`}
                  data-testid={`topology-flow-${f.id}`}
                  data-flow-id={f.id}
                  aria-pressed={sel}
                  onClick={() => lab.select(sel ? null : { kind: 'flow', id: f.id })}
                  title={`${f.id}: ${f.cc}, base RTT ${f.base_rtt_ms} ms, via ${f.path.join(' → ')}`}
                >
                  <span className="dot" style={{ background: colorFor(i) }} aria-hidden="true" />
                  {f.id} <span className="muted">{f.cc}</span>
                </button>
              </li>
            );
          })}
          {topology.flows.length > FLOWS_MAX && <li className="muted">… and {topology.flows.length - FLOWS_MAX} more</li>}
        </ul>
      )}
    </figure>
  );
}

/** Text widths in the page's font (canvas measureText), for placing the labels. */
function pageMeasure(): Measure {
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return estimateWidth;
  const family = getComputedStyle(document.body).fontFamily;
  return (text, size) => {
    ctx.font = `${size}px ${family}`;
    // Tabular digits and the browser's own rounding: a pixel to spare.
    return ctx.measureText(text).width + 1;
  };
}

type Spot = { x: number; y: number } | null;

function Edge({ e, selected, onPath, label: spot, queue }: { e: EdgeGeom; selected: boolean; onPath: boolean; label: Spot; queue: Spot }) {
  const label = linkLabel(e.link);
  const reported = e.link.reported;
  const select = () => lab.select(selected ? null : { kind: 'link', id: e.id });
  return (
    <g
      className={`edge${selected ? ' selected' : ''}${onPath ? ' on-path' : ''}${reported ? ' reported' : ''}`}
      data-link-id={e.id}
      data-reverse-id={e.reverse?.id ?? ''}
      data-rate-mbps={e.link.rate_mbps}
      data-delay-ms={e.link.delay_ms}
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      aria-label={`Link ${e.id}, ${label}${reported ? ', with queue' : ''}`}
      onClick={select}
      onKeyDown={(ev) => {
        if (ev.key === 'Enter' || ev.key === ' ') {
          ev.preventDefault();
          select();
        }
      }}
    >
      <title>{`${e.id}: ${label}${e.link.loss > 0 ? `, loss ${e.link.loss}` : ''}`}</title>
      <path className="edge-hit" d={edgePath(e)} />
      <path className="edge-line" d={edgePath(e)} />
      {spot && (
        <text className="edge-label" x={spot.x} y={spot.y} textAnchor="middle" data-testid={`link-label-${e.id}`}>
          {labelText(e, label)}
        </text>
      )}
      {queue && (
        <g className="queue" data-testid={`queue-${e.id}`} data-link-id={e.id} transform={`translate(${queue.x},${queue.y})`}>
          <rect className="queue-frame" width={QUEUE_BAR_W} height={QUEUE_BAR_H} rx={2} />
          <rect className="queue-fill" width={0} height={QUEUE_BAR_H} rx={2} />
          {/* Filled in by the animator (D3 owns this text, React never re-renders it). */}
          <text className="queue-text" x={QUEUE_BAR_W / 2} y={QUEUE_TEXT_DY} textAnchor="middle" />
        </g>
      )}
    </g>
  );
}
