// What the engine's scenario schema accepts for algorithm parameters, so the editor can offer
// labelled inputs instead of raw JSON. Mirrors the Rust structs (strict serde: a field not listed
// here is rejected by the engine, so the form never writes one):
//   cc_params   — sim-wasm/core/src/cc/{reno,cubic,bbq,lia}.rs, cc/bbr/mod.rs (BbrParams, shared
//                 by bbr, bbr-a, da-bbr)
//   mptcp       — sim-wasm/core/src/mptcp/mod.rs (MptcpSpec), mptcp/sched/mod.rs (SchedParams)
//   quic        — sim-wasm/core/src/scenario/quic.rs (QuicSpec, StreamSpec, SourceSpec)
// Defaults are the engine's; they are shown as placeholders, and an empty input removes the
// field so the engine's default applies. The engine's validator stays the judge of values: the
// e2e test types every default listed here into the form and expects the engine to accept it.
// Pure; unit-tested.
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

/** Congestion controllers in the engine's registry order (cc::REGISTRY). */
export const CC_NAMES = ['reno', 'cubic', 'bbr', 'bbr-a', 'bbq', 'da-bbr', 'lia'] as const;

const SSTHRESH: ParamDef = {
  key: 'initial_ssthresh',
  label: 'Initial ssthresh',
  type: 'integer',
  none: 'unbounded',
  unit: 'packets',
  help: 'Slow start ends here at the latest (RFC 5681: arbitrarily high by default).',
};
const HEADER_BYTES: ParamDef = {
  key: 'header_bytes',
  label: 'Header size',
  type: 'integer',
  def: 52,
  unit: 'bytes',
  help: 'Header bytes per segment BBR paces on (Linux paces whole frames); should equal tcp.header_bytes.',
};

/** `cc_params` each controller accepts. */
export const CC_PARAMS: Record<string, ParamDef[]> = {
  reno: [SSTHRESH],
  cubic: [
    { key: 'c', label: 'C', type: 'number', def: 0.4, help: 'How aggressively the cubic grows (RFC 9438 §5.1).' },
    { key: 'beta', label: 'β (decrease)', type: 'number', def: 0.7, help: 'Multiplicative decrease factor, in (0, 1) (RFC 9438 §4.6).' },
    { key: 'fast_convergence', label: 'Fast convergence', type: 'bool', def: true, help: 'Release bandwidth sooner when W_max shrinks (RFC 9438 §4.7).' },
    SSTHRESH,
  ],
  bbr: [HEADER_BYTES],
  'bbr-a': [HEADER_BYTES],
  bbq: [
    { key: 'alpha_ms', label: 'α (probe-up limit)', type: 'number', def: 3, unit: 'ms', help: 'Longest probe-up phase while a queue persists (the paper: 3 ms).' },
    { key: 'beta', label: 'β (queue threshold)', type: 'number', def: 0.01, help: 'A queue persists when RTT > (1 + β)·min_rtt; in [0, 1] (the paper: 0.5–1 %).' },
    HEADER_BYTES,
  ],
  'da-bbr': [HEADER_BYTES],
  lia: [SSTHRESH],
};

/** Fixed constants of an algorithm that are not parameters in the engine, for the hint. */
export const CC_FIXED: Record<string, string> = {
  'bbr-a':
    'BBR-A’s gains are fixed by the paper: P_up(φ) = 3/(φ+2) in the 1.25 slot while inflight < 1.25 BDP, P_down(φ) = 3/(φ−3)+2 in the 0.75 slot when inflight > 1.25 BDP or loss > 2 %; φ = RTT / largest RTT.',
  bbr: 'BBR v1’s gains are Linux’s: startup 2.885, PROBE_BW cycle [1.25, 0.75, 1 ×6], PROBE_RTT every 10 s.',
  'da-bbr': 'DA-BBR scales the PROBE_BW cwnd by rtt/(rtt + min_rtt); PROBE_RTT uses cwnd/3.',
};

