// The scenario editor: the scenario as a form and as raw JSON, kept in step. Every change is
// checked by the engine's own validator (wasm validate_scenario), whose one-line message names
// the field path; the message shows at the top and next to that field. An invalid draft never
// replaces the last valid scenario, which is what "Run in lab" runs.
import { presetTitle } from '../i18n/localText';
import { useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { CcFields, MptcpFields, QuicFields, TrafficForm } from '../editor/AlgorithmFields';
import { type EditorState, editorStore, isDirty } from '../editor/editorState';
import { BoolField, BufferField, EditorCtx, FieldError, JsonField, ListHead, NumField, RemoveButton, SelectField, TextField } from '../editor/fields';
import { GraphEditor } from '../editor/GraphEditor';
import { EMPTY_GRAPH, dumbbellToGraph, graphNodes, switchTopology } from '../editor/graph';
import { QueueFields } from '../editor/LinkFields';
import { type Json, errorBelongsTo, errorPath, getAt, pruneEmpty, setAt } from '../editor/jsonPath';
import { CC_DEFAULT, ECN_DEFAULT, ccParamInError, flowForKind } from '../editor/schema';
import { engine } from '../lib/engine';
import { lab } from '../sim/controller';
import { labStore, useLab } from '../store/store';
import { openLab } from '../store/ui';
import { useLingui } from '@lingui/react';
import { i18n } from '../i18n/i18n';

type Engine = Awaited<ReturnType<typeof engine>>;

const KINDS = [
  { name: 'tcp', label: 'tcp' },
  {
    name: 'mptcp',
    get label() {
      return i18n._({ id: 'editor.kind-mptcp', message: 'mptcp (multipath)' });
    },
  },
  {
    name: 'quic',
    get label() {
      return i18n._({ id: 'editor.kind-quic', message: 'quic (streams)' });
    },
  },
];
/** Fields the form has inputs for; any other field gets a generic JSON box. */
const TOP_FIELDS = ['name', 'title', 'description', 'seed', 'duration_s', 'warmup_s', 'stop_when_done', 'topology', 'flows', 'traffic'];
const FLOW_FIELDS = ['id', 'kind', 'cc', 'cc_params', 'path', 'from', 'to', 'route', 'start_s', 'size_bytes', 'count', 'start_spread_s'];
/** A link direction's queue: discipline, its parameters, jitter (LinkFields.tsx). */
const QUEUE_FIELDS = ['aqm', 'aqm_params', 'jitter_ms'];
const PATH_FIELDS = ['rate_mbps', 'rtt_ms', 'loss', 'buffer', ...QUEUE_FIELDS];
const BOTTLENECK_FIELDS = ['rate_mbps', 'delay_ms', 'loss', 'buffer', ...QUEUE_FIELDS];

const TEMPLATES: Record<string, Json> = {
  dumbbell: { kind: 'dumbbell', bottleneck: { rate_mbps: 100, delay_ms: 1, buffer: { bdp: 1 } }, senders: [{ rtt_ms: 10 }, { rtt_ms: 50 }] },
  parallel: {
    kind: 'parallel',
    paths: [
      { rate_mbps: 10, rtt_ms: 20 },
      { rate_mbps: 10, rtt_ms: 60 },
    ],
  },
  graph: EMPTY_GRAPH,
};

let engineNow: Engine | null = null;

function useEngine(): Engine | null {
  const [e, setE] = useState<Engine | null>(engineNow);
  useEffect(() => {
    if (e) return;
    let live = true;
    engine().then((m) => {
      engineNow = m;
      if (live) setE(m);
    });
    return () => {
      live = false;
    };
  }, [e]);
  return e;
}

function useEditor(): EditorState {
  return useSyncExternalStore(editorStore.subscribe, editorStore.getState);
}

function validate(eng: Engine, text: string): string | null {
  const msg = eng.validate_scenario(text);
  return msg === '' ? null : msg;
}

function TopologyForm() {
  const { obj, update, replace } = useContext(EditorCtx);
  const kind = getAt(obj, 'topology.kind');
  const known = kind === 'dumbbell' || kind === 'parallel' || kind === 'graph';
  const asGraph = kind === 'dumbbell' ? dumbbellToGraph(obj) : null;
  const senders = getAt(obj, 'topology.senders');
  const paths = getAt(obj, 'topology.paths');
  return (
    <fieldset className="form-group" data-testid="editor-topology">
      <legend>{i18n._({ id: 'editor.topology', message: 'Topology' })}</legend>
      <label className="field compact">
        <span>{i18n._({ id: 'editor.kind', message: 'Kind' })}</span>
        <select
          data-path="topology.kind"
          value={typeof kind === 'string' ? kind : ''}
          onChange={(e) => replace(switchTopology(obj, TEMPLATES[e.target.value] ?? { kind: e.target.value }))}
        >
          {!known && <option value={typeof kind === 'string' ? kind : ''}>{typeof kind === 'string' ? kind : i18n._({ id: 'editor.none', message: '(none)' })}</option>}
          <option value="dumbbell">{i18n._({ id: 'editor.dumbbell-senders-share-one-bottleneck', message: 'dumbbell (senders share one bottleneck)' })}</option>
          <option value="parallel">{i18n._({ id: 'editor.parallel-independent-paths', message: 'parallel (independent paths)' })}</option>
          <option value="graph">{i18n._({ id: 'editor.graph-draw-hosts-routers-and', message: 'graph (draw hosts, routers and links)' })}</option>
        </select>
      </label>
      {asGraph !== null && (
        <button type="button" data-testid="editor-as-graph" onClick={() => replace(asGraph)} title={i18n._({ id: 'editor.the-same-network-as-the', message: 'The same network as the graph the dumbbell expands into ({doc})', values: { doc: 'docs/model/topology.md' } })}>
          {i18n._({ id: 'editor.edit-as-graph', message: 'Edit as graph' })}
        </button>
      )}
      {kind === 'graph' && <GraphEditor />}
      {kind === 'dumbbell' && (
        <>
          <h3>{i18n._({ id: 'editor.bottleneck-link', message: 'Bottleneck link' })}</h3>
          <div className="form-row">
            <NumField path="topology.bottleneck.rate_mbps" label={i18n._({ id: 'editor.rate', message: 'Rate' })} unit="Mbit/s" />
            <NumField path="topology.bottleneck.delay_ms" label={i18n._({ id: 'editor.delay', message: 'Delay' })} unit="ms" />
            <NumField path="topology.bottleneck.loss" label={i18n._({ id: 'editor.loss', message: 'Loss' })} unit="prob." />
            <BufferField path="topology.bottleneck.buffer" />
          </div>
          <QueueFields base="topology.bottleneck" />
          <JsonField path="topology.bottleneck" label={i18n._({ id: 'editor.other-bottleneck-fields-json', message: 'Other bottleneck fields (JSON)' })} omit={BOTTLENECK_FIELDS} />
          <NumField path="topology.access_rate_mbps" label={i18n._({ id: 'editor.access-links-rate', message: "Access links' rate" })} unit="Mbit/s" />
          <ListHead
            title={i18n._({ id: 'editor.senders', message: 'Senders' })}
            path="topology.senders"
            addLabel={i18n._({ id: 'editor.sender', message: 'sender' })}
            onAdd={() => update('topology.senders', [...(Array.isArray(senders) ? senders : []), { rtt_ms: 20 }])}
          />
          {(Array.isArray(senders) ? senders : []).map((_, i) => (
            <div className="form-row item" key={i} data-item={`topology.senders[${i}]`}>
              <span className="item-name">{i18n._({ id: 'editor.sender', message: 'sender' })}{' '}{i}</span>
              <NumField path={`topology.senders[${i}].rtt_ms`} label={i18n._({ id: 'editor.base-rtt', message: 'Base RTT' })} unit="ms" />
              <RemoveButton path={`topology.senders[${i}]`} label={i18n._({ id: 'editor.sender-2', message: 'sender {i}', values: { i } })} />
            </div>
          ))}
        </>
      )}
      {kind === 'parallel' && (
        <>
          <ListHead
            title={i18n._({ id: 'editor.paths', message: 'Paths' })}
            path="topology.paths"
            addLabel={i18n._({ id: 'editor.path', message: 'path' })}
            onAdd={() => update('topology.paths', [...(Array.isArray(paths) ? paths : []), { rate_mbps: 10, rtt_ms: 40 }])}
          />
          {(Array.isArray(paths) ? paths : []).map((_, i) => (
            <div className="item" key={i} data-item={`topology.paths[${i}]`}>
              <div className="form-row">
                <span className="item-name">{i18n._({ id: 'editor.path', message: 'path' })}{' '}{i}</span>
                <NumField path={`topology.paths[${i}].rate_mbps`} label={i18n._({ id: 'editor.rate', message: 'Rate' })} unit="Mbit/s" />
                <NumField path={`topology.paths[${i}].rtt_ms`} label="RTT" unit="ms" />
                <NumField path={`topology.paths[${i}].loss`} label={i18n._({ id: 'editor.loss', message: 'Loss' })} unit="prob." />
                <BufferField path={`topology.paths[${i}].buffer`} />
                <RemoveButton path={`topology.paths[${i}]`} label={i18n._({ id: 'editor.path-2', message: 'path {i}', values: { i } })} />
              </div>
              <QueueFields base={`topology.paths[${i}]`} />
              <JsonField path={`topology.paths[${i}]`} label={i18n._({ id: 'editor.other-path-fields-json', message: 'Other path fields (JSON)' })} omit={PATH_FIELDS} />
            </div>
          ))}
        </>
      )}
      {!known && <JsonField path="topology" label={i18n._({ id: 'editor.topology-json', message: 'Topology (JSON)' })} />}
    </fieldset>
  );
}

/**
 * A flow's route on a graph: node names from `from` to `to` ("h1, r1, r2, h2"); empty removes
 * it (the shortest route). Written as a list, so the validator names a bad hop.
 */
function RouteField({ path }: { path: string }) {
  const { obj, update, errPath } = useContext(EditorCtx);
  const v = getAt(obj, path);
  const shown = Array.isArray(v) ? v.join(', ') : v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);
  const [text, setText] = useState(shown);
  useEffect(() => setText(shown), [shown]);
  return (
    <label className={errorBelongsTo(errPath, path) ? 'field compact invalid' : 'field compact'} title={i18n._({ id: 'editor.node-names-from-the-flow', message: "Node names from the flow's from to its to, comma-separated; empty = shortest route" })}>
      <span>{i18n._({ id: 'editor.route', message: 'Route' })}</span>
      <input
        type="text"
        data-path={path}
        value={text}
        placeholder={i18n._({ id: 'editor.shortest', message: 'shortest' })}
        onChange={(e) => {
          setText(e.target.value);
          const parts = e.target.value.split(/[\s,]+/).filter((x) => x !== '');
          update(path, parts.length === 0 ? undefined : parts);
        }}
      />
      <FieldError path={path} />
    </label>
  );
}

