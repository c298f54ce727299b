// A graph topology edited as a picture (issue 15 item 5): "Add host" / "Add router" put a
// node on the canvas; dragging a node moves it (its `x`/`y` in the scenario); dragging from a
// node's outer ring to another node adds a link (or select two nodes, Shift-click the second,
// and press "Link"); clicking a node or link opens its properties beside the picture, where it
// can be deleted. The pure edits are graph.ts; every result goes through the editor's `replace`,
// so the engine validates it, and a message naming a node or link (`topology.links[3].to: …`)
// marks it in the picture and shows beside its form. Nothing is refused: the edit is kept.
import { useContext, useEffect, useRef, useState } from 'react';
import { BoolField, BufferField, EditorCtx, FieldError, JsonField, NumField, SelectField, TextField } from './fields';
import { addLink, addNode, defaultPositions, graphLinks, graphNodes, moveNode, removeLink, removeNode, renameNode } from './graph';
import { errorBelongsTo, getAt, parsePath } from './jsonPath';
import { QueueFields } from './LinkFields';
import { i18n } from '../i18n/i18n';

type Sel = { kind: 'nodes'; list: number[] } | { kind: 'link'; index: number } | null;
type Pt = { x: number; y: number };

const NODE_R = 16;
/** The ring around a node that starts a link drag. */
const RING_R = 25;
const NODE_FIELDS = ['name', 'kind', 'x', 'y'];
const LINK_FIELDS = ['from', 'to', 'name', 'rate_mbps', 'delay_ms', 'buffer', 'loss', 'aqm', 'aqm_params', 'jitter_ms', 'reverse', 'report'];
const REVERSE_FIELDS = ['rate_mbps', 'delay_ms', 'buffer', 'loss', 'aqm', 'aqm_params', 'jitter_ms'];

/** A new link's properties: an access link (a host end) faster than the core, as on a dumbbell. */
function newLinkProps(fromKind: string, toKind: string) {
  return fromKind === 'host' || toKind === 'host' ? { rate_mbps: 100, delay_ms: 1 } : { rate_mbps: 10, delay_ms: 10 };
}

/** The node or link index a validator path names ("topology.links[3].to" → link 3). */
function errorTarget(errPath: string | null): { kind: 'node' | 'link'; index: number } | null {
  if (errPath === null || !errPath.startsWith('topology.')) return null;
  const segs = parsePath(errPath);
  if (segs[0] !== 'topology' || typeof segs[2] !== 'number') return null;
  if (segs[1] === 'nodes') return { kind: 'node', index: segs[2] };
  if (segs[1] === 'links') return { kind: 'link', index: segs[2] };
  return null;
}

/** A free spot for a new node: the next cell of a 100-unit grid no node sits near. */

/** A node's kind in words ("host", "router"): the engine's names, in the page's language. */
function nodeKind(kind: string): string {
  return kind === 'host' ? i18n._({ id: 'editor.node-host', message: 'host' }) : kind === 'router' ? i18n._({ id: 'editor.node-router', message: 'router' }) : kind;
}

