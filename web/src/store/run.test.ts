import { describe, expect, it } from 'vitest';
import type { Summary } from '../types';
import { type RunAction, type RunFields, allSummaries, firstSummary, initialRun, runReducer, staleRun, timeSpan } from './run';

const run = (actions: RunAction[], from: RunFields = initialRun) => actions.reduce(runReducer, from);
const summary = (duration_s: number, jain: number): Summary => ({
  engine_version: 't',
  scenario: 's',
  seed: 1,
  duration_s,
  warmup_s: 0,
  events: 1,
  wall_s: 0,
  flows: [],
  links: [],
  jain,
  digest: '',
});
const loaded = (runId: number, columns: number, duration = 30): RunAction => ({ type: 'loaded', runId, duration, columns, playing: true });
const tick = (runId: number, t: number, columns: { now: number; finished?: boolean }[]): RunAction => ({
  type: 'tick',
  runId,
  simTime: t,
  columns: columns.map((c, i) => ({ now: c.now, events: 100 * (i + 1), finished: c.finished ?? false, aggregate: null })),
  snapshot: null,
  seriesChanged: true,
});

describe('run reducer with several columns (A/B compare)', () => {
  it('keeps one entry per column on the shared clock', () => {
    const s = run([loaded(1, 3), tick(1, 2, [{ now: 2 }, { now: 2 }, { now: 2 }])]);
    expect(s.columns).toHaveLength(3);
    expect(s.simTime).toBe(2);
    expect(s.columns.map((c) => c.events)).toEqual([100, 200, 300]);
    expect(s.run).toBe('running');
  });

  it('a column that ends early stays where it stopped; the run ends with the last column', () => {
    let s = run([loaded(1, 2), tick(1, 9.7, [{ now: 9.7, finished: true }, { now: 9.7 }]), { type: 'finished', runId: 1, column: 0, summary: summary(9.7, 0.9) }]);
    expect(s.columns[0]!.finished).toBe(true);
    expect(s.run).toBe('running');
    expect(allSummaries(s)).toBeNull();
    s = run([tick(1, 30, [{ now: 9.7, finished: true }, { now: 30, finished: true }]), { type: 'finished', runId: 1, column: 1, summary: summary(30, 0.5) }], s);
    expect(s.run).toBe('finished');
    expect(s.columns.map((c) => c.now)).toEqual([9.7, 30]);
    // The time axes span the longest column.
    expect(timeSpan(s)).toBe(30);
    expect(allSummaries(s)?.map((x) => x.jain)).toEqual([0.9, 0.5]);
    expect(firstSummary(s)?.jain).toBe(0.9);
  });

  it('a tick with another number of columns than loaded is ignored', () => {
    const s = run([loaded(1, 2)]);
    expect(run([tick(1, 1, [{ now: 1 }])], s)).toBe(s);
  });

  it('the first column (the lab) shows no pause-time summary as its own', () => {
    const s = run([loaded(1, 2), tick(1, 4, [{ now: 4 }, { now: 4 }]), { type: 'summaries', runId: 1, simTime: 4, summaries: [summary(4, 0.7), summary(4, 0.8)] }]);
    expect(allSummaries(s)).not.toBeNull();
    expect(firstSummary(s)).toBeNull();
  });
});

describe('the run-id rule', () => {
  const shown = run([loaded(1, 2), tick(1, 1, [{ now: 1 }, { now: 1 }]), loaded(2, 2), tick(2, 0.5, [{ now: 0.5 }, { now: 0.5 }])]);

  it('a message is stale unless it is about the run on screen', () => {
    expect(staleRun(shown, 2)).toBe(false);
    expect(staleRun(shown, 1)).toBe(true);
    expect(staleRun(shown, 3)).toBe(true);
  });

  it('messages of a replaced run change nothing', () => {
    const late: RunAction[] = [
      tick(1, 7, [{ now: 7 }, { now: 7 }]),
      { type: 'playing', runId: 1, playing: false },
      { type: 'finished', runId: 1, column: 0, summary: summary(30, 0.1) },
      { type: 'summaries', runId: 1, simTime: 7, summaries: [summary(7, 0.1), summary(7, 0.2)] },
      { type: 'rewound', runId: 1 },
      { type: 'seeking', runId: 1, target: 3 },
      { type: 'error', runId: 1, message: 'column A (cc=x): bad' },
      // An older load answered late (the page already asked for run 2).
      loaded(1, 2),
    ];
    for (const a of late) expect(runReducer(shown, a), a.type).toBe(shown);
  });

  it('the answer to a newer load is taken: its loaded, or the error refusing it', () => {
    expect(run([loaded(3, 1)], shown).runId).toBe(3);
    const refused = run([{ type: 'loading' }, { type: 'error', runId: 3, message: 'column B (buffer_bdp=-1): buffer_bdp: must be > 0' }], shown);
    expect(refused.error).toContain('column B');
    expect(refused.runId).toBe(2);
    expect(refused.columns).toEqual(shown.columns);
  });
});
