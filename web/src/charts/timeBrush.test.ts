import { describe, expect, it } from 'vitest';
import { clampWindow, keyWindow, minSpan, pixelsFromWindow, windowFromPixels } from './timeBrush';

describe('brush pixel ↔ time mapping', () => {
  it('maps a selection on the strip to the run time it covers, and back', () => {
    const w = windowFromPixels(100, 300, 400, 20);
    expect(w).toEqual([5, 15]);
    expect(pixelsFromWindow(w, 400, 20)).toEqual([100, 300]);
  });

  it('treats a selection of the whole strip as the whole run (no brush)', () => {
    expect(windowFromPixels(0, 400, 400, 20)).toBeNull();
    expect(pixelsFromWindow(null, 400, 20)).toBeNull();
  });

  it('needs a size and a run length', () => {
    expect(windowFromPixels(10, 20, 0, 20)).toBeNull();
    expect(windowFromPixels(10, 20, 400, 0)).toBeNull();
    expect(pixelsFromWindow([1, 2], 400, 0)).toBeNull();
  });
});

describe('clamping a window to the run', () => {
  it('orders the ends and keeps the window inside the run', () => {
    expect(clampWindow(8, 2, 10)).toEqual([2, 8]);
    expect(clampWindow(-2, 3, 10)).toEqual([0, 3]);
    expect(clampWindow(7, 12, 10)).toEqual([7, 10]);
  });

  it('widens a too narrow window about its centre to the deepest zoom', () => {
    const w = clampWindow(5, 5, 10)!;
    expect(w[1] - w[0]).toBeCloseTo(minSpan(10));
    expect((w[0] + w[1]) / 2).toBeCloseTo(5);
    // At the run's very start it is pushed back inside.
    expect(clampWindow(0, 0, 10)).toEqual([0, minSpan(10)]);
  });

  it('is the whole run (null) when it covers it', () => {
    expect(clampWindow(-1, 11, 10)).toBeNull();
    expect(clampWindow(0, 10, 10)).toBeNull();
  });
});

describe('keyboard on the strip', () => {
  it('moves the window by a tenth of its width, stopping at the run ends', () => {
    expect(keyWindow([2, 4], 10, 'ArrowRight', false)).toEqual([2.2, 4.2]);
    const left = keyWindow([2, 4], 10, 'ArrowLeft', false)!;
    expect(left[0]).toBeCloseTo(1.8);
    expect(left[1]).toBeCloseTo(3.8);
    expect(keyWindow([0.1, 2.1], 10, 'ArrowLeft', false)).toEqual([0, 2]);
    expect(keyWindow([8, 9.95], 10, 'ArrowRight', false)).toEqual([8.05, 10]);
  });

  it('resizes with Shift: narrower from the whole run, wider back to it', () => {
    expect(keyWindow(null, 10, 'ArrowLeft', true)).toEqual([0, 9]);
    const wider = keyWindow([2, 4], 10, 'ArrowRight', true)!;
    expect(wider[0]).toBe(2);
    expect(wider[1]).toBeCloseTo(4.2);
    expect(keyWindow([0, 9.5], 10, 'ArrowRight', true)).toBeNull();
  });

  it('jumps with Home/End, clears with Escape, ignores other keys', () => {
    expect(keyWindow([3, 5], 10, 'Home', false)).toEqual([0, 2]);
    expect(keyWindow([3, 5], 10, 'End', false)).toEqual([8, 10]);
    expect(keyWindow([3, 5], 10, 'Escape', false)).toBeNull();
    expect(keyWindow([3, 5], 10, 'a', false)).toBeUndefined();
    // The whole run cannot move.
    expect(keyWindow(null, 10, 'ArrowRight', false)).toBeNull();
  });
});
