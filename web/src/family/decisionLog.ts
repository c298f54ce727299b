// The scheduler's recent decisions per flow (MPTCP `mptcp_sched`, QUIC `stream_pick`), for the
// family views' decision lists. Snapshots carry only the events since the previous one (the
// worker keeps the newest per flow and type plus the last 200), so this accumulates them into
// a short ring per flow; the inspector's FlowEvents keeps only the newest one.
import type { EngineEvent } from '../types';
import { type DecisionEvent, isDecision } from '../sim/flowEvents';

/** Decisions kept per flow (the list shows the newest). */
export const DECISIONS_PER_FLOW = 40;

export class DecisionLog {
  private byFlow = new Map<number, DecisionEvent[]>();
  /** Bumped on every change, so views can memoise on it. */
  version = 0;

  constructor(private readonly cap = DECISIONS_PER_FLOW) {}

  reset(): void {
    this.byFlow.clear();
    this.version++;
  }

  ingest(events: readonly EngineEvent[] | undefined): void {
    if (!events) return;
    let any = false;
    for (const e of events) {
      if (typeof e.flow !== 'number' || !isDecision(e)) continue;
      const list = this.byFlow.get(e.flow) ?? [];
      list.push(e);
      if (list.length > this.cap) list.splice(0, list.length - this.cap);
      this.byFlow.set(e.flow, list);
      any = true;
    }
    if (any) this.version++;
  }

  /** Flow `index`'s recent decisions, newest first. */
  recent(index: number, n = this.cap): DecisionEvent[] {
    const list = this.byFlow.get(index) ?? [];
    return list.slice(-n).reverse();
  }
}

export const decisionLog = new DecisionLog();
