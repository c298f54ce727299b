// The editor's inputs for algorithm parameters (issue 6 item 6): a flow's congestion
// controller and its cc_params, an MPTCP flow's packet and flow schedulers with the FSFS size
// classes, and a QUIC flow's stream scheduler and streams. Which algorithms and fields exist,
// and their defaults, come from schema.ts (read from the engine's registry and JSON Schema).
import { useContext, useId, useState, useEffect } from 'react';
import { graphNodes } from './graph';
import { type Json, getAt, setAt } from './jsonPath';
import {
  BoolField,
  EditorCtx,
  FieldError,
  IndexListField,
  JsonField,
  ListHead,
  NumField,
  ParamField,
  RemoveButton,
  SelectField,
  TextField,
  fieldClass,
} from './fields';
import {
  BACKGROUND_CC_DEFAULT,
  CC_CHOICES,
  CLASS_BOUNDS_KB_DEFAULT,
  CLASS_SUBFLOWS_DEFAULT,
  FLOW_SCHEDULERS,
  FLOW_SCHED_DEFAULT,
  FIRST_PATHS,
  FIRST_PATH_DEFAULT,
  MPTCP_DEFAULT_SCHEDULER,
  MPTCP_NUMBERS,
  MPTCP_SCHEDULERS,
  QUIC_DEFAULT_SCHEDULER,
  QUIC_NUMBERS,
  QUIC_SCHEDULERS,
  REINJECT_DEFAULT,
  SCHED_PARAMS,
  SOURCE_KINDS,
  STREAM_DEFAULTS,
  TELEMETRY_JITTER_DEFAULT,
  TELEMETRY_MIXES,
  TELEMETRY_MIX_DEFAULT,
  TRAFFIC_CC_DEFAULT,
  ccDoc,
  ccParamsFor,
  classRanges,
  newStream,
  paramsForCc,
  schedParamsFor,
  setTriple,
  sourceTemplate,
  streamFieldsUsed,
} from './schema';

/**
 * The congestion controller of `base` (a flow, or the generated traffic) and the parameters it
 * accepts; parameters it does not accept are dropped when it changes, since the engine would
 * reject them. `def` is the engine's default controller there.
 */
export function CcFields({ base, def }: { base: string; def: string }) {
  const { obj, replace } = useContext(EditorCtx);
  const ccv = getAt(obj, `${base}.cc`);
  const cc = typeof ccv === 'string' ? ccv : def;
  const params = ccParamsFor(cc);
  const pp = `${base}.cc_params`;
  const prune = [pp];
  return (
    <div className="param-block" data-testid="cc-fields" data-base={base}>
      <div className="form-row">
        <SelectField
          path={`${base}.cc`}
          label="Algorithm (cc)"
          options={CC_CHOICES}
          onPick={(name) => {
            let next: Json = setAt(obj, `${base}.cc`, name);
            next = setAt(next, pp, paramsForCc(name, getAt(obj, pp)));
            replace(next);
          }}
        />
        {params.map((p) => (
          <ParamField key={p.key} def={p} base={pp} prune={prune} />
        ))}
      </div>
      {ccDoc(cc) && <p className="hint">{ccDoc(cc)}</p>}
      <JsonField path={pp} label={params.length > 0 ? 'Other cc_params (JSON)' : 'Algorithm parameters (cc_params, JSON)'} omit={params.map((p) => p.key)} dropEmpty />
    </div>
  );
}

/** Three numbers stored as one array field (serde `[T; 3]`), one input per element. */
function TripleField({
  path,
  label,
  names,
  unit,
  defaults,
  integer,
  prune,
  hint,
}: {
  path: string;
  label: string;
  names: readonly string[];
  unit?: string;
  defaults: readonly number[];
  integer?: boolean;
  prune?: readonly string[];
  hint?: string;
}) {
  const { obj, update, errPath } = useContext(EditorCtx);
  const v = getAt(obj, path);
  const arr = Array.isArray(v) ? v : null;
  return (
    <fieldset className={`${fieldClass(errPath, path)} triple-field`} data-path={path}>
      <legend>
        {label}
        {unit ? ` (${unit})` : ''}
      </legend>
      <div className="triple-inputs">
        {names.map((n, i) => (
          <TripleInput
            key={n}
            label={n}
            path={`${path}[${i}]`}
            shown={arr && arr[i] !== undefined ? (typeof arr[i] === 'string' ? (arr[i] as string) : JSON.stringify(arr[i])) : ''}
            placeholder={String(defaults[i])}
            integer={integer}
            onValue={(x) => update(path, setTriple(v, i, x, defaults), prune)}
          />
        ))}
      </div>
      {hint && <small className="hint">{hint}</small>}
      <FieldError path={path} />
    </fieldset>
  );
}

