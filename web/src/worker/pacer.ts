// Wall-clock pacing used by the simulation worker for the lab and A/B compare: how much simulated
// time a loop iteration owes the wall clock at the chosen speed, how long it may run before
// yielding (so messages such as pause are handled promptly), and when to post to the page.
import type { Speed } from '../types';

/** Wall-clock period between ticks posted to the UI (≈30 per second). */
export const TICK_MS = 33;
/** Wall-clock time the engine may use per tick, so messages are still handled promptly. */
export const BUDGET_MS = 25;
/**
 * At max speed the engine runs back to back; posting every slice (≈40 a second) would make
 * the page redraw every chart that often. Posts go out at ≈15 Hz instead, which keeps the
 * page's frames short while the run goes just as fast.
 */
export const MAX_SPEED_TICK_MS = 66;
/** Largest wall-time gap credited at once (a throttled tab must not cause a huge jump). */
export const MAX_GAP_MS = 250;

export class Pacer {
  speed: Speed = 1;
  /** Simulated seconds owed to the wall clock at finite speeds. */
  private debtS = 0;
  private lastLoop = 0;
  private lastFlush = 0;
  private start = 0;

  setSpeed(speed: Speed): void {
    this.speed = speed;
    this.debtS = 0;
  }

  /** Forget any owed time (a seek, a new run). */
  clearDebt(): void {
    this.debtS = 0;
  }

  /** Playing starts (or resumes) now: no wall time before this is owed. */
  resume(): void {
    this.lastLoop = performance.now();
  }

  /** A loop iteration starts: credit the wall time since the last one. */
  begin(): void {
    this.start = performance.now();
    const gap = Math.min(this.start - this.lastLoop, MAX_GAP_MS);
    this.lastLoop = this.start;
    if (this.speed !== 'max') this.debtS += (gap / 1000) * this.speed;
  }

  /** Simulated seconds this iteration may still run: unbounded at max speed, the debt else. */
  owed(): number {
    return this.speed === 'max' ? Infinity : this.debtS;
  }

  /** Whether the iteration may run another slice (time owed, wall budget left). */
  more(): boolean {
    return this.owed() > 1e-9 && performance.now() - this.start < BUDGET_MS;
  }

  /** `dt` simulated seconds were run. */
  spend(dt: number): void {
    if (this.speed !== 'max') this.debtS -= Math.max(dt, 0);
  }

  /**
   * The iteration's slices are done: drop a backlog the engine could not keep up with (it runs
   * at its own pace instead), and say whether to post to the page now.
   */
  end(done: boolean): boolean {
    if (this.speed !== 'max' && this.debtS > 0.5 * this.speed) this.debtS = 0;
    if (this.speed !== 'max' || done || performance.now() - this.lastFlush >= MAX_SPEED_TICK_MS) {
      this.lastFlush = performance.now();
      return true;
    }
    return false;
  }

  /** Delay before the next iteration: none at max speed, else the rest of the tick period. */
  nextDelay(): number {
    return this.speed === 'max' ? 0 : Math.max(0, TICK_MS - (performance.now() - this.start));
  }
}
