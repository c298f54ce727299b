// The scenario editor: the scenario as a form and as raw JSON, kept in step. Every change is
// checked by the engine's own validator (wasm validate_scenario), whose one-line message names
// the field path; the message shows at the top and next to that field. An invalid draft never
// replaces the last valid scenario, which is what "Run in lab" runs.
import { createContext, useContext, useEffect, useId, useState, useSyncExternalStore } from 'react';
import { type EditorState, editorStore, isDirty } from '../editor/editorState';
import { type Json, errorBelongsTo, errorPath, getAt, setAt } from '../editor/jsonPath';
import { engine } from '../lib/engine';
import { lab } from '../sim/controller';
import { labStore, useLab } from '../store/store';
import { setView } from '../store/ui';

type Engine = Awaited<ReturnType<typeof engine>>;

/** Congestion controllers and flow kinds offered as suggestions; the validator has the last word. */
const CC_SUGGESTIONS = ['cubic', 'reno', 'bbr', 'bbr-a', 'bbq', 'da-bbr', 'lia'];
const KIND_SUGGESTIONS = ['tcp', 'mptcp', 'quic'];
/** Fields the form has inputs for; any other field gets a generic JSON box. */
const TOP_FIELDS = ['name', 'title', 'description', 'seed', 'duration_s', 'warmup_s', 'stop_when_done', 'topology', 'flows'];
const FLOW_FIELDS = ['id', 'kind', 'cc', 'cc_params', 'path', 'start_s', 'size_bytes', 'count', 'start_spread_s'];
const PATH_FIELDS = ['rate_mbps', 'rtt_ms', 'loss', 'buffer'];
const BOTTLENECK_FIELDS = ['rate_mbps', 'delay_ms', 'loss', 'buffer'];