export function GraphEditor() {
  const { obj, replace, errPath, error } = useContext(EditorCtx);
  const [sel, setSel] = useState<Sel>(null);
  // A node being moved, or a link being drawn from a node to the pointer (picture coordinates).
  const [drag, setDrag] = useState<{ mode: 'move' | 'link'; index: number; at: Pt; moved: boolean } | null>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const nodes = graphNodes(obj);
  const links = graphLinks(obj);
  const pos = defaultPositions(obj);
  const at = (i: number): Pt => (drag?.mode === 'move' && drag.index === i ? drag.at : (pos.get(i) ?? { x: 0, y: 0 }));
  const byName = new Map(nodes.map((n) => [n.name, n.index]));
  const bad = errorTarget(errPath);

  // A selection that no longer exists (deleted in the JSON) is dropped.
  useEffect(() => {
    if (sel?.kind === 'link' && sel.index >= links.length) setSel(null);
    if (sel?.kind === 'nodes' && sel.list.some((i) => i >= nodes.length)) setSel(null);
  }, [sel, links.length, nodes.length]);

  // The picture's extent: every node, with room around; frozen while dragging so it holds still.
  const extent = useRef({ x: 0, y: 0, w: 680, h: 320 });
  if (drag === null) {
    const ps = [...pos.values()];
    const x0 = Math.min(0, ...ps.map((p) => p.x - 40));
    const y0 = Math.min(0, ...ps.map((p) => p.y - 40));
    const x1 = Math.max(680, ...ps.map((p) => p.x + 40));
    const y1 = Math.max(320, ...ps.map((p) => p.y + 50));
    extent.current = { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
  }
  const ext = extent.current;

  const toPicture = (ev: { clientX: number; clientY: number }): Pt => {
    const svg = svgRef.current;
    const m = svg?.getScreenCTM();
    if (!svg || !m) return { x: 0, y: 0 };
    const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  };
  const nodeAt = (p: Pt, except: number): number | null => {
    for (const n of nodes) {
      const q = at(n.index);
      if (n.index !== except && Math.hypot(q.x - p.x, q.y - p.y) <= RING_R) return n.index;
    }
    return null;
  };

  const add = (kind: 'host' | 'router') => {
    // Unplaced: laid out with the others, here and in the lab (graph.ts, defaultPositions).
    const r = addNode(obj, kind);
    replace(r.scenario);
    setSel({ kind: 'nodes', list: [nodes.length] });
  };
  const link = (a: number, b: number) => {
    const na = nodes.find((n) => n.index === a);
    const nb = nodes.find((n) => n.index === b);
    if (!na || !nb) return;
    const r = addLink(obj, na.name, nb.name, newLinkProps(na.kind, nb.kind));
    replace(r.scenario);
    setSel({ kind: 'link', index: r.index });
  };
  const del = () => {
    if (sel?.kind === 'link') replace(removeLink(obj, sel.index));
    else if (sel?.kind === 'nodes' && sel.list.length === 1) replace(removeNode(obj, sel.list[0]!));
    setSel(null);
  };

  const onNodeDown = (ev: React.PointerEvent, index: number, mode: 'move' | 'link') => {
    ev.stopPropagation();
    (ev.currentTarget as Element).setPointerCapture?.(ev.pointerId);
    setDrag({ mode, index, at: mode === 'move' ? at(index) : toPicture(ev), moved: false });
  };
  const onMove = (ev: React.PointerEvent) => {
    if (!drag) return;
    const p = toPicture(ev);
    setDrag({ ...drag, at: p, moved: drag.moved || Math.hypot(p.x - at(drag.index).x, p.y - at(drag.index).y) > 3 });
  };
  const onUp = (ev: React.PointerEvent) => {
    if (!drag) return;
    const d = drag;
    setDrag(null);
    if (d.mode === 'move') {
      if (d.moved) replace(moveNode(obj, d.index, d.at.x, d.at.y));
      // A click (no move) selects; Shift adds a second node, for "Link".
      else if (ev.shiftKey && sel?.kind === 'nodes' && !sel.list.includes(d.index)) setSel({ kind: 'nodes', list: [...sel.list.slice(-1), d.index] });
      else setSel({ kind: 'nodes', list: [d.index] });
      return;
    }
    const target = nodeAt(toPicture(ev), d.index);
    if (target !== null) link(d.index, target);
  };

  // Parallel links between the same two nodes bend apart so each can be clicked.
  const pairCount = new Map<string, number>();
  const pairSeen = new Map<string, number>();
  for (const l of links) {
    const k = [l.from, l.to].sort().join('\u0000');
    pairCount.set(k, (pairCount.get(k) ?? 0) + 1);
  }
  const selNodes = sel?.kind === 'nodes' ? sel.list : [];
  const shown: Sel = sel ?? (bad ? (bad.kind === 'node' ? { kind: 'nodes', list: [bad.index] } : { kind: 'link', index: bad.index }) : null);

  return (
    <div className="graph-editor" data-testid="graph-editor">
      <div className="graph-toolbar">
        <button type="button" data-testid="graph-add-host" onClick={() => add('host')}>
          {i18n._({ id: 'editor.host', message: '+ Host' })}
        </button>
        <button type="button" data-testid="graph-add-router" onClick={() => add('router')}>
          {i18n._({ id: 'editor.router', message: '+ Router' })}
        </button>
        <button type="button" data-testid="graph-link" disabled={selNodes.length !== 2} onClick={() => link(selNodes[0]!, selNodes[1]!)} title={i18n._({ id: 'editor.link-the-two-selected-nodes', message: 'Link the two selected nodes (Shift-click selects a second node)' })}>
          {i18n._({ id: 'editor.link', message: 'Link' })}
        </button>
        <button type="button" data-testid="graph-delete" disabled={!(sel?.kind === 'link' || selNodes.length === 1)} onClick={del}>
          {i18n._({ id: 'editor.delete', message: 'Delete' })}
        </button>
        <span className="hint">{i18n._({ id: 'editor.drag-a-node-to-move', message: 'Drag a node to move it; drag from its outer ring to another node to link them; click to edit.' })}</span>
      </div>
      <div className="graph-panes">
        <svg
          ref={svgRef}
          className="graph-canvas"
          data-testid="graph-canvas"
          viewBox={`${ext.x} ${ext.y} ${ext.w} ${ext.h}`}
          onPointerMove={onMove}
          onPointerUp={onUp}
          onPointerDown={() => setSel(null)}
          role="group"
          aria-label={i18n._({ id: 'editor.topology-drawing', message: 'Topology drawing' })}
        >
          {links.map((l) => {
            const a = byName.get(l.from);
            const b = byName.get(l.to);
            if (a === undefined || b === undefined) return null;
            const pa = at(a);
            const pb = at(b);
            const k = [l.from, l.to].sort().join('\u0000');
            const n = pairCount.get(k) ?? 1;
            const j = pairSeen.get(k) ?? 0;
            pairSeen.set(k, j + 1);
            // Offset of this link's bend from the straight line, perpendicular to it.
            const off = (j - (n - 1) / 2) * 22 * (l.from < l.to ? 1 : -1);
            const len = Math.hypot(pb.x - pa.x, pb.y - pa.y) || 1;
            const cx = (pa.x + pb.x) / 2 - ((pb.y - pa.y) / len) * off;
            const cy = (pa.y + pb.y) / 2 + ((pb.x - pa.x) / len) * off;
            const lo = getAt(obj, ['topology', 'links', l.index]);
            const rate = getAt(lo, 'rate_mbps');
            const delay = getAt(lo, 'delay_ms');
            const isSel = sel?.kind === 'link' && sel.index === l.index;
            const invalid = bad?.kind === 'link' && bad.index === l.index;
            return (
              <g
                key={l.index}
                className={`graph-link${isSel ? ' selected' : ''}${invalid ? ' invalid' : ''}`}
                data-link-index={l.index}
                data-link-name={l.name}
                role="button"
                tabIndex={0}
                aria-label={i18n._({ id: 'editor.link-to', message: 'Link {name}, {from} to {to}', values: { name: l.name, from: l.from, to: l.to } })}
                aria-pressed={isSel}
                onPointerDown={(ev) => {
                  ev.stopPropagation();
                  setSel({ kind: 'link', index: l.index });
                }}
                onKeyDown={(ev) => {
                  if (ev.key === 'Enter' || ev.key === ' ') setSel({ kind: 'link', index: l.index });
                  else if ((ev.key === 'Delete' || ev.key === 'Backspace') && isSel) del();
                  else return;
                  ev.preventDefault();
                }}
              >
                <title>{invalid ? error : `${l.name}: ${l.from} → ${l.to}`}</title>
                <path className="graph-link-hit" d={`M${pa.x},${pa.y} Q${cx},${cy} ${pb.x},${pb.y}`} />
                <path className="graph-link-line" d={`M${pa.x},${pa.y} Q${cx},${cy} ${pb.x},${pb.y}`} />
                <text x={(pa.x + 2 * cx + pb.x) / 4} y={(pa.y + 2 * cy + pb.y) / 4 - 5} textAnchor="middle" className="graph-link-label">
                  {`${typeof rate === 'number' ? rate : '?'} Mb/s · ${typeof delay === 'number' ? delay : 1} ms`}
                </text>
              </g>
            );
          })}
          {drag?.mode === 'link' && <line className="graph-link-draft" x1={at(drag.index).x} y1={at(drag.index).y} x2={drag.at.x} y2={drag.at.y} />}
          {nodes.map((n) => {
            const p = at(n.index);
            const isSel = selNodes.includes(n.index);
            const invalid = bad?.kind === 'node' && bad.index === n.index;
            return (
              <g
                key={n.index}
                className={`graph-node ${n.kind}${isSel ? ' selected' : ''}${invalid ? ' invalid' : ''}`}
                data-node={n.name}
                data-node-index={n.index}
                transform={`translate(${p.x},${p.y})`}
                role="button"
                tabIndex={0}
                aria-label={`${nodeKind(n.kind)} ${n.name}`}
                aria-pressed={isSel}
                onKeyDown={(ev) => {
                  // Keyboard: Enter selects (Shift+Enter a second node, for "Link"), Delete deletes.
                  if (ev.key === 'Enter' || ev.key === ' ') {
                    if (ev.shiftKey && sel?.kind === 'nodes' && !sel.list.includes(n.index)) setSel({ kind: 'nodes', list: [...sel.list.slice(-1), n.index] });
                    else setSel({ kind: 'nodes', list: [n.index] });
                  } else if ((ev.key === 'Delete' || ev.key === 'Backspace') && isSel && selNodes.length === 1) del();
                  else return;
                  ev.preventDefault();
                }}
              >
                <title>{invalid ? error : i18n._({ id: 'editor.node-title', message: '{name} — drag to move, drag from the ring to link', values: { name: `${nodeKind(n.kind)} ${n.name}` } })}</title>
                <circle className="graph-node-ring" data-testid="graph-ring" r={RING_R} onPointerDown={(ev) => onNodeDown(ev, n.index, 'link')} />
                {n.kind === 'router' ? (
                  <rect className="graph-node-body" x={-NODE_R} y={-NODE_R} width={2 * NODE_R} height={2 * NODE_R} rx={5} onPointerDown={(ev) => onNodeDown(ev, n.index, 'move')} />
                ) : (
                  <circle className="graph-node-body" r={NODE_R} onPointerDown={(ev) => onNodeDown(ev, n.index, 'move')} />
                )}
                <text className="graph-node-label" y={RING_R + 12} textAnchor="middle">
                  {n.name}
                </text>
              </g>
            );
          })}
        </svg>
        <div className="graph-side" data-testid="graph-side">
          {shown?.kind === 'nodes' && shown.list.length === 1 && <NodeForm index={shown.list[0]!} onDelete={del} />}
          {shown?.kind === 'nodes' && shown.list.length === 2 && (
            <p className="hint">
              {i18n._({
                id: 'editor.two-selected',
                message: '{a} and {b} selected: "Link" joins them.',
                values: { a: nodes[shown.list[0]!]?.name, b: nodes[shown.list[1]!]?.name },
              })}
            </p>
          )}
          {shown?.kind === 'link' && <LinkForm index={shown.index} />}
          {shown === null && <p className="hint">{nodes.length === 0 ? i18n._({ id: 'editor.add-nodes', message: 'Add hosts and routers, then link them.' }) : i18n._({ id: 'editor.click-node', message: 'Click a node or a link to edit it.' })}</p>}
          {bad === null && errorBelongsTo(errPath, 'topology') && <FieldError path="topology" />}
        </div>
      </div>
    </div>
  );
}

/**
 * A node's name and kind. The name is committed on Enter or leaving the field (not on every
 * keystroke): a rename rewrites every link, flow and route naming the node, and a half-typed
 * name that matches another node would merge their references.
 */
function NodeForm({ index, onDelete }: { index: number; onDelete: () => void }) {
  const { obj, replace } = useContext(EditorCtx);
  const base = `topology.nodes[${index}]`;
  const v = getAt(obj, `${base}.name`);
  const name = typeof v === 'string' ? v : '';
  const [text, setText] = useState(name);
  useEffect(() => setText(name), [name]);
  const commit = () => {
    if (text !== name) replace(renameNode(obj, index, text));
  };
  return (
    <fieldset className="form-group graph-form" data-testid="graph-node-form" data-node-index={index}>
      <legend>{i18n._({ id: 'editor.node', message: 'Node' })}{' '}{name}</legend>
      <label className="field compact">
        <span>{i18n._({ id: 'editor.name', message: 'Name' })}</span>
        <input
          type="text"
          data-path={`${base}.name`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
          }}
        />
        <FieldError path={`${base}.name`} />
      </label>
      <SelectField path={`${base}.kind`} label={i18n._({ id: 'editor.kind', message: 'Kind' })} options={[
          { name: 'host', label: i18n._({ id: 'editor.host-kind', message: 'host (end of flows)' }) },
          { name: 'router', label: i18n._({ id: 'editor.router-kind', message: 'router (forwards)' }) },
        ]} />
      <FieldError path={base} exact />
      <JsonField path={base} label={i18n._({ id: 'editor.other-node-fields-json', message: 'Other node fields (JSON)' })} omit={NODE_FIELDS} />
      <button type="button" className="link-button" onClick={onDelete} data-testid="graph-node-delete">
        {i18n._({ id: 'editor.delete-node', message: 'Delete node' })}{' '}{name}{' '}{i18n._({ id: 'editor.and-its-links', message: 'and its links' })}
      </button>
    </fieldset>
  );
}