function TripleInput({ label, path, shown, placeholder, integer, onValue }: { label: string; path: string; shown: string; placeholder: string; integer?: boolean; onValue: (v: Json | undefined) => void }) {
  const id = useId();
  const [text, setText] = useState(shown);
  useEffect(() => setText(shown), [shown]);
  return (
    <label htmlFor={id} className="triple-input">
      <span>{label}</span>
      <input
        id={id}
        type="text"
        inputMode={integer ? 'numeric' : 'decimal'}
        data-path={path}
        value={text}
        placeholder={placeholder}
        onChange={(e) => {
          setText(e.target.value);
          const t = e.target.value.trim();
          onValue(t === '' ? undefined : Number.isFinite(Number(t)) ? Number(t) : t);
        }}
      />
    </label>
  );
}

/** The `mptcp` block at `base` (a flow's or the generated traffic's). */
export function MptcpFields({ base }: { base: string }) {
  const { obj } = useContext(EditorCtx);
  const prune = [base];
  const sched = getAt(obj, `${base}.scheduler`);
  const flowSched = getAt(obj, `${base}.flow_sched`);
  // The chosen scheduler's parameters, and any other one still set (so it can be cleared).
  const own = new Set(schedParamsFor(typeof sched === 'string' ? sched : MPTCP_DEFAULT_SCHEDULER).map((p) => p.key));
  const schedParams = SCHED_PARAMS.filter((p) => own.has(p.key) || getAt(obj, `${base}.sched_params.${p.key}`) !== undefined);
  const bounds = getAt(obj, `${base}.class_bounds_kb`);
  return (
    <fieldset className="param-group" data-testid="mptcp-fields" data-base={base}>
      <legend>MPTCP</legend>
      <div className="form-row">
        <SelectField path={`${base}.scheduler`} label="Packet scheduler" options={MPTCP_SCHEDULERS} def={MPTCP_DEFAULT_SCHEDULER} prune={prune} wide />
        {schedParams.map((p) => (
          <ParamField key={p.key} def={p} base={`${base}.sched_params`} prune={[`${base}.sched_params`, base]} />
        ))}
        <SelectField path={`${base}.flow_sched`} label="Flow scheduler" options={FLOW_SCHEDULERS} def={FLOW_SCHED_DEFAULT} prune={prune} wide />
        <SelectField path={`${base}.first_path`} label="First subflow" options={FIRST_PATHS} def={FIRST_PATH_DEFAULT} prune={prune} wide />
        {MPTCP_NUMBERS.map((p) => (
          <ParamField key={p.key} def={p} base={base} prune={prune} />
        ))}
        <IndexListField path={`${base}.paths`} label="Paths" placeholder="all" help="Indexes into topology.paths the flow may use, e.g. 0, 2, 3." prune={prune} />
        <BoolField path={`${base}.reinject_on_rto`} label="Reinject on RTO" def={REINJECT_DEFAULT} help="Queue a timed-out subflow's data for the other subflows too (Linux)." prune={prune} />
      </div>
      <div className="form-row">
        <TripleField
          path={`${base}.class_bounds_kb`}
          label="FSFS class upper bounds"
          names={['G0 ≤', 'G1 ≤', 'G2 ≤']}
          unit="kB"
          defaults={CLASS_BOUNDS_KB_DEFAULT}
          prune={prune}
          hint={classRanges(bounds)}
        />
        <TripleField
          path={`${base}.class_subflows`}
          label="FSFS subflows per class"
          names={['G0', 'G1', 'G2']}
          defaults={CLASS_SUBFLOWS_DEFAULT}
          integer
          prune={prune}
          hint={flowSched === 'fsfs' ? 'lowest-RTT paths; G3 uses every path' : 'used with flow scheduler fsfs'}
        />
      </div>
      <p className="hint">Coupled congestion control: choose cc “lia” (RFC 6356) above; any other controller runs on each subflow on its own.</p>
      <JsonField path={base} label="Other mptcp fields (JSON)" omit={MPTCP_KEYS} dropEmpty />
    </fieldset>
  );
}