const TEMPLATES: Record<string, Json> = {
  dumbbell: { kind: 'dumbbell', bottleneck: { rate_mbps: 100, delay_ms: 1, buffer: { bdp: 1 } }, senders: [{ rtt_ms: 10 }, { rtt_ms: 50 }] },
  parallel: {
    kind: 'parallel',
    paths: [
      { rate_mbps: 10, rtt_ms: 20 },
      { rate_mbps: 10, rtt_ms: 60 },
    ],
  },
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

interface Ctx {
  obj: Json | undefined;
  update: (path: string, value: Json | undefined) => void;
  errPath: string | null;
  error: string | null;
}
const EditorCtx = createContext<Ctx>({ obj: undefined, update: () => {}, errPath: null, error: null });

function FieldError({ path }: { path: string }) {
  const { errPath, error } = useContext(EditorCtx);
  if (!errorBelongsTo(errPath, path)) return null;
  return (
    <small className="field-error" role="alert" data-testid="field-error" data-error-for={errPath ?? ''}>
      {error}
    </small>
  );
}

function fieldClass(errPath: string | null, path: string): string {
  return errorBelongsTo(errPath, path) ? 'field compact invalid' : 'field compact';
}

/** A number; empty removes the field (the engine's default applies). */
function NumField({ path, label, unit }: { path: string; label: string; unit?: string }) {
  const { obj, update, errPath } = useContext(EditorCtx);
  const id = useId();
  const v = getAt(obj, path);
  const shown = typeof v === 'number' ? String(v) : v === undefined ? '' : JSON.stringify(v);
  const [text, setText] = useState(shown);
  useEffect(() => setText(shown), [shown]);
  return (
    <label className={fieldClass(errPath, path)} htmlFor={id}>
      <span>
        {label}
        {unit ? ` (${unit})` : ''}
      </span>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        data-path={path}
        value={text}
        placeholder="default"
        onChange={(e) => {
          setText(e.target.value);
          const t = e.target.value.trim();
          if (t === '') update(path, undefined);
          else if (Number.isFinite(Number(t))) update(path, Number(t));
          // Anything else is written as text, so the validator names the field.
          else update(path, t);
        }}
      />
      <FieldError path={path} />
    </label>
  );
}

function TextField({ path, label, suggestions, long }: { path: string; label: string; suggestions?: string[]; long?: boolean }) {
  const { obj, update, errPath } = useContext(EditorCtx);
  const id = useId();
  const v = getAt(obj, path);
  const shown = typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v);
  const set = (t: string) => update(path, t === '' ? undefined : t);
  return (
    <label className={fieldClass(errPath, path) + (long ? ' wide' : '')} htmlFor={id}>
      <span>{label}</span>
      {long ? (
        <textarea id={id} data-path={path} rows={3} value={shown} onChange={(e) => set(e.target.value)} />
      ) : (
        <input id={id} type="text" data-path={path} list={suggestions ? `${id}-l` : undefined} value={shown} placeholder="default" onChange={(e) => set(e.target.value)} />
      )}
      {suggestions && (
        <datalist id={`${id}-l`}>
          {suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      )}
      <FieldError path={path} />
    </label>
  );
}

/**
 * Any JSON value (algorithm parameters, fields the form does not know yet). With `omit`, the
 * box shows the object at `path` without those keys (the form has inputs for them), and its
 * edits replace just the other keys.
 */
function JsonField({ path, label, omit }: { path: string; label: string; omit?: string[] }) {
  const { obj, update, errPath } = useContext(EditorCtx);
  const id = useId();
  const v = getAt(obj, path);
  let value: Json | undefined = v;
  if (omit && v !== null && typeof v === 'object' && !Array.isArray(v)) {
    value = Object.fromEntries(Object.entries(v).filter(([k]) => !omit.includes(k)));
    if (Object.keys(value).length === 0) value = undefined;
  }
  const shown = value === undefined ? '' : JSON.stringify(value, null, 1);
  const [text, setText] = useState(shown);
  const [bad, setBad] = useState<string | null>(null);
  useEffect(() => {
    setText(shown);
    setBad(null);
  }, [shown]);
  const onChange = (t: string) => {
    setText(t);
    let parsed: Json | undefined;
    try {
      parsed = t.trim() === '' ? undefined : (JSON.parse(t) as Json);
    } catch (e) {
      setBad(`${label}: malformed JSON (${e instanceof Error ? e.message : String(e)})`);
      return;
    }
    setBad(null);
    if (!omit) {
      update(path, parsed);
      return;
    }
    if (parsed !== undefined && (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))) {
      setBad(`${label}: expected an object of extra fields`);
      return;
    }
    const base = v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {};
    const kept = Object.fromEntries(Object.entries(base).filter(([k]) => omit.includes(k)));
    update(path, { ...kept, ...(parsed ?? {}) });
  };
  const invalid = bad !== null || (!omit && errorBelongsTo(errPath, path));
  return (
    <label className={invalid ? 'field compact wide invalid' : 'field compact wide'} htmlFor={id}>
      <span>{label}</span>
      <textarea id={id} className="json-box" data-path={path} data-json-field={omit ? 'extra' : 'value'} rows={Math.min(8, Math.max(1, text.split('\n').length))} value={text} placeholder="(none)" spellCheck={false} onChange={(e) => onChange(e.target.value)} />
      {bad !== null && (
        <small className="field-error" data-testid="json-field-error">
          {bad}
        </small>
      )}
      {!omit && <FieldError path={path} />}
    </label>
  );
}

