import { describe, expect, it } from 'vitest';
import { type Clock, RateLimiter } from './rateLimiter';

/** A clock the test moves by hand; timers fire when it passes them. */
function fakeClock() {
  let t = 0;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let ids = 0;
  const clock: Clock = {
    now: () => t,
    setTimeout: (fn, ms) => {
      const id = ++ids;
      timers.push({ at: t + ms, fn, id });
      return id;
    },
    clearTimeout: (id) => {
      timers = timers.filter((x) => x.id !== id);
    },
  };
  const advance = (ms: number) => {
    const end = t + ms;
    for (;;) {
      const due = timers.filter((x) => x.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((x) => x !== due);
      t = due.at;
      due.fn();
    }
    t = end;
  };
  return { clock, advance, pending: () => timers.length };
}

const latest = (text: string) => () => text;

describe('RateLimiter', () => {
  it('sends the first message at once, from a task of its own, and holds the next until 2 s have passed', () => {
    const { clock, advance } = fakeClock();
    const out: [number, string[]][] = [];
    const rl = new RateLimiter<string>((items) => out.push([clock.now(), items]), 2000, clock);
    rl.post('run', latest('Run started.'));
    // Not inside the caller's task: a long task would delay the change past the time taken.
    expect(out).toEqual([]);
    advance(0);
    expect(out).toEqual([[0, ['Run started.']]]);
    advance(500);
    rl.post('run', latest('Paused at 0.5 s.'));
    expect(out).toHaveLength(1);
    advance(1499);
    expect(out).toHaveLength(1);
    advance(1);
    expect(out).toEqual([
      [0, ['Run started.']],
      [2000, ['Paused at 0.5 s.']],
    ]);
  });

  it('never sends two messages less than 2 s apart, however many arrive', () => {
    const { clock, advance } = fakeClock();
    const times: number[] = [];
    const rl = new RateLimiter<string>(() => times.push(clock.now()), 2000, clock);
    for (let i = 0; i < 100; i++) {
      rl.post(`k${i % 3}`, latest(`m${i}`));
      advance(137);
    }
    advance(5000);
    expect(times.length).toBeGreaterThan(3);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(2000);
  });

  it('coalesces by key and never drops the final state', () => {
    const { clock, advance } = fakeClock();
    const out: string[][] = [];
    const rl = new RateLimiter<string>((items) => out.push(items), 2000, clock);
    rl.post('run', latest('Run started.'));
    advance(100);
    // Within the gap: a loss, then the run state twice; the newest state is what is said, last.
    rl.post('run', latest('Paused.'));
    rl.post('loss:0', (w) => (w ? `${w}+` : 'loss'));
    rl.post('loss:0', (w) => (w ? `${w}+` : 'loss'));
    rl.post('run', latest('Run finished.'));
    advance(2000);
    expect(out).toEqual([['Run started.'], ['loss+', 'Run finished.']]);
    // Nothing more waits: no timer left, nothing repeated.
    advance(10_000);
    expect(out).toHaveLength(2);
  });

  it('clear() forgets what waits', () => {
    const { clock, advance, pending } = fakeClock();
    const out: string[][] = [];
    const rl = new RateLimiter<string>((items) => out.push(items), 2000, clock);
    rl.post('run', latest('a'));
    advance(0);
    rl.post('run', latest('b'));
    rl.clear();
    expect(pending()).toBe(0);
    advance(3000);
    expect(out).toEqual([['a']]);
  });
});