/** A link's ends and name, its forward direction's properties, and the reverse's overrides. */
function LinkForm({ index }: { index: number }) {
  const { obj, errPath } = useContext(EditorCtx);
  const base = `topology.links[${index}]`;
  const names = graphNodes(obj).map((n) => ({ name: n.name }));
  const fwd = getAt(obj, `${base}.aqm`);
  const rev = `${base}.reverse`;
  const revSet = getAt(obj, rev) !== undefined;
  return (
    <fieldset className="form-group graph-form" data-testid="graph-link-form" data-link-index={index}>
      <legend>{i18n._({ id: 'editor.link', message: 'Link' })}{' '}{graphLinks(obj).find((l) => l.index === index)?.name}</legend>
      <div className="form-row">
        <SelectField path={`${base}.from`} label={i18n._({ id: 'editor.from', message: 'From' })} options={names} />
        <SelectField path={`${base}.to`} label={i18n._({ id: 'editor.to', message: 'To' })} options={names} />
        <TextField path={`${base}.name`} label={i18n._({ id: 'editor.name', message: 'Name' })} />
      </div>
      <FieldError path={base} exact />
      <div className="form-row">
        <NumField path={`${base}.rate_mbps`} label={i18n._({ id: 'editor.rate', message: 'Rate' })} unit="Mbit/s" />
        <NumField path={`${base}.delay_ms`} label={i18n._({ id: 'editor.delay', message: 'Delay' })} unit="ms" placeholder="1" />
        <NumField path={`${base}.loss`} label={i18n._({ id: 'editor.loss', message: 'Loss' })} unit="prob." placeholder="0" />
        <BufferField path={`${base}.buffer`} />
      </div>
      <QueueFields base={base} />
      <BoolField path={`${base}.report`} label={i18n._({ id: 'editor.always-chart-its-queue-report', message: 'Always chart its queue ({field})', values: { field: 'report' } })} def={false} help={i18n._({ id: 'editor.unset-the-engine-reports-the', message: 'Unset: the engine reports the directions where a queue is expected ({doc})', values: { doc: 'docs/model/topology.md' } })} />
      <details className="reverse" open={revSet || errorBelongsTo(errPath, rev) || undefined} data-testid="graph-reverse">
        <summary>{i18n._({ id: 'editor.reverse-direction-overrides-unset-as', message: 'Reverse direction (overrides; unset = as forward, lossless)' })}</summary>
        <div className="form-row">
          <NumField path={`${rev}.rate_mbps`} label={i18n._({ id: 'editor.rate', message: 'Rate' })} unit="Mbit/s" placeholder={i18n._({ id: 'editor.as-forward', message: 'as forward' })} prune={[rev]} />
          <NumField path={`${rev}.delay_ms`} label={i18n._({ id: 'editor.delay', message: 'Delay' })} unit="ms" placeholder={i18n._({ id: 'editor.as-forward', message: 'as forward' })} prune={[rev]} />
          <NumField path={`${rev}.loss`} label={i18n._({ id: 'editor.loss', message: 'Loss' })} unit="prob." placeholder="0" prune={[rev]} />
          <BufferField path={`${rev}.buffer`} />
        </div>
        <QueueFields base={rev} prune={[rev]} inherit={typeof fwd === 'string' ? fwd : undefined} />
        <JsonField path={rev} label={i18n._({ id: 'editor.other-reverse-fields-json', message: 'Other reverse fields (JSON)' })} omit={REVERSE_FIELDS} dropEmpty />
      </details>
      <JsonField path={base} label={i18n._({ id: 'editor.other-link-fields-json', message: 'Other link fields (JSON)' })} omit={LINK_FIELDS} />
    </fieldset>
  );
}