function BufferField({ path }: { path: string }) {
  const { obj, update, errPath } = useContext(EditorCtx);
  const id = useId();
  const b = getAt(obj, path);
  const o = b !== null && typeof b === 'object' && !Array.isArray(b) ? b : {};
  const mode = o.unlimited === true ? 'unlimited' : (['bdp', 'packets', 'bytes'].find((k) => k in o) ?? 'default');
  const amount = mode !== 'default' && mode !== 'unlimited' ? o[mode] : undefined;
  const [text, setText] = useState(amount === undefined ? '' : String(amount));
  useEffect(() => setText(amount === undefined ? '' : String(amount)), [amount]);
  const setMode = (m: string) => {
    if (m === 'default') update(path, undefined);
    else if (m === 'unlimited') update(path, { unlimited: true });
    else update(path, { [m]: m === 'bdp' ? 1 : m === 'packets' ? 100 : 150000 });
  };
  return (
    <div className={`${fieldClass(errPath, path)} buffer-field`}>
      <label htmlFor={id}>
        <span>Buffer</span>
      </label>
      <span className="input-unit">
        <select id={id} data-path={`${path}#mode`} value={mode} onChange={(e) => setMode(e.target.value)}>
          <option value="default">default (1 BDP)</option>
          <option value="bdp">BDPs</option>
          <option value="packets">packets</option>
          <option value="bytes">bytes</option>
          <option value="unlimited">unlimited</option>
        </select>
        {mode !== 'default' && mode !== 'unlimited' && (
          <input
            type="text"
            inputMode="decimal"
            aria-label={`buffer in ${mode}`}
            data-path={`${path}.${mode}`}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              const x = Number(e.target.value);
              update(`${path}.${mode}`, e.target.value.trim() !== '' && Number.isFinite(x) ? x : e.target.value);
            }}
          />
        )}
      </span>
      <FieldError path={path} />
    </div>
  );
}

function ListHead({ title, path, onAdd, addLabel }: { title: string; path: string; onAdd: () => void; addLabel: string }) {
  return (
    <div className="list-head">
      <h3>{title}</h3>
      <button type="button" className="link-button" data-testid={`add-${path}`} onClick={onAdd}>
        + {addLabel}
      </button>
    </div>
  );
}

function RemoveButton({ path, label }: { path: string; label: string }) {
  const { update } = useContext(EditorCtx);
  return (
    <button type="button" className="link-button remove" data-testid="remove-item" data-path={path} aria-label={`Remove ${label}`} onClick={() => update(path, undefined)}>
      remove
    </button>
  );
}

function TopologyForm() {
  const { obj, update } = useContext(EditorCtx);
  const kind = getAt(obj, 'topology.kind');
  const known = kind === 'dumbbell' || kind === 'parallel';
  const senders = getAt(obj, 'topology.senders');
  const paths = getAt(obj, 'topology.paths');
  return (
    <fieldset className="form-group" data-testid="editor-topology">
      <legend>Topology</legend>
      <label className="field compact">
        <span>Kind</span>
        <select
          data-path="topology.kind"
          value={typeof kind === 'string' ? kind : ''}
          onChange={(e) => update('topology', TEMPLATES[e.target.value] ?? { kind: e.target.value })}
        >
          {!known && <option value={typeof kind === 'string' ? kind : ''}>{typeof kind === 'string' ? kind : '(none)'}</option>}
          <option value="dumbbell">dumbbell (senders share one bottleneck)</option>
          <option value="parallel">parallel (independent paths)</option>
        </select>
      </label>
      {kind === 'dumbbell' && (
        <>
          <h3>Bottleneck link</h3>
          <div className="form-row">
            <NumField path="topology.bottleneck.rate_mbps" label="Rate" unit="Mbit/s" />
            <NumField path="topology.bottleneck.delay_ms" label="Delay" unit="ms" />
            <NumField path="topology.bottleneck.loss" label="Loss" unit="prob." />
            <BufferField path="topology.bottleneck.buffer" />
          </div>
          <JsonField path="topology.bottleneck" label="Other bottleneck fields (JSON)" omit={BOTTLENECK_FIELDS} />
          <NumField path="topology.access_rate_mbps" label="Access links' rate" unit="Mbit/s" />
          <ListHead
            title="Senders"
            path="topology.senders"
            addLabel="sender"
            onAdd={() => update('topology.senders', [...(Array.isArray(senders) ? senders : []), { rtt_ms: 20 }])}
          />
          {(Array.isArray(senders) ? senders : []).map((_, i) => (
            <div className="form-row item" key={i} data-item={`topology.senders[${i}]`}>
              <span className="item-name">sender {i}</span>
              <NumField path={`topology.senders[${i}].rtt_ms`} label="Base RTT" unit="ms" />
              <RemoveButton path={`topology.senders[${i}]`} label={`sender ${i}`} />
            </div>
          ))}
        </>
      )}
      {kind === 'parallel' && (
        <>
          <ListHead
            title="Paths"
            path="topology.paths"
            addLabel="path"
            onAdd={() => update('topology.paths', [...(Array.isArray(paths) ? paths : []), { rate_mbps: 10, rtt_ms: 40 }])}
          />
          {(Array.isArray(paths) ? paths : []).map((_, i) => (
            <div className="item" key={i} data-item={`topology.paths[${i}]`}>
              <div className="form-row">
                <span className="item-name">path {i}</span>
                <NumField path={`topology.paths[${i}].rate_mbps`} label="Rate" unit="Mbit/s" />
                <NumField path={`topology.paths[${i}].rtt_ms`} label="RTT" unit="ms" />
                <NumField path={`topology.paths[${i}].loss`} label="Loss" unit="prob." />
                <BufferField path={`topology.paths[${i}].buffer`} />
                <RemoveButton path={`topology.paths[${i}]`} label={`path ${i}`} />
              </div>
              <JsonField path={`topology.paths[${i}]`} label="Other path fields (JSON)" omit={PATH_FIELDS} />
            </div>
          ))}
        </>
      )}
      {!known && <JsonField path="topology" label="Topology (JSON)" />}
    </fieldset>
  );
}

