// The network as a picture: hosts and routers of any graph (topology/layout.ts), every link
// labelled with its rate and delay, a queue read-out and a buffer stack on every reported link,
// every packet in flight and drops (topology/animator.ts draws those live). Click or press Enter
// on a link or a flow to inspect it; hover a flow (its button or one of its packets) to light
// its route up; drag a node to arrange the picture — the arrangement is kept in the URL
// (`layout=`, topology/positions.ts), so a reload and a shared link show it.
import { useLingui } from '@lingui/react';
import { drag } from 'd3-drag';
import { select } from 'd3-selection';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { colorFor } from '../lib/palette';
import { lab } from '../sim/controller';
import { sameSelection } from '../store/state';
import { labStore, useLab } from '../store/store';
import type { Topology } from '../types';
import { TopologyAnimator } from '../topology/animator';
import { type Fonts, type Measure, NORMAL_FONTS, QUEUE_BAR_H, QUEUE_TEXT_DY, estimateWidth, fontsFor, labelText, nodeLabelSpot, placeAnnotations } from '../topology/labels';
import { useUi } from '../store/ui';
import { type EdgeGeom, type Fraction, type Layout, edgePath, layoutTopology, linkLabel, toFraction, viewHeight } from '../topology/layout';
import { type DrawnMark, laneOf, stackOutline } from '../topology/marks';
import { dropFor, undroppable } from '../lesson/drop';
import * as lessonMsg from '../lesson/messages';
import type { DropSpec } from '../generated';
import { positionsFromUrl, savePositionsToUrl } from '../topology/positions';
import { useSize } from './LineChart';
import { linkName } from '../a11y/messages';
import { followRequestFor } from '../follow/pick';
import * as followMsg from '../follow/messages';
import { useFollow } from '../follow/store';

/** Flow buttons under the picture; many-flow presets list the first few. */
const FLOWS_MAX = 12;

function kindOf(t: Topology): string {
  const routers = t.nodes.filter((n) => n.kind === 'router').length;
  if (routers === 2 && t.links.filter((l) => l.reported).length === 1) return 'dumbbell';
  if (routers > 0) return 'graph';
  return t.links.filter((l) => l.reported).length > 1 ? 'parallel' : 'single';
}

/** The buffer stacks drawn: one per reported link direction, beside its lane at its head. */
function stacksOf(layout: Layout): { id: string; points: string; capacity: number | null }[] {
  const out: { id: string; points: string; capacity: number | null }[] = [];
  for (const e of layout.edges) {
    for (const l of [e.link, e.reverse]) {
      if (!l?.reported) continue;
      const g = laneOf(layout, l.id);
      if (!g) continue;
      out.push({ id: l.id, points: stackOutline(g).map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' '), capacity: l.buffer_bytes });
    }
  }
  return out;
}

