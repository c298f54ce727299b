import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../types';
import { DecisionLog } from './decisionLog';

// Loose fixtures: only the fields the log reads.
const ev = (t: number, flow: number | null, type = 'mptcp_sched'): EngineEvent => ({ t_ns: t, flow, type, reason: `r${t}` }) as EngineEvent;

describe('decision log', () => {
  it('keeps the newest scheduler decisions per flow, newest first, bounded', () => {
    const log = new DecisionLog(3);
    log.ingest([ev(1, 0), ev(2, 1, 'stream_pick'), ev(3, 0, 'drop'), ev(4, 0), ev(5, null)]);
    log.ingest([ev(6, 0), ev(7, 0)]);
    expect(log.recent(0).map((e) => e.t_ns)).toEqual([7, 6, 4]);
    expect(log.recent(1).map((e) => e.type)).toEqual(['stream_pick']);
    expect(log.recent(0, 1).map((e) => e.t_ns)).toEqual([7]);
    expect(log.recent(9)).toEqual([]);
  });
  it('changes its version only when a decision arrives, and forgets on reset', () => {
    const log = new DecisionLog();
    const v0 = log.version;
    log.ingest([ev(1, 0, 'drop')]);
    expect(log.version).toBe(v0);
    log.ingest([ev(2, 0)]);
    expect(log.version).toBe(v0 + 1);
    log.reset();
    expect(log.recent(0)).toEqual([]);
  });
});