function FlowsForm() {
  const { obj, update } = useContext(EditorCtx);
  const flows = getAt(obj, 'flows');
  const list = Array.isArray(flows) ? flows : [];
  return (
    <fieldset className="form-group" data-testid="editor-flows">
      <legend>Flows</legend>
      <ListHead title={`${list.length} flow group${list.length === 1 ? '' : 's'}`} path="flows" addLabel="flow" onAdd={() => update('flows', [...list, { cc: 'cubic', path: 0 }])} />
      {list.map((_, i) => (
        <div className="item" key={i} data-item={`flows[${i}]`}>
          <div className="form-row">
            <TextField path={`flows[${i}].id`} label="Id" />
            <TextField path={`flows[${i}].kind`} label="Kind" suggestions={KIND_SUGGESTIONS} />
            <TextField path={`flows[${i}].cc`} label="Algorithm (cc)" suggestions={CC_SUGGESTIONS} />
            <NumField path={`flows[${i}].path`} label="Sender / path" />
            <NumField path={`flows[${i}].start_s`} label="Start" unit="s" />
            <NumField path={`flows[${i}].size_bytes`} label="Size" unit="bytes" />
            <NumField path={`flows[${i}].count`} label="Copies" />
            <NumField path={`flows[${i}].start_spread_s`} label="Start spread" unit="s" />
            <RemoveButton path={`flows[${i}]`} label={`flow ${i}`} />
          </div>
          <JsonField path={`flows[${i}].cc_params`} label="Algorithm parameters (cc_params, JSON)" />
          <JsonField path={`flows[${i}]`} label="Other flow fields: scheduler, streams, … (JSON)" omit={FLOW_FIELDS} />
        </div>
      ))}
    </fieldset>
  );
}

function ScenarioForm() {
  const { obj, errPath } = useContext(EditorCtx);
  const others = obj !== null && typeof obj === 'object' && !Array.isArray(obj) ? Object.keys(obj).filter((k) => !TOP_FIELDS.includes(k)) : [];
  return (
    <div className="editor-form" data-testid="editor-form">
      <fieldset className="form-group">
        <legend>Run</legend>
        <div className="form-row">
          <TextField path="name" label="Name" />
          <NumField path="seed" label="Seed" />
          <NumField path="duration_s" label="Duration" unit="s" />
          <NumField path="warmup_s" label="Warm-up" unit="s" />
        </div>
        <TextField path="title" label="Title" long={false} />
        <TextField path="description" label="What to look for" long />
      </fieldset>
      <TopologyForm />
      <FlowsForm />
      <fieldset className="form-group" data-testid="editor-other">
        <legend>Other fields (JSON)</legend>
        <p className="hint">TCP settings, metrics, limits, knobs, claims, variants, sweeps and any field the form has no inputs for yet.</p>
        {others.map((k) => (
          <details key={k} open={errorBelongsTo(errPath, k) || undefined} data-field={k}>
            <summary>{k}</summary>
            <JsonField path={k} label={k} />
          </details>
        ))}
      </fieldset>
    </div>
  );
}

