import { describe, expect, it } from 'vitest';
import { transformFor, windowFor } from './timeZoom';

describe('time zoom maths', () => {
  it('shows the whole run at identity', () => {
    expect(transformFor(null, 30, 600)).toEqual({ k: 1, x: 0 });
    expect(windowFor(1, 0, 30, 600)).toBeNull();
  });

  it('round-trips a window through the zoom transform', () => {
    const { k, x } = transformFor([10, 15], 30, 600);
    expect(k).toBeCloseTo(6);
    expect(x).toBeCloseTo(-1200);
    const w = windowFor(k, x, 30, 600);
    expect(w?.[0]).toBeCloseTo(10);
    expect(w?.[1]).toBeCloseTo(15);
  });

  it('clamps to the run and to the deepest zoom', () => {
    expect(transformFor([0, 1e-9], 30, 600).k).toBe(1000);
    const w = windowFor(2, 100, 30, 600);
    expect(w).toEqual([0, 15]);
  });
});
