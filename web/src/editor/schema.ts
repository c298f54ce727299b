// What the engine's scenario format accepts for algorithm parameters, so the editor can offer
// labelled inputs instead of raw JSON. Nothing here is copied from the Rust structs: the
// algorithm choices, their labels, docs and parameters come from the engine's registry, and
// the defaults, units and help of the spec fields from its JSON Schema (web/src/generated/
// registry.json and scenario.schema.json, made by sim-wasm/core/tests/generated.rs from
// cc::REGISTRY, mptcp::sched::REGISTRY, mptcp::flow_sched::REGISTRY, quic::sched::REGISTRY and
// the serde structs, with schemars). Adding an algorithm in Rust adds it here.
// Defaults are shown as placeholders, and an empty input removes the field so the engine's
// default applies. The engine's validator stays the judge of values: the e2e test types every
// default shown into the form and expects the engine to accept it. Pure; unit-tested.
import type { EntryInfo } from '../generated';
import { REGISTRY } from '../lib/registry';
// Imported here, not in lib/registry.ts: only the editor reads the schema, and the editor is
// loaded on first use (views/Workbench.tsx), so its 45 kB stay out of the lab's first load.
import schemaJson from '../generated/scenario.schema.json';
import type { Json } from './jsonPath';

export interface ParamDef {
  /** The JSON key. */
  key: string;
  label: string;
  type: 'number' | 'integer' | 'bool';
  /** The engine's default (shown as the placeholder); undefined = "none" (e.g. unbounded). */
  def?: number | boolean;
  /** Placeholder text when there is no numeric default. */
  none?: string;
  unit?: string;
  help?: string;
}

/** The subset of JSON Schema (2020-12) that schemars writes and the editor reads. */
export interface JsonSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  default?: Json;
  const?: Json;
  enum?: Json[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  minimum?: number;
  maximum?: number;
  'x-unit'?: string;
  'x-none'?: string;
}

export { REGISTRY };
/** The engine's scenario schema, read as the subset above. */
export const SCENARIO_SCHEMA = schemaJson as unknown as JsonSchema;

/** A `$defs` entry of the scenario schema ("QuicSpec", "MptcpSpec", …); {} when absent. */
export function specDef(name: string): JsonSchema {
  return SCENARIO_SCHEMA.$defs?.[name] ?? {};
}

/** The schema of field `key` of definition `def`, with a `$ref` to another definition followed. */
export function specField(def: string, key: string): JsonSchema {
  const f = specDef(def).properties?.[key] ?? {};
  const ref = f.$ref ?? f.anyOf?.find((s) => s.$ref)?.$ref;
  return ref ? { ...specDef(ref.replace('#/$defs/', '')), ...f } : f;
}

/** The engine's default of field `key` of definition `def` (undefined when it has none). */
export function specDefault(def: string, key: string): Json | undefined {
  const d = specField(def, key).default;
  return d === null ? undefined : d;
}

/** A doc comment as one line (schemars keeps the source's line breaks). */
export function oneLine(text: string | undefined): string | undefined {
  return text?.replace(/\s*\n\s*/g, ' ');
}

function typeOf(s: JsonSchema): string[] {
  return s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
}

/**
 * The inputs of an object schema's scalar fields (numbers, integers, flags), in the struct's
 * order. Nested objects (CUBIC's `hystart`) are left to the JSON box beside the inputs.
 */
export function paramDefs(schema: JsonSchema | null | undefined): ParamDef[] {
  const out: ParamDef[] = [];
  for (const [key, p] of Object.entries(schema?.properties ?? {})) {
    const t = typeOf(p);
    const type = t.includes('integer') ? 'integer' : t.includes('number') ? 'number' : t.includes('boolean') ? 'bool' : null;
    if (type === null) continue;
    const d = p.default;
    out.push({
      key,
      label: p.title ?? key,
      type,
      def: typeof d === 'number' || typeof d === 'boolean' ? d : undefined,
      none: p['x-none'],
      unit: p['x-unit'],
      help: oneLine(p.description),
    });
  }
  return out;
}

