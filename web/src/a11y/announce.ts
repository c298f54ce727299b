// What the lab's polite live region says (issue 31 §2): the run starting, pausing and finishing,
// and the losses of the flow in focus (the flow open in the inspector, else the first flow) with
// its congestion window before and after ("short-rtt lost a packet; cwnd 80 → 56"). The window
// values are the flow's cwnd in the snapshot before the first loss and in the newest one — what
// the engine reported, not an estimate. Notes of one kind merge while the rate limiter
// (rateLimiter.ts) holds them back. Pure: components/LiveRegion.tsx feeds it the store and ticks.
import type { RunState } from '../store/run';
import type { EngineEvent } from '../types';
import * as m from './messages';

export type RunNote = { kind: 'run'; text: string };
export type LossNote = { kind: 'loss'; flow: string; detections: number; packets: number; timeouts: number; before: number; after: number };
export type Note = RunNote | LossNote;

/** What a change of the run's state says, or null (loading, a seek's states, the same state). */
export function runNote(prev: RunState, next: RunState, t: number, title: string): RunNote | null {
  if (prev === next) return null;
  switch (next) {
    case 'running':
      return { kind: 'run', text: prev === 'paused' ? m.runResumed(t) : m.runStarted(title) };
    case 'paused':
      return prev === 'running' ? { kind: 'run', text: m.runPaused(t) } : null;
    case 'finished':
      return { kind: 'run', text: m.runFinished(t) };
    case 'error':
      return { kind: 'run', text: m.runFailed() };
    default:
      return null;
  }
}

/** One flow's loss events in a tick: loss detections (and their packets) and timeouts. */
export function lossCounts(events: readonly EngineEvent[], flow: number): { detections: number; packets: number; timeouts: number } {
  let detections = 0;
  let packets = 0;
  let timeouts = 0;
  for (const e of events) {
    if (e.flow !== flow) continue;
    if (e.type === 'fast_retransmit' || e.type === 'packets_lost') {
      detections++;
      packets += e.lost;
    } else if (e.type === 'rto' || e.type === 'pto') timeouts++;
  }
  return { detections, packets, timeouts };
}

/** A waiting loss note with this tick's losses added: the first window kept, the newest taken. */
export function mergeLoss(waiting: LossNote | undefined, flow: string, counts: ReturnType<typeof lossCounts>, before: number, after: number): LossNote {
  if (!waiting || waiting.flow !== flow) return { kind: 'loss', flow, ...counts, before, after };
  return {
    ...waiting,
    detections: waiting.detections + counts.detections,
    packets: waiting.packets + counts.packets,
    timeouts: waiting.timeouts + counts.timeouts,
    after,
  };
}

export function noteText(n: Note): string {
  return n.kind === 'run' ? n.text : m.flowLoss(n.flow, n.detections, n.packets, n.timeouts, n.before, n.after);
}
