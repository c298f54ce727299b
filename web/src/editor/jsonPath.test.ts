import { describe, expect, it } from 'vitest';
import { errorBelongsTo, errorPath, formatPath, getAt, parsePath, setAt } from './jsonPath';

describe('json paths', () => {
  it('parses the validator and knob spellings alike', () => {
    expect(parsePath('flows[1].cc')).toEqual(['flows', 1, 'cc']);
    expect(parsePath('topology.senders.1.rtt_ms')).toEqual(['topology', 'senders', 1, 'rtt_ms']);
    expect(formatPath(parsePath('topology.senders.1.rtt_ms'))).toBe('topology.senders[1].rtt_ms');
    expect(formatPath([])).toBe('');
  });

  it('reads and writes without mutating', () => {
    const s = { flows: [{ cc: 'cubic' }, { cc: 'reno' }], topology: { kind: 'dumbbell' } };
    const frozen = JSON.stringify(s);
    const t = setAt(s, 'flows[1].cc', 'bbr');
    expect(getAt(t, 'flows[1].cc')).toBe('bbr');
    expect(getAt(t, 'flows[0].cc')).toBe('cubic');
    expect(JSON.stringify(s)).toBe(frozen);
    // Missing objects on the way are created.
    const u = setAt(s, 'topology.bottleneck.buffer.bdp', 2);
    expect(getAt(u, 'topology.bottleneck.buffer')).toEqual({ bdp: 2 });
    expect(getAt(u, 'topology.kind')).toBe('dumbbell');
    // undefined removes a key or an array element.
    expect(getAt(setAt(u, 'topology.bottleneck.buffer.bdp', undefined), 'topology.bottleneck.buffer')).toEqual({});
    expect(getAt(setAt(s, 'flows[0]', undefined), 'flows')).toEqual([{ cc: 'reno' }]);
    expect(getAt(s, 'flows[5].cc')).toBeUndefined();
    expect(getAt(s, 'topology.kind.x')).toBeUndefined();
  });

  it('finds the field a validator message names', () => {
    expect(errorPath("flows[1].cc: unknown congestion control 'foo' (expected one of: reno, cubic)")).toBe('flows[1].cc');
    expect(errorPath('topology.bottleneck.rate_mbps: must be > 0 (got -1)')).toBe('topology.bottleneck.rate_mbps');
    expect(errorPath('topology.senders.1.rtt_ms: must be > 0')).toBe('topology.senders[1].rtt_ms');
    expect(errorPath('malformed JSON: expected value at line 1 column 1')).toBeNull();
    expect(errorPath('missing field `flows`')).toBeNull();
    expect(errorPath('')).toBeNull();
  });

  it('attributes an error to the field it names or a field inside it', () => {
    expect(errorBelongsTo('flows[0].cc_params.beta', 'flows[0].cc_params')).toBe(true);
    expect(errorBelongsTo('flows[0].cc', 'flows[0].cc')).toBe(true);
    expect(errorBelongsTo('flows[0].cc', 'flows[0].c')).toBe(false);
    expect(errorBelongsTo('flows[10].cc', 'flows[1]')).toBe(false);
    expect(errorBelongsTo(null, 'flows')).toBe(false);
  });
});
