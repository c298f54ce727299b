import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Scheduler } from './schedule';

/** Resolves after every task queued so far (a self-post, then a macrotask behind it). */
const drain = () => new Promise<void>((r) => setImmediate(() => setImmediate(r)));

describe('Scheduler (the worker loop’s next slice)', () => {
  let s: Scheduler;
  beforeEach(() => {
    s = new Scheduler();
    // Timers are fake: a zero-delay slice must run without any timer (setTimeout(0) is
    // clamped to 4 ms in a browser once the loop nests, which idled the worker at max speed).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    s.close();
  });

  it('runs a zero-delay continuation as the next task, with no timer', async () => {
    let runs = 0;
    const step = () => {
      runs++;
      if (runs < 50) s.schedule(step);
    };
    s.schedule(step);
    expect(runs).toBe(0);
    for (let i = 0; i < 60 && runs < 50; i++) await drain();
    expect(runs).toBe(50);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('waits for a paced delay on a timer', async () => {
    let ran = false;
    s.schedule(() => (ran = true), 20);
    await drain();
    expect(ran).toBe(false);
    vi.advanceTimersByTime(20);
    expect(ran).toBe(true);
    expect(s.pending).toBe(false);
  });

  it('cancel drops a self-post already sent (a pause between slices)', async () => {
    let ran = false;
    s.schedule(() => (ran = true));
    expect(s.pending).toBe(true);
    s.cancel();
    await drain();
    expect(ran).toBe(false);
    expect(s.pending).toBe(false);
  });

  it('a new schedule replaces the pending one: one slice runs, not two', async () => {
    const ran: string[] = [];
    s.schedule(() => ran.push('old'));
    s.schedule(() => ran.push('new'));
    s.schedule(() => ran.push('timer'), 5);
    s.schedule(() => ran.push('last'));
    await drain();
    vi.advanceTimersByTime(10);
    await drain();
    expect(ran).toEqual(['last']);
  });
});
