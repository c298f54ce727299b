// When the simulation worker runs its next time slice (sim.worker.ts: the play loop, a seek).
//
// Between slices the worker must return to its event loop, so that the page's messages
// (pause, seek, speed, a new load) are handled promptly. At max speed the next slice is due at
// once, and setTimeout(0) is the wrong tool for that: HTML clamps nested timers to ≥ 4 ms after
// five levels (the "timer nesting level" rule, which a self-rescheduling loop hits at once),
// which left the worker idle ~14 % of the time (issue 18). A message posted to ourselves on a
// MessageChannel is a task like any other, with no clamp: queued behind the page's messages
// already waiting, so they still get in between slices. Non-zero delays (the paced speeds
// wait for their next tick) keep using setTimeout.
//
// One pending callback per Scheduler: `schedule` replaces it, `cancel` drops it. A self-post
// cannot be taken back once sent, so each carries a token and a stale one is ignored.

export class Scheduler {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly channel: MessageChannel | null;
  private fn: (() => void) | null = null;
  /** The token of the pending callback; bumped by every schedule and cancel. */
  private token = 0;

  constructor() {
    this.channel = typeof MessageChannel === 'function' ? new MessageChannel() : null;
    if (this.channel) this.channel.port1.onmessage = (e: MessageEvent<number>) => this.fire(e.data);
  }

  /** Runs `fn` after `delay` ms; with 0, as the next task (after messages already queued). */
  schedule(fn: () => void, delay = 0): void {
    this.cancel();
    this.fn = fn;
    const token = this.token;
    if (delay <= 0 && this.channel) this.channel.port2.postMessage(token);
    else this.timer = setTimeout(() => this.fire(token), Math.max(0, delay));
  }

  /** Drops the pending callback, if any. */
  cancel(): void {
    this.token++;
    this.fn = null;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Whether a callback is pending. */
  get pending(): boolean {
    return this.fn !== null;
  }

  /** Closes the channel (tests: a Node process would otherwise stay alive for it). */
  close(): void {
    this.cancel();
    this.channel?.port1.close();
    this.channel?.port2.close();
  }

  private fire(token: number): void {
    if (token !== this.token || this.fn === null) return;
    const fn = this.fn;
    this.fn = null;
    this.timer = null;
    // The next schedule must not match this run's token.
    this.token++;
    fn();
  }
}
