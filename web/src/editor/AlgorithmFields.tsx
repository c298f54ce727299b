// The editor's inputs for algorithm parameters (issue 6 item 6): a flow's congestion
// controller and its cc_params, an MPTCP flow's packet and flow schedulers with the FSFS size
// classes, and a QUIC flow's stream scheduler and streams. Which algorithms and fields exist,
// and their defaults, come from schema.ts (read from the engine's registry and JSON Schema).
import { useContext, useId, useState, useEffect } from 'react';
import { i18n } from '../i18n/i18n';
import { unitText } from '../i18n/units';
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
          label={i18n._({ id: 'editor.algorithm-cc', message: 'Algorithm (cc)' })}
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
      {/* The algorithm's documentation is the engine's (its JSON Schema), in English: marked so. */}
      {ccDoc(cc) && (
        <p className="hint" lang="en">
          {ccDoc(cc)}
        </p>
      )}
      <JsonField path={pp} label={params.length > 0 ? i18n._({ id: 'editor.other-cc-params', message: 'Other cc_params (JSON)' }) : i18n._({ id: 'editor.cc-params', message: 'Algorithm parameters (cc_params, JSON)' })} omit={params.map((p) => p.key)} dropEmpty />
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
        {unit ? ` (${unitText(i18n, unit)})` : ''}
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
      <legend>{i18n._({ id: 'editor.mptcp', message: 'MPTCP' })}</legend>
      <div className="form-row">
        <SelectField path={`${base}.scheduler`} label={i18n._({ id: 'editor.packet-scheduler', message: 'Packet scheduler' })} options={MPTCP_SCHEDULERS} def={MPTCP_DEFAULT_SCHEDULER} prune={prune} wide />
        {schedParams.map((p) => (
          <ParamField key={p.key} def={p} base={`${base}.sched_params`} prune={[`${base}.sched_params`, base]} />
        ))}
        <SelectField path={`${base}.flow_sched`} label={i18n._({ id: 'editor.flow-scheduler', message: 'Flow scheduler' })} options={FLOW_SCHEDULERS} def={FLOW_SCHED_DEFAULT} prune={prune} wide />
        <SelectField path={`${base}.first_path`} label={i18n._({ id: 'editor.first-subflow', message: 'First subflow' })} options={FIRST_PATHS} def={FIRST_PATH_DEFAULT} prune={prune} wide />
        {MPTCP_NUMBERS.map((p) => (
          <ParamField key={p.key} def={p} base={base} prune={prune} />
        ))}
        <IndexListField path={`${base}.paths`} label={i18n._({ id: 'editor.paths', message: 'Paths' })} placeholder={i18n._({ id: 'editor.all', message: 'all' })} help={i18n._({ id: 'editor.indexes-into-topology-paths-the', message: 'Indexes into topology.paths the flow may use, e.g. 0, 2, 3.' })} prune={prune} />
        <BoolField path={`${base}.reinject_on_rto`} label={i18n._({ id: 'editor.reinject-on-rto', message: 'Reinject on RTO' })} def={REINJECT_DEFAULT} help={i18n._({ id: 'editor.queue-a-timed-out-subflow', message: "Queue a timed-out subflow's data for the other subflows too (Linux)." })} prune={prune} />
      </div>
      <div className="form-row">
        <TripleField
          path={`${base}.class_bounds_kb`}
          label={i18n._({ id: 'editor.fsfs-class-upper-bounds', message: 'FSFS class upper bounds' })}
          names={['G0 ≤', 'G1 ≤', 'G2 ≤']}
          unit="kB"
          defaults={CLASS_BOUNDS_KB_DEFAULT}
          prune={prune}
          hint={classRanges(bounds)}
        />
        <TripleField
          path={`${base}.class_subflows`}
          label={i18n._({ id: 'editor.fsfs-subflows-per-class', message: 'FSFS subflows per class' })}
          names={['G0', 'G1', 'G2']}
          defaults={CLASS_SUBFLOWS_DEFAULT}
          integer
          prune={prune}
          hint={flowSched === 'fsfs' ? i18n._({ id: 'editor.fsfs-hint', message: 'lowest-RTT paths; G3 uses every path' }) : i18n._({ id: 'editor.fsfs-unused', message: 'used with flow scheduler {fsfs}', values: { fsfs: 'fsfs' } })}
        />
      </div>
      <p className="hint">{i18n._({ id: 'editor.coupled-congestion-control-choose-cc', message: 'Coupled congestion control: choose cc “lia” (RFC 6356) above; any other controller runs on each subflow on its own.' })}</p>
      <JsonField path={base} label={i18n._({ id: 'editor.other-mptcp-fields-json', message: 'Other mptcp fields (JSON)' })} omit={MPTCP_KEYS} dropEmpty />
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
      <SelectField path={`${src}.kind`} label={i18n._({ id: 'editor.source', message: 'Source' })} options={SOURCE_KINDS.map((name) => ({ name }))} onPick={(k) => update(src, sourceTemplate(k))} />
      {kind === 'bulk' && <NumField path={`${src}.size_bytes`} label={i18n._({ id: 'editor.size', message: 'Size' })} unit="bytes" placeholder={i18n._({ id: 'editor.endless', message: 'endless' })} integer />}
      {kind === 'messages' && (
        <>
          <NumField path={`${src}.size_bytes`} label={i18n._({ id: 'editor.message-size', message: 'Message size' })} unit="bytes" placeholder="—" json help={i18n._({ id: 'editor.a-number-or-a-distribution', message: 'A number, or a distribution: {uniform}, {exponential}, {list}. Give this or the size in packets.', values: { uniform: '{"uniform": [a, b]}', exponential: '{"exponential": mean}', list: '{"list": [...]}' } })} />
          <NumField path={`${src}.size_packets`} label={i18n._({ id: 'editor.or-in-packets', message: '… or in packets' })} placeholder="—" help={i18n._({ id: 'editor.message-size-in-full-packets', message: "Message size in full packets' worth of stream payload." })} />
          <NumField path={`${src}.interval_ms`} label={i18n._({ id: 'editor.interval', message: 'Interval' })} unit="ms" placeholder={i18n._({ id: 'editor.required', message: 'required' })} json help={i18n._({ id: 'editor.time-between-two-writes-a', message: 'Time between two writes: a number or a distribution ({exponential} = Poisson).', values: { exponential: '{"exponential": mean}' } })} />
          <NumField path={`${src}.count`} label={i18n._({ id: 'editor.messages', message: 'Messages' })} placeholder={i18n._({ id: 'editor.no-limit', message: 'no limit' })} integer />
          <NumField path={`${src}.start_s`} label={i18n._({ id: 'editor.first-write', message: 'First write' })} unit="s" placeholder="0" />
        </>
      )}
      {kind === 'telemetry' && (
        <>
          <SelectField path={`${src}.mix`} label={i18n._({ id: 'editor.mix', message: 'Mix' })} options={TELEMETRY_MIXES.map((name) => ({ name }))} def={TELEMETRY_MIX_DEFAULT} />
          <NumField path={`${src}.jitter`} label={i18n._({ id: 'editor.jitter', message: 'Jitter' })} placeholder={String(TELEMETRY_JITTER_DEFAULT)} help={i18n._({ id: 'editor.relative-jitter-of-each-interval', message: 'Relative jitter of each interval, in [0, 1).' })} />
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
      <legend>{i18n._({ id: 'editor.quic', message: 'QUIC' })}</legend>
      <div className="form-row">
        <SelectField path={`${q}.scheduler`} label={i18n._({ id: 'editor.stream-scheduler', message: 'Stream scheduler' })} options={QUIC_SCHEDULERS} def={QUIC_DEFAULT_SCHEDULER} wide />
        <p className="hint sched-hint">
          {used.size === 0
            ? i18n._({ id: 'editor.rr-reads-none', message: 'Round robin reads no stream field.' })
            : i18n._({ id: 'editor.sched-reads', message: 'This scheduler reads: {fields} (highlighted).', values: { fields: [...used].join(', ') } })}
        </p>
      </div>
      <ListHead title={i18n._({ id: 'editor.streams', message: 'Streams ({length})', values: { length: list.length } })} path={`${q}.streams`} addLabel={i18n._({ id: 'editor.stream', message: 'stream' })} onAdd={() => update(`${q}.streams`, [...list, newStream(list)])} />
      {list.map((_, i) => {
        const sp = `${q}.streams[${i}]`;
        return (
          <div className="item stream-item" key={i} data-item={sp}>
            <div className="form-row">
              <TextField path={`${sp}.name`} label={i18n._({ id: 'editor.name', message: 'Name' })} />
              <NumField path={`${sp}.count`} label={i18n._({ id: 'editor.copies', message: 'Copies' })} placeholder={String(STREAM_DEFAULTS.count)} integer />
              <span className={`sched-field${mark('weight')}`}>
                <NumField path={`${sp}.weight`} label={i18n._({ id: 'editor.weight', message: 'Weight' })} placeholder={String(STREAM_DEFAULTS.weight)} integer help={i18n._({ id: 'editor.wfq-share-packets-for-wfq', message: 'WFQ share (packets for wfq and wfq-spread, bytes for wfq-bytes), in [1, 1000].' })} />
              </span>
              <span className={`sched-field${mark('priority')}`}>
                <NumField path={`${sp}.priority`} label={i18n._({ id: 'editor.priority', message: 'Priority' })} placeholder={String(STREAM_DEFAULTS.priority)} integer help={i18n._({ id: 'editor.abs-the-ready-stream-with', message: 'abs: the ready stream with the highest value always goes first.' })} />
              </span>
              <span className={`sched-field${mark('urgency')}`}>
                <NumField path={`${sp}.urgency`} label={i18n._({ id: 'editor.urgency', message: 'Urgency' })} placeholder={String(STREAM_DEFAULTS.urgency)} integer help={i18n._({ id: 'editor.rfc-9218-urgency-0-most', message: 'RFC 9218 urgency, 0 (most urgent) … 7.' })} />
              </span>
              <span className={`sched-field${mark('incremental')}`}>
                <BoolField path={`${sp}.incremental`} label={i18n._({ id: 'editor.incremental', message: 'Incremental' })} def={STREAM_DEFAULTS.incremental} help={i18n._({ id: 'editor.rfc-9218-incremental-streams-of', message: 'RFC 9218: incremental streams of one urgency share round-robin.' })} />
              </span>
              <RemoveButton path={sp} label={i18n._({ id: 'editor.stream-2', message: 'stream {i}', values: { i } })} />
            </div>
            <div className="form-row">
              <SourceFields sp={sp} />
            </div>
            <JsonField path={sp} label={i18n._({ id: 'editor.other-stream-fields-json', message: 'Other stream fields (JSON)' })} omit={STREAM_KEYS} />
          </div>
        );
      })}
      <details className="quic-settings">
        <summary>{i18n._({ id: 'editor.connection-settings', message: 'Connection settings' })}</summary>
        <div className="form-row">
          {QUIC_NUMBERS.map((p) => (
            <ParamField key={p.key} def={p} base={q} />
          ))}
        </div>
      </details>
      <JsonField path={q} label={i18n._({ id: 'editor.other-quic-fields-json', message: 'Other quic fields (JSON)' })} omit={QUIC_KEYS} />
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
      <legend>{i18n._({ id: 'editor.generated-traffic', message: 'Generated traffic' })}</legend>
      <div className="form-row">
        {/* On a graph the generated flows name their hosts (docs/model/topology.md). */}
        {graph && (
          <>
            <SelectField path="traffic.from" label={i18n._({ id: 'editor.from-host', message: 'From host' })} options={hosts} />
            <SelectField path="traffic.to" label={i18n._({ id: 'editor.to-host', message: 'To host' })} options={hosts} />
          </>
        )}
        <NumField path="traffic.arrival_rate" label={i18n._({ id: 'editor.arrivals', message: 'Arrivals' })} unit="flows/s" />
        <NumField path="traffic.start_s" label={i18n._({ id: 'editor.from', message: 'From' })} unit="s" placeholder="0" />
        <NumField path="traffic.stop_s" label={i18n._({ id: 'editor.until', message: 'Until' })} unit="s" placeholder={i18n._({ id: 'editor.end', message: 'end' })} />
        <NumField path="traffic.background_per_path" label={i18n._({ id: 'editor.background-path', message: 'Background / path' })} placeholder="0" integer />
        <SelectField path="traffic.background_cc" label={i18n._({ id: 'editor.background-cc', message: 'Background cc' })} options={CC_CHOICES} def={BACKGROUND_CC_DEFAULT} />
        <NumField path="traffic.list_flows" label={i18n._({ id: 'editor.flows-listed', message: 'Flows listed' })} placeholder="200" integer />
      </div>
      <JsonField path="traffic.size" label={i18n._({ id: 'editor.flow-sizes-json', message: 'Flow sizes (JSON)' })} />
      <CcFields base="traffic" def={TRAFFIC_CC_DEFAULT} />
      <MptcpFields base="traffic.mptcp" />
      <JsonField path="traffic" label={i18n._({ id: 'editor.other-traffic-fields-json', message: 'Other traffic fields (JSON)' })} omit={TRAFFIC_KEYS} />
    </fieldset>
  );
}