/** `maxHeight`: the picture's height at most (the embedded lab fits it to its frame). */
export function TopologyView({ maxHeight }: { maxHeight?: number } = {}) {
  const { i18n } = useLingui();
  const topology = useLab((s) => s.topology);
  const selection = useLab((s) => s.selection);
  const [ref, size] = useSize<HTMLDivElement>();
  const svgRef = useRef<SVGSVGElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const flashRef = useRef<HTMLCanvasElement>(null);
  // Projector mode's larger type (labels.ts fontsFor): the labels, and the room kept for them, scale.
  const projector = useUi((s) => s.projector);
  const fonts = fontsFor(projector);
  const scale = fonts.label / NORMAL_FONTS.label;
  const height = useMemo(() => Math.min(topology ? viewHeight(topology, undefined, undefined, undefined, scale) : 200, maxHeight ?? Infinity), [topology, scale, maxHeight]);
  // Dragged positions (fractions of the picture), from the URL at first.
  const [positions, setPositions] = useState<Map<string, Fraction>>(positionsFromUrl);
  const layout = useMemo(
    () => (topology && size.width > 0 ? layoutTopology(topology, size.width, height, positions) : null),
    [topology, size.width, height, positions],
  );
  const stacks = useMemo(() => (layout ? stacksOf(layout) : []), [layout]);
  const notes = useMemo(() => {
    if (!layout) return null;
    const texts = new Map(layout.edges.map((e) => [e.id, labelText(e, linkLabel(e.link))]));
    return placeAnnotations(layout, texts, pageMeasure(), fonts);
  }, [layout, fonts]);
  const animRef = useRef<TopologyAnimator | null>(null);
  useEffect(() => {
    if (!layout || !svgRef.current || !canvasRef.current || !flashRef.current) return;
    const anim = new TopologyAnimator(svgRef.current, canvasRef.current, flashRef.current, layout);
    animRef.current = anim;
    return () => {
      anim.destroy();
      animRef.current = null;
    };
  }, [layout]);
  // The followed packet (issue 32 §2) is drawn from its journey, over every other packet.
  const journey = useFollow((s) => (s.request !== null ? s.journey : null));
  useEffect(() => animRef.current?.follow(journey), [journey, layout]);
  // Drag a node (d3-drag): the picture follows while dragging; the place is kept in the URL
  // when it is let go.
  const layoutRef = useRef(layout);
  layoutRef.current = layout;
  useEffect(() => {
    if (!layout || !svgRef.current) return;
    const svgEl = svgRef.current;
    const move = (id: string, x: number, y: number, save: boolean) => {
      const l = layoutRef.current;
      if (!l) return;
      setPositions((old) => {
        const next = new Map(old).set(id, toFraction(l, x, y));
        if (save) savePositionsToUrl(next);
        return next;
      });
    };
    const behaviour = drag<SVGGElement, unknown>()
      .container(svgEl)
      .subject(function () {
        const n = layoutRef.current?.nodes.find((m) => m.id === this.getAttribute('data-node-id'));
        return { x: n?.x ?? 0, y: n?.y ?? 0 };
      })
      .on('start', function () {
        this.classList.add('dragging');
      })
      .on('drag', function (ev: { x: number; y: number }) {
        move(this.getAttribute('data-node-id') ?? '', ev.x, ev.y, false);
      })
      .on('end', function (ev: { x: number; y: number }) {
        this.classList.remove('dragging');
        move(this.getAttribute('data-node-id') ?? '', ev.x, ev.y, true);
      });
    select(svgEl).selectAll<SVGGElement, unknown>('g.node').call(behaviour);
    return () => {
      select(svgEl).selectAll<SVGGElement, unknown>('g.node').on('.drag', null);
    };
  }, [layout]);
  // The flow whose route is lit: hovered (button or packet) wins over selected.
  const [hovered, setHovered] = useState<string | null>(null);
  const hoverFlow = useCallback(
    (id: string | null) => {
      setHovered(id);
      const i = id === null ? -1 : (topology?.flows.findIndex((f) => f.id === id) ?? -1);
      animRef.current?.highlight(i >= 0 ? i : null);
    },
    [topology],
  );
  const onPointer = (ev: React.MouseEvent<HTMLDivElement>) => {
    if ((ev.buttons & 1) !== 0) return;
    const box = ev.currentTarget.getBoundingClientRect();
    const m = animRef.current?.markAt(ev.clientX - box.left, ev.clientY - box.top);
    const id = m ? (topology?.flows[m.flow]?.id ?? null) : null;
    if (id !== hovered && (id !== null || hovered !== null)) hoverFlow(id);
  };
  // "Drop this packet" (issue 32): in a paused run a click on a packet picks it (the nearest
  // drawn within the hit radius) and offers to lose it; the run re-simulates to the same time.
  const paused = useLab((s) => s.run === 'paused');
  const [picked, setPicked] = useState<{ mark: DrawnMark; x: number; y: number } | null>(null);
  const [added, setAdded] = useState<DropSpec[]>([]);
  const onPick = (ev: React.MouseEvent<HTMLDivElement>) => {
    if (!paused) return;
    // A click on a control drawn over the picture (a flow's button, the popover itself) is
    // that control's, not a pick of the packet under it.
    if (ev.target instanceof Element && ev.target.closest('button, .packet-pick')) return;
    const box = ev.currentTarget.getBoundingClientRect();
    const [x, y] = [ev.clientX - box.left, ev.clientY - box.top];
    const m = animRef.current?.markAt(x, y);
    // The click still reaches a link under the packet (it selects the link for the inspector).
    if (m) setPicked({ mark: m, x, y });
  };
  useEffect(() => {
    if (!paused) setPicked(null);
  }, [paused]);
  // The drops to undo belong to the scenario they were added to: another preset forgets them.
  const presetName = useLab((s) => s.presetName);
  useEffect(() => {
    if (!presetName?.startsWith('edited:')) setAdded([]);
  }, [presetName]);
  const pickedFlow = picked ? topology?.flows[picked.mark.flow] : undefined;
  const pickedWhy = picked ? undroppable(picked.mark, pickedFlow) : null;
  const describeDrop = (d: DropSpec) => lessonMsg.pickedPacket(d.flow, d.seq != null, Number(d.seq ?? d.ack ?? 0), d.at ?? '');
  const selectedFlow = selection?.kind === 'flow' ? topology?.flows.find((f) => f.id === selection.id) : undefined;
  const onPath = new Set(selectedFlow?.path ?? []);
  const hoveredFlow = hovered !== null ? topology?.flows.find((f) => f.id === hovered) : undefined;
  const routeColor = hoveredFlow && topology ? colorFor(topology.flows.indexOf(hoveredFlow)) : undefined;
  // The hovered flow's route: its forward links, and the edges that draw them (their reverse
  // twins carry its ACKs back).
  const route = new Set<string>();
  if (hoveredFlow && layout) for (const id of hoveredFlow.path) route.add(layout.edgeOf.get(id)?.id ?? id);
  return (
    <figure className="panel topology" data-testid="topology" data-kind={topology ? kindOf(topology) : ''} hidden={!topology}>
      <figcaption>
        <span className="chart-title">{i18n._({ id: 'topology.title', message: 'Network' })}</span>
        <span className="muted hint">{i18n._({ id: 'topology.hint', message: 'Click a link or a flow to inspect it · drag a node to move it' })} · {lessonMsg.pickHint()}</span>
      </figcaption>
      <p className="topology-key muted">
        <span className="key-data" aria-hidden="true" /> {i18n._({ id: 'topology.key.data', message: 'data' })}{' '}
        <span className="key-ack" aria-hidden="true" /> ACK{' '}
        <span className="key-ce" aria-hidden="true" /> {i18n._({ id: 'topology.key.ce', message: 'ECN-marked' })}{' '}
        <span className="key-queued" aria-hidden="true" /> {i18n._({ id: 'topology.key.queued', message: 'queued in a buffer' })} ·{' '}
        <span
          data-testid="packets-note"
          title={i18n._({ id: 'topology.sample-title', message: 'Above 400 packets in the network, the picture shows an even sample: every k-th packet of every link.' })}
        />
      </p>
      <div
        ref={ref}
        className="topology-body"
        data-pickable={paused || undefined}
        onMouseMove={onPointer}
        onMouseLeave={() => hovered !== null && hoverFlow(null)}
        onClick={onPick}
      >
        {layout && topology && (
          <svg
            ref={svgRef}
            width={layout.width}
            height={layout.height}
            data-testid="topology-svg"
            data-links={layout.edges.length}
            data-label-font={fonts.label}
            data-nodes={layout.nodes.length}
            data-packets-drawn={0}
            data-hover-flow={hovered ?? ''}
            className={hoveredFlow ? 'hovering' : undefined}
            role="group"
            aria-label={i18n._({ id: 'topology.label', message: 'Network topology with live queues and packets' })}
          >
            <g className="buffers" aria-hidden="true">
              {stacks.map((b) => (
                <g key={b.id} className="buffer" data-testid={`buffer-${b.id}`} data-link-id={b.id} data-capacity-bytes={b.capacity ?? ''} data-stack-packets={0}>
                  <polygon className="buffer-frame" points={b.points} />
                </g>
              ))}
            </g>
            <g className="edges">
              {layout.edges.map((e) => (
                <Edge
                  key={e.id}
                  e={e}
                  selected={sameSelection(selection, { kind: 'link', id: e.id })}
                  onPath={onPath.has(e.id)}
                  route={route.has(e.id) ? (routeColor ?? null) : null}
                />
              ))}
            </g>
            <g className="edge-labels" aria-hidden="true">
              {layout.edges.map((e) => (
                <EdgeLabel key={e.id} e={e} spot={notes?.labels.get(e.id) ?? null} fonts={fonts} />
              ))}
            </g>
            {/* The queue bars sit beside their links, not inside the link buttons: a button's
                name must contain the text it shows (WCAG 2.5.3), and the read-outs change live. */}
            <g className="queues">
              {layout.edges.map((e) => {
                const queue = notes?.queues.get(e.id);
                if (!queue) return null;
                const select = () => lab.select(sameSelection(selection, { kind: 'link', id: e.id }) ? null : { kind: 'link', id: e.id });
                return <QueueBar key={e.id} id={e.id} queue={queue} fonts={fonts} onClick={select} />;
              })}
            </g>
            <g className="nodes" aria-hidden="true">
              {layout.nodes.map((n) => {
                // Where labels.ts kept room for the name.
                const name = nodeLabelSpot(n, fonts);
                return (
                  <g
                    key={n.id}
                    className={`node node-${n.kind}`}
                    transform={`translate(${n.x},${n.y})`}
                    data-node-id={n.id}
                    data-testid={`node-${n.id}`}
                    data-x={n.x.toFixed(1)}
                    data-y={n.y.toFixed(1)}
                  >
                    {n.kind === 'router' ? <rect x={-9} y={-9} width={18} height={18} rx={4} /> : <circle r={8} />}
                    <text x={name.x - n.x} y={name.y - n.y} textAnchor={name.anchor} style={{ fontSize: fonts.node }}>
                      {n.id}
                    </text>
                  </g>
                );
              })}
            </g>
          </svg>
        )}
        {/* Packets in flight and drop flashes, painted by the animator (see topology/animator.ts). */}
        {/* Packets under the SVG (names and labels stay legible over a busy link), falling drops over it. */}
        <canvas ref={canvasRef} className="packets-canvas packets-under" data-testid="topology-packets" aria-hidden="true" hidden={!layout} />
        <canvas ref={flashRef} className="packets-canvas packets-over" data-testid="topology-flashes" aria-hidden="true" hidden={!layout} />
        {picked && pickedFlow && (
          <div
            className="packet-pick"
            role="dialog"
            data-testid="packet-pick"
            data-flow={pickedFlow.id}
            data-seq={picked.mark.seq}
            data-data={picked.mark.data}
            data-link={picked.mark.link}
            data-subflow={picked.mark.subflow ?? ''}
            data-wire={picked.mark.wire_s ?? ''}
            style={{ left: picked.x, top: picked.y }}
          >
            <p>{lessonMsg.pickedPacket(pickedFlow.id, picked.mark.data, picked.mark.seq, picked.mark.link)}</p>
            {pickedWhy === null ? (
              <button
                type="button"
                data-testid="drop-packet"
                onClick={() => {
                  const d = dropFor(picked.mark, pickedFlow);
                  setAdded((a) => [...a, d]);
                  setPicked(null);
                  // The engine names which transmission the dot is (an ACK: which duplicate).
                  lab.editDrops(d, followRequestFor(picked.mark, labSimTime()));
                }}
              >
                {lessonMsg.dropThisPacket(picked.mark.data)}
              </button>
            ) : (
              <p className="muted">{lessonMsg.cannotDrop(pickedWhy)}</p>
            )}{' '}
            {picked.mark.data || picked.mark.seq > 0 ? (
              <button
                type="button"
                data-testid="follow-packet"
                onClick={() => {
                  lab.follow(followRequestFor(picked.mark, labSimTime()));
                  setPicked(null);
                }}
              >
                {picked.mark.data ? followMsg.followThis() : followMsg.followAck()}
              </button>
            ) : (
              <p className="muted">{followMsg.cannotFollow()}</p>
            )}{' '}
            <button type="button" data-testid="packet-pick-close" onClick={() => setPicked(null)}>
              {lessonMsg.close()}
            </button>
          </div>
        )}
      </div>
      {added.length > 0 && (
        <p className="packet-drops">
          <button
            type="button"
            data-testid="undo-drop"
            onClick={() => {
              setAdded((a) => a.slice(0, -1));
              lab.editDrops(null);
            }}
          >
            {lessonMsg.undoDrop(describeDrop(added[added.length - 1]!))}
          </button>
        </p>
      )}
      {topology && (
        <ul className="legend topology-flows" aria-label={i18n._({ id: 'topology.flows', message: 'Flows' })}>
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
                  onMouseEnter={() => hoverFlow(f.id)}
                  onMouseLeave={() => hoverFlow(null)}
                  onFocus={() => hoverFlow(f.id)}
                  onBlur={() => hoverFlow(null)}
                  onClick={() => lab.select(sel ? null : { kind: 'flow', id: f.id })}
                  title={i18n._({
                    id: 'topology.flow-title',
                    message: '{id}: {cc}, base RTT {rtt} ms, via {path}',
                    values: { id: f.id, cc: f.cc, rtt: f.base_rtt_ms, path: f.path.join(' → ') },
                  })}
                >
                  <span className="dot" style={{ background: colorFor(i) }} aria-hidden="true" />
                  {f.id} <span className="muted">{f.cc}</span>
                </button>
              </li>
            );
          })}
          {topology.flows.length > FLOWS_MAX && <li className="muted">{i18n._({ id: 'topology.more-flows', message: '… and {count} more', values: { count: topology.flows.length - FLOWS_MAX } })}</li>}
        </ul>
      )}
    </figure>
  );
}