const MPTCP_KEYS = ['scheduler', 'sched_params', 'flow_sched', 'first_path', 'subflows', 'recv_buffer_bytes', 'send_buffer_bytes', 'paths', 'reinject_on_rto', 'class_bounds_kb', 'class_subflows'];
const QUIC_KEYS = ['scheduler', 'streams', ...QUIC_NUMBERS.map((p) => p.key)];
const STREAM_KEYS = ['name', 'source', 'weight', 'priority', 'urgency', 'incremental', 'count'];

function SourceFields({ sp }: { sp: string }) {
  const { obj, update } = useContext(EditorCtx);
  const src = `${sp}.source`;
  const kind = getAt(obj, `${src}.kind`);
  return (
    <>
      <SelectField path={`${src}.kind`} label="Source" options={SOURCE_KINDS.map((name) => ({ name }))} onPick={(k) => update(src, sourceTemplate(k))} />
      {kind === 'bulk' && <NumField path={`${src}.size_bytes`} label="Size" unit="bytes" placeholder="endless" integer />}
      {kind === 'messages' && (
        <>
          <NumField path={`${src}.size_bytes`} label="Message size" unit="bytes" placeholder="—" json help='A number, or a distribution: {"uniform": [a, b]}, {"exponential": mean}, {"list": [...]}. Give this or the size in packets.' />
          <NumField path={`${src}.size_packets`} label="… or in packets" placeholder="—" help="Message size in full packets' worth of stream payload." />
          <NumField path={`${src}.interval_ms`} label="Interval" unit="ms" placeholder="required" json help='Time between two writes: a number or a distribution ({"exponential": mean} = Poisson).' />
          <NumField path={`${src}.count`} label="Messages" placeholder="no limit" integer />
          <NumField path={`${src}.start_s`} label="First write" unit="s" placeholder="0" />
        </>
      )}
      {kind === 'telemetry' && (
        <>
          <SelectField path={`${src}.mix`} label="Mix" options={TELEMETRY_MIXES.map((name) => ({ name }))} def={TELEMETRY_MIX_DEFAULT} />
          <NumField path={`${src}.jitter`} label="Jitter" placeholder={String(TELEMETRY_JITTER_DEFAULT)} help="Relative jitter of each interval, in [0, 1)." />
        </>
      )}
    </>
  );
}