function FlowsForm() {
  const { obj, update, replace } = useContext(EditorCtx);
  const flows = getAt(obj, 'flows');
  const list = Array.isArray(flows) ? flows : [];
  // On a graph a flow names its hosts (menus of the graph's hosts) instead of a path index.
  const graph = getAt(obj, 'topology.kind') === 'graph';
  const hosts = graphNodes(obj)
    .filter((n) => n.kind === 'host')
    .map((n) => ({ name: n.name }));
  const newFlow: Json = graph ? { cc: 'cubic', ...(hosts.length > 1 ? { from: hosts[0]!.name, to: hosts[hosts.length - 1]!.name } : {}) } : { cc: 'cubic', path: 0 };
  return (
    <fieldset className="form-group" data-testid="editor-flows">
      <legend>{i18n._({ id: 'editor.flows', message: 'Flows' })}</legend>
      <ListHead title={i18n._({ id: 'editor.flow-groups', message: '{n, plural, one {# flow group} other {# flow groups}}', values: { n: list.length } })} path="flows" addLabel={i18n._({ id: 'editor.flow', message: 'flow' })} onAdd={() => update('flows', [...list, newFlow])} />
      {list.map((_, i) => {
        const fp = `flows[${i}]`;
        const kv = getAt(obj, `${fp}.kind`);
        const kind = kv === undefined ? 'tcp' : kv;
        // The form owns a kind's own block; for another kind it stays in the JSON box, where
        // the validator's message about it shows.
        const omit = [...FLOW_FIELDS, ...(kind === 'quic' ? ['quic'] : []), ...(kind === 'mptcp' ? ['mptcp'] : [])];
        return (
          <div className="item" key={i} data-item={fp} data-kind={typeof kind === 'string' ? kind : ''}>
            <div className="form-row">
              <TextField path={`${fp}.id`} label={i18n._({ id: 'editor.id', message: 'Id' })} />
              <SelectField path={`${fp}.kind`} label={i18n._({ id: 'editor.kind', message: 'Kind' })} options={KINDS} fallback="tcp" onPick={(k) => replace(setAt(obj, fp, flowForKind(getAt(obj, fp), k === '' ? 'tcp' : k)))} />
              {graph ? (
                <>
                  <SelectField path={`${fp}.from`} label={i18n._({ id: 'editor.from-host', message: 'From host' })} options={hosts} />
                  <SelectField path={`${fp}.to`} label={i18n._({ id: 'editor.to-host', message: 'To host' })} options={hosts} />
                  <RouteField path={`${fp}.route`} />
                </>
              ) : (
                <NumField path={`${fp}.path`} label={i18n._({ id: 'editor.sender-path', message: 'Sender / path' })} placeholder="0" integer />
              )}
              <NumField path={`${fp}.start_s`} label={i18n._({ id: 'editor.start', message: 'Start' })} unit="s" placeholder="0" />
              {kind !== 'quic' && <NumField path={`${fp}.size_bytes`} label={i18n._({ id: 'editor.size', message: 'Size' })} unit="bytes" placeholder={i18n._({ id: 'editor.bulk', message: 'bulk' })} integer />}
              <NumField path={`${fp}.count`} label={i18n._({ id: 'editor.copies', message: 'Copies' })} placeholder="1" integer />
              <NumField path={`${fp}.start_spread_s`} label={i18n._({ id: 'editor.start-spread', message: 'Start spread' })} unit="s" placeholder="0" />
              <RemoveButton path={fp} label={i18n._({ id: 'editor.flow-2', message: 'flow {i}', values: { i } })} />
            </div>
            <FieldError path={fp} exact />
            <CcFields base={fp} def={CC_DEFAULT} />
            {kind === 'mptcp' && <MptcpFields base={`${fp}.mptcp`} />}
            {kind === 'quic' && <QuicFields base={fp} />}
            <JsonField path={fp} label={i18n._({ id: 'editor.other-flow-fields-json', message: 'Other flow fields (JSON)' })} omit={omit} />
          </div>
        );
      })}
    </fieldset>
  );
}