/** The time on screen (read when a button is clicked, not subscribed to). */
const labSimTime = () => labStore.getState().simTime;

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
type QueueSpot = { x: number; y: number; w: number; text: boolean } | null;

function Edge({
  e,
  selected,
  onPath,
  route,
}: { e: EdgeGeom; selected: boolean; onPath: boolean; route: string | null }) {
  const label = linkLabel(e.link);
  const { i18n } = useLingui();
  const reported = e.link.reported;
  const select = () => lab.select(selected ? null : { kind: 'link', id: e.id });
  const tip =
    e.link.loss > 0
      ? i18n._({ id: 'topology.link-tip-loss', message: '{id}: {label}, loss {loss}', values: { id: e.id, label, loss: e.link.loss } })
      : `${e.id}: ${label}`;
  return (
    <g
      className={`edge${selected ? ' selected' : ''}${onPath ? ' on-path' : ''}${reported ? ' reported' : ''}${route ? ' route' : ''}`}
      data-link-id={e.id}
      data-reverse-id={e.reverse?.id ?? ''}
      data-rate-mbps={e.link.rate_mbps}
      data-delay-ms={e.link.delay_ms}
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      aria-label={linkName(tip, reported)}
      onClick={select}
      onKeyDown={(ev) => {
        if (ev.key === 'Enter' || ev.key === ' ') {
          ev.preventDefault();
          select();
        }
      }}
    >
      <title>{tip}</title>
      <path className="edge-hit" d={edgePath(e)} />
      <path className="edge-line" d={edgePath(e)} style={route ? { stroke: route } : undefined} />
    </g>
  );
}