/** The `quic` block of flow `base` ("flows[i]"): stream scheduler, streams, connection settings. */
export function QuicFields({ base }: { base: string }) {
  const { obj, update } = useContext(EditorCtx);
  const q = `${base}.quic`;
  const schedv = getAt(obj, `${q}.scheduler`);
  const used = streamFieldsUsed(typeof schedv === 'string' ? schedv : QUIC_DEFAULT_SCHEDULER);
  const streams = getAt(obj, `${q}.streams`);
  const list = Array.isArray(streams) ? streams : [];
  const mark = (f: string) => (used.has(f) ? ' used' : '');
  return (
    <fieldset className="param-group" data-testid="quic-fields" data-base={q}>
      <legend>QUIC</legend>
      <div className="form-row">
        <SelectField path={`${q}.scheduler`} label="Stream scheduler" options={QUIC_SCHEDULERS} def={QUIC_DEFAULT_SCHEDULER} wide />
        <p className="hint sched-hint">
          {used.size === 0 ? 'Round robin reads no stream field.' : `This scheduler reads: ${[...used].join(', ')} (highlighted).`}
        </p>
      </div>
      <ListHead title={`Streams (${list.length})`} path={`${q}.streams`} addLabel="stream" onAdd={() => update(`${q}.streams`, [...list, newStream(list)])} />
      {list.map((_, i) => {
        const sp = `${q}.streams[${i}]`;
        return (
          <div className="item stream-item" key={i} data-item={sp}>
            <div className="form-row">
              <TextField path={`${sp}.name`} label="Name" />
              <NumField path={`${sp}.count`} label="Copies" placeholder={String(STREAM_DEFAULTS.count)} integer />
              <span className={`sched-field${mark('weight')}`}>
                <NumField path={`${sp}.weight`} label="Weight" placeholder={String(STREAM_DEFAULTS.weight)} integer help="WFQ share (packets for wfq and wfq-spread, bytes for wfq-bytes), in [1, 1000]." />
              </span>
              <span className={`sched-field${mark('priority')}`}>
                <NumField path={`${sp}.priority`} label="Priority" placeholder={String(STREAM_DEFAULTS.priority)} integer help="abs: the ready stream with the highest value always goes first." />
              </span>
              <span className={`sched-field${mark('urgency')}`}>
                <NumField path={`${sp}.urgency`} label="Urgency" placeholder={String(STREAM_DEFAULTS.urgency)} integer help="RFC 9218 urgency, 0 (most urgent) … 7." />
              </span>
              <span className={`sched-field${mark('incremental')}`}>
                <BoolField path={`${sp}.incremental`} label="Incremental" def={STREAM_DEFAULTS.incremental} help="RFC 9218: incremental streams of one urgency share round-robin." />
              </span>
              <RemoveButton path={sp} label={`stream ${i}`} />
            </div>
            <div className="form-row">
              <SourceFields sp={sp} />
            </div>
            <JsonField path={sp} label="Other stream fields (JSON)" omit={STREAM_KEYS} />
          </div>
        );
      })}
      <details className="quic-settings">
        <summary>Connection settings</summary>
        <div className="form-row">
          {QUIC_NUMBERS.map((p) => (
            <ParamField key={p.key} def={p} base={q} />
          ))}
        </div>
      </details>
      <JsonField path={q} label="Other quic fields (JSON)" omit={QUIC_KEYS} />
    </fieldset>
  );
}

const TRAFFIC_KEYS = ['from', 'to', 'arrival_rate', 'start_s', 'stop_s', 'size', 'cc', 'cc_params', 'mptcp', 'background_per_path', 'background_cc', 'list_flows'];
export const TRAFFIC_FORM_KEYS = TRAFFIC_KEYS;

/** The generated MPTCP traffic (`traffic`), when the scenario has it. */
export function TrafficForm() {
  const { obj } = useContext(EditorCtx);
  if (getAt(obj, 'traffic') === undefined) return null;
  const graph = getAt(obj, 'topology.kind') === 'graph';
  const hosts = graphNodes(obj)
    .filter((n) => n.kind === 'host')
    .map((n) => ({ name: n.name }));
  return (
    <fieldset className="form-group" data-testid="editor-traffic">
      <legend>Generated traffic</legend>
      <div className="form-row">
        {/* On a graph the generated flows name their hosts (docs/model/topology.md). */}
        {graph && (
          <>
            <SelectField path="traffic.from" label="From host" options={hosts} />
            <SelectField path="traffic.to" label="To host" options={hosts} />
          </>
        )}
        <NumField path="traffic.arrival_rate" label="Arrivals" unit="flows/s" />
        <NumField path="traffic.start_s" label="From" unit="s" placeholder="0" />
        <NumField path="traffic.stop_s" label="Until" unit="s" placeholder="end" />
        <NumField path="traffic.background_per_path" label="Background / path" placeholder="0" integer />
        <SelectField path="traffic.background_cc" label="Background cc" options={CC_CHOICES} def={BACKGROUND_CC_DEFAULT} />
        <NumField path="traffic.list_flows" label="Flows listed" placeholder="200" integer />
      </div>
      <JsonField path="traffic.size" label="Flow sizes (JSON)" />
      <CcFields base="traffic" def={TRAFFIC_CC_DEFAULT} />
      <MptcpFields base="traffic.mptcp" />
      <JsonField path="traffic" label="Other traffic fields (JSON)" omit={TRAFFIC_KEYS} />
    </fieldset>
  );
}