function ScenarioForm() {
  const { obj, errPath } = useContext(EditorCtx);
  const others = obj !== null && typeof obj === 'object' && !Array.isArray(obj) ? Object.keys(obj).filter((k) => !TOP_FIELDS.includes(k)) : [];
  return (
    <div className="editor-form" data-testid="editor-form">
      <fieldset className="form-group">
        <legend>{i18n._({ id: 'editor.run', message: 'Run' })}</legend>
        <div className="form-row">
          <TextField path="name" label={i18n._({ id: 'editor.name', message: 'Name' })} />
          <NumField path="seed" label={i18n._({ id: 'editor.seed', message: 'Seed' })} />
          <NumField path="duration_s" label={i18n._({ id: 'editor.duration', message: 'Duration' })} unit="s" />
          <NumField path="warmup_s" label={i18n._({ id: 'editor.warm-up', message: 'Warm-up' })} unit="s" />
          <BoolField path="tcp.ecn" label={i18n._({ id: 'editor.ecn-tcp-ecn', message: 'ECN (tcp.ecn)' })} def={ECN_DEFAULT} prune={['tcp']} help={i18n._({ id: 'editor.tcp-and-mptcp-flows-ask', message: 'TCP and MPTCP flows ask for ECN: an AQM marks instead of dropping ({doc})', values: { doc: 'docs/model/aqm.md' } })} />
        </div>
        <TextField path="title" label={i18n._({ id: 'editor.title', message: 'Title' })} long={false} />
        <TextField path="description" label={i18n._({ id: 'editor.what-to-look-for', message: 'What to look for' })} long />
      </fieldset>
      <TopologyForm />
      <FlowsForm />
      <TrafficForm />
      <fieldset className="form-group" data-testid="editor-other">
        <legend>{i18n._({ id: 'editor.other-fields-json', message: 'Other fields (JSON)' })}</legend>
        <p className="hint">{i18n._({ id: 'editor.tcp-settings-metrics-limits-knobs', message: 'TCP settings, metrics, limits, knobs, claims, variants, sweeps and any field the form has no inputs for yet.' })}</p>
        {others.map((k) => (
          <details key={k} open={errorBelongsTo(errPath, k) || undefined} data-field={k}>
            <summary>
              <code>{k}</code>
            </summary>
            <JsonField path={k} label={k} />
          </details>
        ))}
      </fieldset>
    </div>
  );
}

