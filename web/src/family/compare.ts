// The QUIC scheduler comparison: the same scenario and seed once per stream scheduler, each
// run to the end in a worker, then one latency box per scheduler and stream.
import type { Summary } from '../types';
import { type BoxStats, boxStats } from './stats';

/**
 * The engine's stream schedulers in registry order (quic/sched/mod.rs REGISTRY, which lists
 * them from no priority (rr) to strict priority (abs) and RFC 9218's urgencies).
 */
export { STREAM_SCHEDULERS } from '../lib/registry';

/**
 * The scenario (as the engine expanded it: knobs and variant applied) with every QUIC flow
 * using `scheduler`. Throws on text that is not a scenario object.
 */
export function withStreamScheduler(scenarioJson: string, scheduler: string): string {
  const s = JSON.parse(scenarioJson) as { flows?: { kind?: string; quic?: Record<string, unknown> }[] };
  if (typeof s !== 'object' || s === null) throw new Error('scenario is not an object');
  for (const f of s.flows ?? []) {
    if (f.kind === 'quic') f.quic = { ...(f.quic ?? {}), scheduler };
  }
  return JSON.stringify(s);
}

/** One stream's boxes, one per scheduler that delivered any of its messages. */
export interface StreamBoxes {
  /** "flow:stream name", as the series name it. */
  key: string;
  flow: string;
  name: string;
  boxes: { scheduler: string; box: BoxStats; incomplete: number }[];
}

/** The message streams of the runs (streams without messages, e.g. bulk ones, left out). */
export function streamBoxes(runs: readonly { scheduler: string; summary: Summary }[]): StreamBoxes[] {
  const out = new Map<string, StreamBoxes>();
  for (const { scheduler, summary } of runs) {
    for (const st of summary.streams ?? []) {
      const box = boxStats(st.latencies_ms, st.latency_ms, st.delivered);
      if (!box) continue;
      const key = `${st.flow}:${st.name}`;
      const entry = out.get(key) ?? { key, flow: st.flow, name: st.name, boxes: [] };
      entry.boxes.push({ scheduler, box, incomplete: st.incomplete });
      out.set(key, entry);
    }
  }
  return [...out.values()];
}
