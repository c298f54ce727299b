import { describe, expect, it } from 'vitest';
import { formatPositions, parsePositions, queryWithPositions } from './positions';

describe('layout= positions', () => {
  it('round-trips positions, any node name included', () => {
    const p = new Map([
      ['r1', { fx: 0.25, fy: 0.5 }],
      ['odd:name,1', { fx: 1, fy: 0 }],
    ]);
    expect(parsePositions(formatPositions(p))).toEqual(p);
    expect(formatPositions(new Map([['r2', { fx: 0.123456, fy: 0.9999 }]]))).toBe('r2:0.123:1');
  });

  it('ignores entries that do not parse, keeps the rest', () => {
    expect(parsePositions('r1:0.5:0.5,r2:2:0.5,r3:x:1,r4:0.1,:0.1:0.1,%E0%A4:0.1:0.1')).toEqual(new Map([['r1', { fx: 0.5, fy: 0.5 }]]));
    expect(parsePositions(null).size).toBe(0);
  });

  it('sets the parameter in the query, keeping the others; removes it when empty', () => {
    expect(queryWithPositions('?preset=tcp-dumbbell&seed=1', new Map([['r1', { fx: 0.5, fy: 0.5 }]]))).toBe('?preset=tcp-dumbbell&seed=1&layout=r1%3A0.5%3A0.5');
    expect(queryWithPositions('?layout=r1%3A0.5%3A0.5&seed=1', new Map())).toBe('?seed=1');
  });
});
