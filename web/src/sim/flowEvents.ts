// What the inspector needs from the engine's typed events: the newest event of each type per
// flow (its controller's last state change, gain phase, loss reaction, and — for multipath and
// QUIC flows — the scheduler's latest decision with its reason), plus drops for the topology's
// flashes. Snapshots carry only the events since the previous one (bounded by the engine: core
// simulation.rs `compact_events`, packed.rs), so this accumulates them.
import type { EngineEvent } from '../types';

/** The engine's event types (the `type` tags of the Rust `EventKind`). */
export type EventType = EngineEvent['type'];
/** The event of type `T`, with its own fields typed. */
export type EventOf<T extends EventType> = Extract<EngineEvent, { type: T }>;
/** A scheduler's choice (MPTCP subflow pick, QUIC stream pick). */
export type DecisionEvent = EventOf<'mptcp_sched' | 'stream_pick'>;

/** Event types that record a scheduler's choice. */
export const DECISION_TYPES: readonly DecisionEvent['type'][] = ['mptcp_sched', 'stream_pick'];

export function isDecision(e: EngineEvent): e is DecisionEvent {
  return (DECISION_TYPES as readonly EventType[]).includes(e.type);
}

/** Narrows an event to type `T`. */
export function isEvent<T extends EventType>(e: EngineEvent, type: T): e is EventOf<T> {
  return e.type === type;
}

/** Events of the whole run belong to no flow: keyed under this. */
const RUN = -1;

export class FlowEvents {
  private latest = new Map<number, Map<string, EngineEvent>>();
  /** Bumped on every change, so views can memoise on it. */
  version = 0;

  reset(): void {
    this.latest.clear();
    this.version++;
  }

  ingest(events: readonly EngineEvent[] | undefined): void {
    if (!events || events.length === 0) return;
    for (const e of events) {
      const flow = typeof e.flow === 'number' ? e.flow : RUN;
      let byType = this.latest.get(flow);
      if (!byType) this.latest.set(flow, (byType = new Map()));
      byType.set(e.type, e);
    }
    this.version++;
  }

  /** The newest event of each type for flow `index`, newest first. */
  latestFor(index: number): EngineEvent[] {
    return [...(this.latest.get(index)?.values() ?? [])].sort((a, b) => b.t_ns - a.t_ns);
  }

  /** The flow's latest scheduler decision (MPTCP or QUIC), or null. */
  decision(index: number): DecisionEvent | null {
    let best: DecisionEvent | null = null;
    for (const type of DECISION_TYPES) {
      const e = this.latest.get(index)?.get(type);
      if (e && isDecision(e) && (!best || e.t_ns >= best.t_ns)) best = e;
    }
    return best;
  }
}

export const flowEvents = new FlowEvents();