/** The parameters controller `cc` accepts (none for an unknown name). */
export function ccParamsFor(cc: string): ParamDef[] {
  return CC_PARAMS[cc] ?? [];
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
  const keys = new Set(ccParamsFor(cc).map((p) => p.key));
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

// ---- MPTCP (mptcp/mod.rs) ----

/** Packet schedulers (mptcp::sched::REGISTRY). */
export const MPTCP_SCHEDULERS: { name: string; label: string }[] = [
  { name: 'minrtt', label: 'minrtt — lowest RTT with window (Linux default)' },
  { name: 'rr', label: 'rr — round robin' },
  { name: 'ecf', label: 'ecf — earliest completion first' },
  { name: 'ecf3', label: 'ecf3 — ECF-3' },
  { name: 'ecf-n', label: 'ecf-n — ECF over n subflows' },
  { name: 'single', label: 'single — first subflow only' },
];
export const MPTCP_DEFAULT_SCHEDULER = 'minrtt';
/** Flow schedulers (mptcp::flow_sched::FlowSchedKind). */
export const FLOW_SCHEDULERS: { name: string; label: string }[] = [
  { name: 'fsfs', label: 'fsfs — subflows by size class' },
  { name: 'mptcp', label: 'mptcp — every path' },
  { name: 'tcp', label: 'tcp — one random path' },
];
export const FLOW_SCHED_DEFAULT = 'mptcp';
/** Where a plain MPTCP flow opens its first subflow (mptcp/flow_sched/mod.rs FirstPath). */
export const FIRST_PATHS: { name: string; label: string }[] = [
  { name: 'random', label: 'random — the host\'s default route' },
  { name: 'listed', label: 'listed — first of the paths list' },
  { name: 'spread', label: 'spread — copy k starts on path k mod n' },
];
export const FIRST_PATH_DEFAULT = 'random';
/** ECF's β (Linux mptcp_ecf_r_beta = 4 → 1/4). */
export const ECF_BETA_DEFAULT = 0.25;
/** Upper bounds of G0, G1, G2 in kB (1000 bytes); the MPTCP-FSFS paper's 100/300/800 kB. */
export const CLASS_BOUNDS_KB_DEFAULT: readonly [number, number, number] = [100, 300, 800];
/** FSFS subflows for G0, G1, G2 (G3 uses every path). */
export const CLASS_SUBFLOWS_DEFAULT: readonly [number, number, number] = [1, 2, 3];

export const MPTCP_NUMBERS: ParamDef[] = [
  { key: 'subflows', label: 'Subflows', type: 'integer', none: 'all paths', help: 'With flow scheduler mptcp: only the first n of the paths.' },
  { key: 'recv_buffer_bytes', label: 'Receive buffer', type: 'integer', def: 6 * 1024 * 1024, unit: 'bytes', help: 'Connection-level; a slow subflow stalls the connection when it fills (Linux tcp_rmem max).' },
  { key: 'send_buffer_bytes', label: 'Send buffer', type: 'integer', def: 4 * 1024 * 1024, unit: 'bytes', help: 'Connection-level (Linux tcp_wmem max); ECF’s k is its unsent part.' },
];

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

// ---- QUIC (scenario/quic.rs) ----

/** Stream schedulers (quic::sched::REGISTRY). */
export const QUIC_SCHEDULERS: { name: string; label: string }[] = [
  { name: 'rr', label: 'rr — round robin (quic-go)' },
  { name: 'wfq', label: 'wfq — weighted, per packet (seed ring)' },
  { name: 'wfq-spread', label: 'wfq-spread — weighted, per packet, slots spread' },
  { name: 'wfq-bytes', label: 'wfq-bytes — weighted, per byte (DRR)' },
  { name: 'abs', label: 'abs — absolute priority' },
  { name: 'rfc9218', label: 'rfc9218 — urgency + incremental' },
];
export const QUIC_DEFAULT_SCHEDULER = 'rr';

/** Which stream fields a scheduler reads (each reads only its own). */
export function streamFieldsUsed(scheduler: string): Set<string> {
  switch (scheduler) {
    case 'wfq':
    case 'wfq-spread':
    case 'wfq-bytes':
      return new Set(['weight']);
    case 'abs':
      return new Set(['priority']);
    case 'rfc9218':
      return new Set(['urgency', 'incremental']);
    default:
      return new Set();
  }
}

/** Connection settings of the quic block, with the engine's defaults. */
export const QUIC_NUMBERS: ParamDef[] = [
  { key: 'max_udp_payload', label: 'Max UDP payload', type: 'integer', def: 1252, unit: 'bytes', help: 'Payload of a full packet, in [1200, 65527] (RFC 9000 §14).' },
  { key: 'max_stream_data', label: 'Stream window', type: 'integer', def: 512 * 1024, unit: 'bytes', help: 'Initial per-stream receive window (quic-go 512 KiB).' },
  { key: 'max_data', label: 'Connection window', type: 'integer', def: 768 * 1024, unit: 'bytes', help: 'Initial connection receive window (quic-go: 1.5 × the stream window).' },
  { key: 'max_ack_delay_ms', label: 'Max ACK delay', type: 'number', def: 25, unit: 'ms', help: 'RFC 9000 §18.2.' },
  { key: 'ack_eliciting_threshold', label: 'ACK every', type: 'integer', def: 2, unit: 'packets', help: 'ACK after this many ack-eliciting packets (RFC 9000 §13.2.2).' },
  { key: 'initial_rtt_ms', label: 'Initial RTT', type: 'number', def: 333, unit: 'ms', help: 'RFC 9002 §6.2.2 kInitialRtt.' },
  { key: 'packet_threshold', label: 'Packet threshold', type: 'integer', def: 3, unit: 'packets', help: 'RFC 9002 §6.1.1 kPacketThreshold.' },
  { key: 'quantum_bytes', label: 'wfq-bytes quantum', type: 'integer', none: '1 packet', unit: 'bytes', help: 'Bytes per unit of weight for wfq-bytes (default: one full packet’s stream payload).' },
];

/** Per-stream scheduling fields with the engine's defaults. */
export const STREAM_DEFAULTS = { weight: 1, priority: 0, urgency: 3, incremental: false, count: 1 } as const;

export const SOURCE_KINDS = ['bulk', 'messages', 'telemetry'] as const;
export const TELEMETRY_MIXES = ['ground_to_drone', 'drone_to_ground', 'both'] as const;
export const TELEMETRY_JITTER_DEFAULT = 0.2;

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
