import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../types';
import { FlowEvents } from './flowEvents';

// Loose fixtures: only the fields each test reads.
const ev = (t_ns: number, flow: number | null, type: string, extra: Record<string, unknown> = {}): EngineEvent => ({ t_ns, flow, type, ...extra }) as EngineEvent;

describe('FlowEvents', () => {
  it('remembers the newest event of each type per flow across snapshots', () => {
    const f = new FlowEvents();
    f.ingest([ev(1, 0, 'cc_state', { to: 'drain' }), ev(2, 0, 'cc_gain', { pacing_gain: 1.25 })]);
    const v = f.version;
    f.ingest([ev(5, 0, 'cc_state', { to: 'probe_bw' }), ev(6, 1, 'rto', { backoff: 1 })]);
    expect(f.version).toBeGreaterThan(v);
    expect(f.latestFor(0).map((e) => [e.type, e.t_ns])).toEqual([
      ['cc_state', 5],
      ['cc_gain', 2],
    ]);
    expect(f.latestFor(1).map((e) => e.type)).toEqual(['rto']);
    expect(f.latestFor(7)).toEqual([]);
    f.reset();
    expect(f.latestFor(0)).toEqual([]);
  });

  it('finds the latest scheduler decision, MPTCP or QUIC', () => {
    const f = new FlowEvents();
    expect(f.decision(0)).toBeNull();
    f.ingest([ev(3, 0, 'mptcp_sched', { subflow: 2, reason: 'fastest' }), ev(4, 0, 'drop', { link: 1 })]);
    expect(f.decision(0)?.reason).toBe('fastest');
    f.ingest([ev(9, 0, 'stream_pick', { stream: 4, reason: 'round robin' })]);
    expect(f.decision(0)?.type).toBe('stream_pick');
  });
});