/** Named choices of a string-enum definition ("FirstPath", "TelemetryMix", …), in order. */
export function enumChoices(def: string): { name: string; label?: string }[] {
  const s = specDef(def);
  if (s.enum) return s.enum.filter((v): v is string => typeof v === 'string').map((name) => ({ name }));
  // schemars writes a documented variant as {const, description, title?} in declaration order,
  // but groups undocumented ones first as {enum: [...]}: document every variant of a choice.
  return (s.oneOf ?? []).flatMap((v) => {
    if (typeof v.const === 'string') return [{ name: v.const, label: v.title ? `${v.const} — ${v.title}` : undefined }];
    return (v.enum ?? []).filter((x): x is string => typeof x === 'string').map((name) => ({ name, label: undefined }));
  });
}

/** Registry entries as select options: "name — label" unless the label is the name's spelling. */
function choices(entries: readonly EntryInfo[]): { name: string; label: string }[] {
  return entries.map((e) => ({ name: e.name, label: e.label.toLowerCase().startsWith(e.name) ? e.label : e.name }));
}

/** Congestion controllers in the engine's registry order (cc::REGISTRY). */
export const CC_NAMES: readonly string[] = REGISTRY.congestion_controllers.map((e) => e.name);
export const CC_CHOICES = CC_NAMES.map((name) => ({ name }));
/** The engine's default controller of a listed flow, of the generated traffic and of its background flows. */
export const CC_DEFAULT = String(specDefault('FlowSpec', 'cc'));
export const TRAFFIC_CC_DEFAULT = String(specDefault('TrafficSpec', 'cc'));
export const BACKGROUND_CC_DEFAULT = String(specDefault('TrafficSpec', 'background_cc'));

function ccEntry(cc: string): EntryInfo | undefined {
  return REGISTRY.congestion_controllers.find((e) => e.name === cc);
}

/** The parameters controller `cc` accepts (none for an unknown name). */
export function ccParamsFor(cc: string): ParamDef[] {
  return paramDefs(ccEntry(cc)?.params as JsonSchema | null | undefined);
}

/** Every `cc_params` key controller `cc` accepts, inputs or not (nested ones included). */
function ccParamKeys(cc: string): Set<string> {
  return new Set(Object.keys((ccEntry(cc)?.params as JsonSchema | null | undefined)?.properties ?? {}));
}

/** The registry's one-line description of controller `cc` (what it fixes that is not a parameter). */
export function ccDoc(cc: string): string | undefined {
  return ccEntry(cc)?.doc;
}

function asObject(v: Json | undefined): Record<string, Json> | null {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? v : null;
}

/**
 * The `cc_params` to keep when the controller changes: only the keys the new one accepts
 * (a CUBIC β would make the engine reject a BBR flow). undefined when nothing is left.
 */
export function paramsForCc(cc: string, params: Json | undefined): Json | undefined {
  const o = asObject(params);
  if (o === null) return params;
  const keys = ccParamKeys(cc);
  const kept = Object.fromEntries(Object.entries(o).filter(([k]) => keys.has(k)));
  return Object.keys(kept).length === 0 ? undefined : kept;
}

/**
 * The field a validator message about `cc_params` names inside it. The engine reports the
 * controller's own error under `flows[i].cc_params` with the parameter first
 * ("flows[0].cc_params: beta: must be in (0, 1)"), so the message's second path picks the input.
 */
