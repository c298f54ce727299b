import { describe, expect, it } from 'vitest';
import { PICKER_REFRESH_MS, chooseConnection, connectionOptions, listedConnections, subflowPath } from './series';

describe('subflow series owners', () => {
  it('takes the path number of the flow\'s own subflows only', () => {
    expect(subflowPath('file@p3', 'file')).toBe(3);
    expect(subflowPath('m.12@p10', 'm.12')).toBe(10);
    expect(subflowPath('m.1@p2', 'm.12')).toBeNull(); // another flow whose id is a prefix
    expect(subflowPath('m.12@p2', 'm.1')).toBeNull();
    expect(subflowPath('file', 'file')).toBeNull();
    expect(subflowPath('file@px', 'file')).toBeNull();
  });
});

describe('the MPTCP view\'s connections', () => {
  const opts = connectionOptions(['m.1', 'm.2'], ['t9', 'm.2', 't10']);
  it('lists the charted connections first, then the live ones without series', () => {
    expect(opts).toEqual([
      { id: 'm.1', series: true },
      { id: 'm.2', series: true },
      { id: 't9', series: false },
      { id: 't10', series: false },
    ]);
  });
  it('opens on a connection with series, preferring one sending now', () => {
    expect(chooseConnection(opts, { sending: new Set(['t9', 'm.2']) })).toBe('m.2');
    expect(chooseConnection(opts, { sending: new Set(['t9']) })).toBe('m.1');
    // Without any charted connection: one sending now, else the first.
    const live = connectionOptions([], ['t9', 't10']);
    expect(chooseConnection(live, { sending: new Set(['t10']) })).toBe('t10');
    expect(chooseConnection(live, { sending: new Set() })).toBe('t9');
    expect(chooseConnection([], { sending: new Set() })).toBeNull();
  });
  it('keeps the user\'s pick, then the inspector\'s selection, while they are listed', () => {
    expect(chooseConnection(opts, { picked: 't10', selected: 'm.2', sending: new Set() })).toBe('t10');
    expect(chooseConnection(opts, { picked: 'gone', selected: 't9', sending: new Set() })).toBe('t9');
  });
});

describe('the MPTCP picker\'s live connections', () => {
  it('change at most once a second while the run plays, at once otherwise', () => {
    const first = listedConnections(null, { runId: 1, playing: true }, ['t1', 't2'], 0);
    expect(first.ids).toEqual(['t1', 't2']);
    // Connections come and go every tick: the list stays as it was for a second.
    expect(listedConnections(first, { runId: 1, playing: true }, ['t2', 't3'], PICKER_REFRESH_MS - 1)).toBe(first);
    expect(listedConnections(first, { runId: 1, playing: true }, ['t2', 't3'], PICKER_REFRESH_MS).ids).toEqual(['t2', 't3']);
    // Paused (or finished), and for a new run: what is live now.
    expect(listedConnections(first, { runId: 1, playing: false }, ['t3'], 10).ids).toEqual(['t3']);
    expect(listedConnections(first, { runId: 2, playing: true }, ['u1'], 10).ids).toEqual(['u1']);
  });
});
