// Shapes of the JSON the wasm engine hands back (see sim-wasm/src/lib.rs and DESIGN.md).

export type KnobKind = 'number' | 'integer' | 'enum';
export type KnobValue = number | string;

export interface Knob {
  name: string;
  label: string;
  kind: KnobKind;
  min?: number;
  max?: number;
  step?: number;
  unit?: string;
  options?: string[];
  /** One sentence for the control's tooltip / hint. */
  help?: string;
  /** null when the preset leaves the bound field unset (the engine's default applies). */
  value: KnobValue | null;
}

export interface PresetDesc {
  name: string;
  title: string;
  description: string;
  duration_s: number;
  knobs: Knob[];
  variants: string[];
  /**
   * The knobs' values under each variant (the variant applied to the preset, then described),
   * so the controls show what will actually run. Filled in by the worker, not the engine.
   */
  variant_values: Record<string, Record<string, KnobValue | null>>;
}

export interface SeriesMeta {
  key: string;
  scope: 'flow' | 'link' | 'run';
  owner: string;
  metric: string;
  label: string;
  unit: string;
  states?: string[];
}

export interface FlowSnapshot {
  id: string;
  cwnd: number;
  inflight: number;
  srtt_ms: number;
  pacing_rate_mbps: number | null;
  pacing_gain: number | null;
  state: string;
  /** MPTCP subflows / QUIC streams, when the transport reports them (shown generically). */
  subflows?: Record<string, unknown>[];
  streams?: Record<string, unknown>[];
  /** MPTCP: bytes held out of order in the connection-level receive buffer. */
  recv_buffer_bytes?: number;
}

/** The fields of one MPTCP entry of `FlowSnapshot.subflows`. */
export interface SubflowSnapshot {
  path: number;
  cwnd: number;
  inflight: number;
  srtt_ms: number;
  bytes_share: number;
}

/** A typed engine event (cc_state, cc_gain, drop, …; later mptcp_sched, stream_pick). */
export interface EngineEvent {
  t_ns: number;
  /** Index of the flow in the topology's flow list, when the event belongs to one. */
  flow: number | null;
  type: string;
  [field: string]: unknown;
}

/** Where one packet is: on a reported link, 0 = queued or serialising, then 0‥1 on the wire. */
export interface PacketMark {
  link: string;
  flow: number;
  data: boolean;
  progress: number;
}

export interface LinkSnapshot {
  id: string;
  queue_bytes: number;
  queue_packets: number;
  drops: number;
  /** null for links that never queue (infinite buffer). */
  buffer_bytes: number | null;
}

export interface Snapshot {
  t_s: number;
  flows: FlowSnapshot[];
  links: LinkSnapshot[];
  packets_in_network?: number;
  /** Events since the previous snapshot (the worker keeps the newest per flow and type). */
  events?: EngineEvent[];
  /** Packets on reported links, evenly sampled by the engine. */
  packets?: PacketMark[];
}

export interface TopologyLink {
  id: string;
  from: string;
  to: string;
  rate_mbps: number;
  delay_ms: number;
  buffer_bytes: number | null;
  loss: number;
  /** Reported links appear in the summary and have queue series. */
  reported: boolean;
}

export interface Topology {
  nodes: { id: string; kind: string }[];
  links: TopologyLink[];
  flows: { id: string; cc: string; path: string[]; base_rtt_ms: number }[];
}

export interface FlowSummary {
  id: string;
  kind: 'tcp' | 'mptcp' | 'quic';
  cc: string;
  scheduler?: string;
  size_bytes?: number;
  size_class?: string;
  start_s: number;
  fct_s?: number | null;
  goodput_mbps: number;
  sent_packets: number;
  retransmitted_packets: number;
  /** MPTCP: per-subflow counters. */
  subflows?: { path: number; bytes_share: number; sent_packets: number; retransmitted_packets: number }[];
}

export interface ClassStats {
  count: number;
  incomplete: number;
  mean_s?: number;
  p50_s?: number;
  p99_s?: number;
}

export interface LinkSummary {
  id: string;
  rate_mbps: number;
  utilization: number;
  drops: number;
  max_queue_bytes: number;
  mean_queue_bytes?: number;
  buffer_bytes?: number | null;
}

export interface Summary {
  engine_version: string;
  scenario: string;
  seed: number;
  duration_s: number;
  events: number;
  wall_s: number;
  flows: FlowSummary[];
  links: LinkSummary[];
  jain: number | null;
  warmup_s?: number;
  digest?: string;
  /** Set when a run budget stopped the run early. */
  aborted?: string | null;
  /** MPTCP runs: FCT per size class ("G0" … "G3", "all"). */
  fct_by_class?: Record<string, ClassStats>;
  long_flow_mbps?: number;
  mean_flow_mbps?: number;
  /** Generated flows not listed in `flows`. */
  flows_unlisted?: number;
  /** Per-stream message latencies of the QUIC flows. */
  streams?: StreamSummary[];
}

/** Simulated seconds per wall-clock second, or as fast as the engine goes. */
export type Speed = number | 'max';
/** Slow motion (packets visibly crossing a link) up to as fast as the engine goes. */
export const SPEEDS: readonly Speed[] = [0.001, 0.01, 0.1, 1, 10, 100, 'max'];

/** A visible time range [t0, t1] in simulated seconds; null = the whole run. */
export type TimeWindow = readonly [number, number] | null;

export interface StreamSummary {
  /** The flow's report id. */
  flow: string;
  /** QUIC stream id. */
  stream: number;
  name: string;
  weight: number;
  priority: number;
  urgency: number;
  messages: number;
  delivered: number;
  incomplete: number;
  latency_ms?: { mean: number; p50: number; p95: number; max: number };
  /** Every latency in ms, ascending (thinned to at most 2000), for box plots. */
  latencies_ms: number[];
  bytes_delivered: number;
}