export function Editor() {
  const eng = useEngine();
  const st = useEditor();
  const presets = useLab((s) => s.presets);
  const labPreset = useLab((s) => s.presetName);
  const [source, setSource] = useState<string>('');

  const loadPreset = (name: string) => {
    if (!eng) return;
    const s = labStore.getState();
    let text = lab.presetText(name);
    if (text === undefined) return;
    // The lab's current preset comes with what is set there (variant, knobs).
    if (name === s.presetName && (s.variant !== null || Object.keys(s.knobEdits).length > 0)) {
      try {
        text = eng.apply_knobs(text, JSON.stringify(s.knobEdits), s.variant);
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
    editorStore.dispatch({ type: 'load', text: pretty, error: validate(eng, pretty), source: name });
  };

  // First open: start from what the lab shows.
  useEffect(() => {
    if (eng && editorStore.getState().source === null && labPreset) loadPreset(labPreset);
    // loadPreset reads the latest state itself.
  }, [eng, labPreset]);

  if (!eng) return <p className="muted">Loading the engine…</p>;

  let obj: Json | undefined;
  let parsed = true;
  try {
    obj = JSON.parse(st.text) as Json;
  } catch {
    parsed = false;
  }
  const errPath = errorPath(st.error);
  const edit = (text: string) => editorStore.dispatch({ type: 'edit', text, error: validate(eng, text) });
  const update = (path: string, value: Json | undefined) => edit(JSON.stringify(setAt(obj, path, value), null, 2));
  const run = () => {
    if (st.good === null) return;
    lab.openScenario(st.good);
    setView('lab');
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
      aria-label="Scenario editor"
    >
      <div className="editor-bar">
        <label className="inline">
          Start from
          <select data-testid="editor-source" value={source || st.source || ''} onChange={(e) => setSource(e.target.value)}>
            {presets.map((p) => (
              <option key={p.name} value={p.name}>
                {p.title}
              </option>
            ))}
          </select>
        </label>
        <button type="button" data-testid="editor-load" onClick={() => loadPreset(source || st.source || labPreset || '')}>
          Load
        </button>
        <span className="spacer" />
        <button type="button" data-testid="editor-revert" disabled={!dirty || st.good === null} onClick={() => st.good !== null && edit(st.good)}>
          Revert to last valid
        </button>
        <button type="button" className="primary" data-testid="editor-run" disabled={st.good === null} onClick={run}>
          ▶ {st.error === null ? 'Run in lab' : 'Run last valid version'}
        </button>
      </div>
      <div className={st.error === null ? 'editor-status ok' : 'editor-status bad'} data-testid="editor-status" role={st.error === null ? 'status' : 'alert'}>
        {st.error === null ? (
          <span>✓ Valid scenario{dirty ? '' : ''}</span>
        ) : (
          <span>
            <strong>Invalid:</strong> <code data-testid="editor-error">{st.error}</code>
            {st.good !== null && <span className="muted"> — the last valid version is kept and is what runs.</span>}
          </span>
        )}
      </div>
      <div className="editor-panes">
        <EditorCtx.Provider value={{ obj, update, errPath, error: st.error }}>
          {parsed ? <ScenarioForm /> : <p className="muted editor-form">The JSON does not parse; fix it on the right to use the form again.</p>}
        </EditorCtx.Provider>
        <label className="editor-raw">
          <span className="muted">Raw JSON</span>
          <textarea data-testid="editor-json" spellCheck={false} value={st.text} onChange={(e) => edit(e.target.value)} aria-invalid={st.error !== null} />
        </label>
      </div>
    </section>
  );
}
