// A rate limiter for a screen reader's live region (issue 31 §2): at most one message per
// `gapMs` of wall time. What arrives sooner waits, merged by key with whatever of the same key
// already waits (two run-state changes: the newer one; two losses of one flow: one line that
// counts both), and goes out together once the gap has passed, from a timer task of its own. Nothing is dropped: the newest
// state of every key is always said, if late. Pure apart from its clock, which tests replace.

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const wallClock: Clock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** The live region's pace: one message per 2 s, so a screen reader can finish each. */
export const ANNOUNCE_GAP_MS = 2000;

export class RateLimiter<T> {
  /** Waiting items by key, in the order they were last updated (the newest last). */
  private pending = new Map<string, T>();
  private lastAt = Number.NEGATIVE_INFINITY;
  private timer: unknown = null;

  constructor(
    private readonly emit: (items: T[]) => void,
    private readonly gapMs = ANNOUNCE_GAP_MS,
    private readonly clock: Clock = wallClock,
  ) {}

  /** Queues `merge(what waits under key)` under `key`; sends at once if the gap has passed. */
  post(key: string, merge: (waiting: T | undefined) => T): void {
    const next = merge(this.pending.get(key));
    this.pending.delete(key);
    this.pending.set(key, next);
    if (this.timer !== null) return;
    // Even a message due now goes out from a timer of its own, never inside the caller's task:
    // a post from a long task (a store update during a big render) would otherwise change the
    // region only when that task ends, up to a few hundred ms after `lastAt` was taken, and the
    // next message would then reach the screen reader less than the gap after it.
    const wait = Math.max(0, this.lastAt + this.gapMs - this.clock.now());
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.send();
    }, wait);
  }

  /** Drops what waits (a new run: the old one's news is stale). */
  clear(): void {
    this.pending.clear();
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private send(): void {
    if (this.pending.size === 0) return;
    const items = [...this.pending.values()];
    this.pending.clear();
    this.lastAt = this.clock.now();
    this.emit(items);
  }
}
