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
  value: KnobValue;
}

export interface PresetDesc {
  name: string;
  title: string;
  description: string;
  duration_s: number;
  knobs: Knob[];
  variants: string[];
}

export interface SeriesMeta {
  key: string;
  scope: 'flow' | 'link';
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
}

export interface LinkSnapshot {
  id: string;
  queue_bytes: number;
  queue_packets: number;
  capacity_bytes: number | null;
  drops: number;
}

export interface Snapshot {
  t_s: number;
  flows: FlowSnapshot[];
  links: LinkSnapshot[];
}

export interface Topology {
  nodes: { id: string; kind: 'host' | 'router' }[];
  links: { id: string; from: string; to: string; rate_mbps: number; delay_ms: number; buffer_bytes: number | null }[];
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
}

export interface LinkSummary {
  id: string;
  rate_mbps: number;
  utilization: number;
  drops: number;
  max_queue_bytes: number;
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
  digest?: string;
}

/** Simulated seconds per wall-clock second, or as fast as the engine goes. */
export type Speed = number | 'max';
export const SPEEDS: readonly Speed[] = [0.1, 1, 10, 'max'];