export function Editor() {
  useLingui();
  const eng = useEngine();
  const st = useEditor();
  const presets = useLab((s) => s.presets);
  const labPreset = useLab((s) => s.presetName);
  const [source, setSource] = useState<string>('');

  // A preset file's text is fetched on first use (presets.ts), so loading one waits for it.
  const loadPreset = async (name: string) => {
    if (!eng) return;
    let text = await lab.loadText(name);
    if (text === undefined) return;
    const s = labStore.getState();
    // A linked or edited scenario's text already has its variant applied.
    let variant = s.presets.find((p) => p.name === name)?.origin?.variant ?? null;
    // The lab's current preset comes with what is set there (variant, knobs).
    if (name === s.presetName && (s.variant !== null || Object.keys(s.knobEdits).length > 0)) {
      try {
        text = eng.apply_knobs(text, JSON.stringify(s.knobEdits), s.variant);
        variant = s.variant ?? variant;
      } catch {
        /* keep the preset as written */
      }
    }
    const pretty = (() => {
      try {
        return JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        return text;
      }
    })();
    editorStore.dispatch({ type: 'load', text: pretty, error: validate(eng, pretty), source: name, variant });
  };

  // First open: start from what the lab shows.
  useEffect(() => {
    if (eng && editorStore.getState().source === null && labPreset) void loadPreset(labPreset);
    // loadPreset reads the latest state itself.
  }, [eng, labPreset]);

  if (!eng) return <p className="muted">{i18n._({ id: 'editor.loading-the-engine', message: 'Loading the engine…' })}</p>;

  let obj: Json | undefined;
  let parsed = true;
  try {
    obj = JSON.parse(st.text) as Json;
  } catch {
    parsed = false;
  }
  const errPath = errorPath(st.error);
  // A controller's own error comes under cc_params with the parameter first
  // ("flows[0].cc_params: beta: …"): the form shows it beside that parameter's input.
  const ccKey = errPath !== null && (errPath.endsWith('cc_params') || errPath.endsWith('aqm_params')) ? ccParamInError(st.error, errPath) : null;
  const fieldErrPath = ccKey !== null ? `${errPath}.${ccKey}` : errPath;
  const edit = (text: string) => editorStore.dispatch({ type: 'edit', text, error: validate(eng, text) });
  const replace = (next: Json) => edit(JSON.stringify(next, null, 2));
  const update = (path: string, value: Json | undefined, prune?: readonly string[]) => {
    const next = setAt(obj, path, value);
    replace(prune && value === undefined ? pruneEmpty(next, prune) : next);
  };
  const run = () => {
    if (st.good === null) return;
    lab.openScenario(st.good, st.variant);
    openLab();
  };
  const dirty = isDirty(st);

  return (
    <section
      className="editor"
      data-testid="editor"
      data-valid={st.error === null}
      data-error-path={errPath ?? ''}
      data-has-good={st.good !== null}
      data-dirty={dirty}
      data-source={st.source ?? ''}
      aria-label={i18n._({ id: 'editor.scenario-editor', message: 'Scenario editor' })}
    >
      <div className="editor-bar">
        <label className="inline">
          {i18n._({ id: 'editor.start-from', message: 'Start from' })}
          <select data-testid="editor-source" value={source || st.source || ''} onChange={(e) => setSource(e.target.value)}>
            {presets.map((p) => (
              <option key={p.name} value={p.name}>
                {presetTitle(p)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" data-testid="editor-load" onClick={() => void loadPreset(source || st.source || labPreset || '')}>
          {i18n._({ id: 'editor.load', message: 'Load' })}
        </button>
        <span className="spacer" />
        <button type="button" data-testid="editor-revert" disabled={!dirty || st.good === null} onClick={() => st.good !== null && edit(st.good)}>
          {i18n._({ id: 'editor.revert-to-last-valid', message: 'Revert to last valid' })}
        </button>
        <button type="button" className="primary" data-testid="editor-run" disabled={st.good === null} onClick={run}>
          ▶ {st.error === null ? i18n._({ id: 'editor.run-in-lab', message: 'Run in lab' }) : i18n._({ id: 'editor.run-last-valid', message: 'Run last valid version' })}
        </button>
      </div>
      <div className={st.error === null ? 'editor-status ok' : 'editor-status bad'} data-testid="editor-status" role={st.error === null ? 'status' : 'alert'}>
        {st.error === null ? (
          <span>{i18n._({ id: 'editor.valid-scenario', message: '✓ Valid scenario' })}{dirty ? '' : ''}</span>
        ) : (
          <span>
            <strong>{i18n._({ id: 'editor.invalid', message: 'Invalid:' })}</strong> <code data-testid="editor-error">{st.error}</code>
            {st.good !== null && <span className="muted">{' '}{i18n._({ id: 'editor.the-last-valid-version-is', message: '— the last valid version is kept and is what runs.' })}</span>}
          </span>
        )}
      </div>
      <div className="editor-panes">
        <EditorCtx.Provider value={{ obj, update, replace, errPath: fieldErrPath, error: st.error }}>
          {parsed ? <ScenarioForm /> : <p className="muted editor-form">{i18n._({ id: 'editor.the-json-does-not-parse', message: 'The JSON does not parse; fix it on the right to use the form again.' })}</p>}
        </EditorCtx.Provider>
        <label className="editor-raw">
          <span className="muted">{i18n._({ id: 'editor.raw-json', message: 'Raw JSON' })}</span>
          <textarea data-testid="editor-json" spellCheck={false} value={st.text} onChange={(e) => edit(e.target.value)} aria-invalid={st.error !== null} />
        </label>
      </div>
    </section>
  );
}
