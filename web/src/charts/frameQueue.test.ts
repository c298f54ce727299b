import { describe, expect, it } from 'vitest';
import { createFrameQueue } from './frameQueue';

/** A fake animation-frame scheduler and clock: paints "take" the time we say. */
function harness(budget: number) {
  const frames: (() => void)[] = [];
  let t = 0;
  const q = createFrameQueue((fn) => frames.push(fn), () => t, budget);
  const frame = () => {
    const fn = frames.shift();
    fn?.();
    return fn !== undefined;
  };
  return { q, frame, frames, advance: (ms: number) => (t += ms) };
}

describe('chart paint queue', () => {
  it('paints in an animation frame, not when asked', () => {
    const h = harness(8);
    const done: string[] = [];
    h.q.request({}, () => done.push('a'));
    expect(done).toEqual([]);
    expect(h.frame()).toBe(true);
    expect(done).toEqual(['a']);
    expect(h.q.pending).toBe(0);
    expect(h.frames.length).toBe(0);
  });

  it('merges repeated requests of one chart into one paint of the newest', () => {
    const h = harness(8);
    const key = {};
    const done: number[] = [];
    for (let i = 0; i < 5; i++) h.q.request(key, () => done.push(i));
    expect(h.frames.length).toBe(1);
    h.frame();
    expect(done).toEqual([4]);
  });

  it('spreads paints over frames once the budget is spent, oldest first', () => {
    const h = harness(8);
    const done: string[] = [];
    for (const name of ['a', 'b', 'c', 'd']) {
      h.q.request({ name }, () => {
        done.push(name);
        h.advance(5);
      });
    }
    h.frame();
    // a (5 ms) is under budget, b brings it to 10 ms: stop.
    expect(done).toEqual(['a', 'b']);
    expect(h.q.pending).toBe(2);
    h.frame();
    expect(done).toEqual(['a', 'b', 'c', 'd']);
    expect(h.frame()).toBe(false);
  });

  it('always paints at least one per frame, and forgets cancelled ones', () => {
    const h = harness(1);
    const done: string[] = [];
    const slow = { n: 'slow' };
    const gone = { n: 'gone' };
    h.q.request(slow, () => {
      done.push('slow');
      h.advance(50);
    });
    h.q.request(gone, () => done.push('gone'));
    h.q.cancel(gone);
    h.frame();
    expect(done).toEqual(['slow']);
    expect(h.q.pending).toBe(0);
  });
});
