import { describe, expect, it } from 'vitest';
import { deferred } from './behaviours';
import type { TimeWindow } from '../types';

type Update = [number, number, number, TimeWindow];

/** A stand-in behaviour that records its calls, and a load the test resolves when it wants. */
function fake() {
  const calls: (Update | 'destroy')[] = [];
  let arrive!: () => void;
  const loaded = new Promise<void>((r) => (arrive = r));
  const load = () => loaded.then(() => ({ update: (...a: Update) => void calls.push(a), destroy: () => void calls.push('destroy') }));
  return { calls, arrive, load };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('a zoom or brush whose d3 code loads after the first run is live', () => {
  it('shows, on arrival, the last window it was asked to show before, then follows at once', async () => {
    const f = fake();
    const b = deferred(f.load);
    b.update(100, 50, 30, null);
    b.update(200, 50, 30, [2, 4]);
    await tick();
    expect(f.calls).toEqual([]);
    f.arrive();
    await tick();
    expect(f.calls).toEqual([[200, 50, 30, [2, 4]]]);
    b.update(200, 50, 30, [3, 5]);
    expect(f.calls.at(-1)).toEqual([200, 50, 30, [3, 5]]);
  });

  it('is never attached when its element went away before the code arrived', async () => {
    const f = fake();
    const b = deferred(f.load);
    b.update(100, 50, 30, null);
    b.destroy();
    f.arrive();
    await tick();
    expect(f.calls).toEqual([]);
  });
});