/** A link's label (rate and delay, and its name when it has a queue), beside its button: the
 * button is named by its tooltip, which says all the label does. */
function EdgeLabel({ e, spot, fonts }: { e: EdgeGeom; spot: Spot; fonts: Fonts }) {
  if (!spot) return null;
  return (
    <text className="edge-label" x={spot.x} y={spot.y} textAnchor="middle" data-testid={`link-label-${e.id}`} style={{ fontSize: fonts.label }}>
      {labelText(e, linkLabel(e.link))}
    </text>
  );
}

/** A reported link's queue bar and its read-out (filled in by the animator); a click selects the link. */
function QueueBar({ id, queue, fonts, onClick }: { id: string; queue: NonNullable<QueueSpot>; fonts: Fonts; onClick: () => void }) {
  return (
    <g className="queue" data-testid={`queue-${id}`} data-link-id={id} data-bar-width={queue.w} onClick={onClick} transform={`translate(${queue.x},${queue.y})`}>
      <rect className="queue-frame" width={queue.w} height={QUEUE_BAR_H} rx={2} />
      <rect className="queue-fill" width={0} height={QUEUE_BAR_H} rx={2} />
      {/* Filled in by the animator (D3 owns these texts, React never re-renders them); where
          reported links crowd, the read-out is only the bar's tooltip (labels.ts). */}
      <title className="queue-title" />
      {queue.text && <text className="queue-text" x={queue.w / 2} y={QUEUE_TEXT_DY} textAnchor="middle" style={{ fontSize: fonts.label }} />}
    </g>
  );
}
