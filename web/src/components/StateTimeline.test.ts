import { describe, expect, it } from 'vitest';
import { segments } from './StateTimeline';

describe('state timeline segments', () => {
  it('merges equal consecutive states and ends at the last sample time', () => {
    const pts = [
      { t: 0, v: 0 },
      { t: 1, v: 0 },
      { t: 2, v: 1 },
      { t: 3, v: 2 },
      { t: 4, v: 2 },
    ];
    expect(segments(pts, 5)).toEqual([
      { t0: 0, t1: 2, state: 0 },
      { t0: 2, t1: 3, state: 1 },
      { t0: 3, t1: 5, state: 2 },
    ]);
  });
  it('is empty without samples', () => {
    expect(segments([], 3)).toEqual([]);
  });
});