export function ccParamInError(message: string | null, paramsPath: string): string | null {
  if (message === null || !message.startsWith(`${paramsPath}: `)) return null;
  const rest = message.slice(paramsPath.length + 2);
  const m = /^([A-Za-z_]\w*)(?:[.[]|: )/.exec(rest);
  return m ? m[1]! : null;
}

// ---- MPTCP (mptcp/mod.rs MptcpSpec) ----

/** Packet schedulers (mptcp::sched::REGISTRY). */
export const MPTCP_SCHEDULERS = choices(REGISTRY.mptcp_schedulers);
export const MPTCP_DEFAULT_SCHEDULER = String(specDefault('MptcpSpec', 'scheduler'));
/** The `sched_params` inputs of packet scheduler `name` (ECF: β). */
export function schedParamsFor(name: string): ParamDef[] {
  return paramDefs(REGISTRY.mptcp_schedulers.find((e) => e.name === name)?.params as JsonSchema | null | undefined);
}
/** Every `sched_params` input any scheduler has (shown while the field is set, whatever the scheduler). */
export const SCHED_PARAMS: ParamDef[] = [...new Map(REGISTRY.mptcp_schedulers.flatMap((e) => schedParamsFor(e.name)).map((p) => [p.key, p])).values()];
/** Flow schedulers (mptcp::flow_sched::REGISTRY). */
export const FLOW_SCHEDULERS = choices(REGISTRY.flow_schedulers);
export const FLOW_SCHED_DEFAULT = String(specDefault('MptcpSpec', 'flow_sched'));
/** Where a plain MPTCP flow opens its first subflow (mptcp/flow_sched/mod.rs FirstPath). */
export const FIRST_PATHS = enumChoices('FirstPath');
export const FIRST_PATH_DEFAULT = String(specDefault('MptcpSpec', 'first_path'));

function triple(def: string, key: string): readonly [number, number, number] {
  const d = specDefault(def, key);
  return Array.isArray(d) && d.length === 3 && d.every((x) => typeof x === 'number') ? (d as [number, number, number]) : [NaN, NaN, NaN];
}
/** Upper bounds of G0, G1, G2 in kB (1000 bytes); the MPTCP-FSFS paper's 100/300/800 kB. */
export const CLASS_BOUNDS_KB_DEFAULT = triple('MptcpSpec', 'class_bounds_kb');
/** FSFS subflows for G0, G1, G2 (G3 uses every path). */
export const CLASS_SUBFLOWS_DEFAULT = triple('MptcpSpec', 'class_subflows');
/** Reinject on RTO (Linux: yes). */
export const REINJECT_DEFAULT = specDefault('MptcpSpec', 'reinject_on_rto') === true;

const pick = (def: string, keys: readonly string[]) => paramDefs(specDef(def)).filter((p) => keys.includes(p.key));
export const MPTCP_NUMBERS: ParamDef[] = pick('MptcpSpec', ['subflows', 'recv_buffer_bytes', 'send_buffer_bytes']);

/**
 * A copy of a 3-element array field after setting element `i` (`value` undefined = back to
 * that element's default). The engine needs all three (serde `[f64; 3]`), so a missing array
 * starts from the defaults; undefined when the result equals the defaults (field removed).
 */
export function setTriple(current: Json | undefined, i: number, value: Json | undefined, defaults: readonly number[]): Json[] | undefined {
  const base: Json[] = Array.isArray(current) && current.length === defaults.length ? current.slice() : [...defaults];
  base[i] = value === undefined ? defaults[i]! : value;
  return base.every((x, k) => x === defaults[k]) ? undefined : base;
}

/** "G0 ≤ 100 kB · G1 ≤ 300 kB · G2 ≤ 800 kB · G3 > 800 kB" from bounds in kB. */
export function classRanges(bounds: Json | undefined): string {
  const b = Array.isArray(bounds) && bounds.length === 3 && bounds.every((x) => typeof x === 'number') ? (bounds as number[]) : [...CLASS_BOUNDS_KB_DEFAULT];
  return `G0 ≤ ${formatKb(b[0]!)} · G1 ≤ ${formatKb(b[1]!)} · G2 ≤ ${formatKb(b[2]!)} · G3 > ${formatKb(b[2]!)}`;
}

/** A size in kB (1000 bytes) as kB or MB, as the FSFS paper writes class bounds. */
export function formatKb(kb: number): string {
  if (kb >= 1000) return `${+(kb / 1000).toPrecision(4)} MB`;
  return `${+kb.toPrecision(4)} kB`;
}

// ---- QUIC (scenario/quic.rs QuicSpec, StreamSpec, SourceSpec) ----

/** Stream schedulers (quic::sched::REGISTRY). */
export const QUIC_SCHEDULERS = choices(REGISTRY.quic_schedulers);
export const QUIC_DEFAULT_SCHEDULER = String(specDefault('QuicSpec', 'scheduler'));

/** Which stream fields a scheduler reads (each reads only its own; the registry's `reads`). */
export function streamFieldsUsed(scheduler: string): Set<string> {
  return new Set(REGISTRY.quic_schedulers.find((e) => e.name === scheduler)?.reads ?? []);
}

/** Connection settings of the quic block, with the engine's defaults: every scalar field. */
export const QUIC_NUMBERS: ParamDef[] = paramDefs(specDef('QuicSpec'));

/** Per-stream scheduling fields with the engine's defaults. */
export const STREAM_DEFAULTS = {
  weight: Number(specDefault('StreamSpec', 'weight')),
  priority: Number(specDefault('StreamSpec', 'priority')),
  urgency: Number(specDefault('StreamSpec', 'urgency')),
  incremental: specDefault('StreamSpec', 'incremental') === true,
  count: Number(specDefault('StreamSpec', 'count')),
} as const;

/** The variants of the source (`kind`), and the telemetry variant's schema. */
const SOURCES = specDef('SourceSpec').oneOf ?? [];
const sourceKind = (s: JsonSchema) => s.properties?.kind?.const;
export const SOURCE_KINDS: readonly string[] = SOURCES.map(sourceKind).filter((k): k is string => typeof k === 'string');
export const TELEMETRY_MIXES: readonly string[] = enumChoices('TelemetryMix').map((c) => c.name);
const TELEMETRY = SOURCES.find((s) => sourceKind(s) === 'telemetry')?.properties;
export const TELEMETRY_JITTER_DEFAULT = Number(TELEMETRY?.jitter?.default);
export const TELEMETRY_MIX_DEFAULT = String(TELEMETRY?.mix?.default);

/** A valid source of each kind to start from when the kind changes. */
export function sourceTemplate(kind: string): Json {
  switch (kind) {
    case 'messages':
      return { kind: 'messages', size_bytes: 1000, interval_ms: 100 };
    case 'telemetry':
      return { kind: 'telemetry' };
    default:
      return { kind: 'bulk' };
  }
}

/** A new stream for the streams table: a bulk stream named after its position. */
export function newStream(existing: Json | undefined): Json {
  const n = Array.isArray(existing) ? existing.length : 0;
  const names = new Set(Array.isArray(existing) ? existing.map((s) => (asObject(s)?.name ?? null)) : []);
  let k = n;
  while (names.has(`s${k}`)) k++;
  return { name: `s${k}`, source: { kind: 'bulk' } };
}

/**
 * The flow after its kind changes: a QUIC flow needs a quic block (and has no size of its
 * own), and only an MPTCP flow may have an mptcp block, as the validator requires.
 */
export function flowForKind(flow: Json | undefined, kind: string): Json {
  const o: Record<string, Json> = { ...(asObject(flow) ?? {}) };
  o.kind = kind;
  if (kind !== 'quic') delete o.quic;
  if (kind !== 'mptcp') delete o.mptcp;
  if (kind === 'quic') {
    o.quic ??= { streams: [{ name: 's0', source: { kind: 'bulk' } }] };
    delete o.size_bytes;
    delete o.size_kb;
    delete o.size_mb;
  }
  return o;
}

// ---- Queue disciplines (net/aqm REGISTRY; docs/model/aqm.md) ----

/** Queue disciplines in the engine's registry order (droptail, red, codel, fq_codel, pie). */
export const QUEUE_DISCIPLINES = choices(REGISTRY.queue_disciplines);
/** The discipline of a link direction that names none. */
export const AQM_DEFAULT = String(specDefault('LinkSpec', 'aqm'));

function aqmEntry(name: string): EntryInfo | undefined {
  return REGISTRY.queue_disciplines.find((e) => e.name === name);
}

/** The `aqm_params` inputs of discipline `name`, from its parameter schema (none for DropTail). */
export function aqmParamsFor(name: string): ParamDef[] {
  return paramDefs(aqmEntry(name)?.params as JsonSchema | null | undefined);
}

/** The registry's one-line description of discipline `name`. */
export function aqmDoc(name: string): string | undefined {
  return aqmEntry(name)?.doc;
}

/** The `aqm_params` to keep when the discipline changes: only the keys the new one accepts. */
export function paramsForAqm(name: string, params: Json | undefined): Json | undefined {
  const o = asObject(params);
  if (o === null) return params;
  const keys = new Set(Object.keys((aqmEntry(name)?.params as JsonSchema | null | undefined)?.properties ?? {}));
  const kept = Object.fromEntries(Object.entries(o).filter(([k]) => keys.has(k)));
  return Object.keys(kept).length === 0 ? undefined : kept;
}

/** `tcp.ecn` when the scenario does not say (off, as Linux without net.ipv4.tcp_ecn = 1). */
export const ECN_DEFAULT = specDefault('TcpSpec', 'ecn') === true;
