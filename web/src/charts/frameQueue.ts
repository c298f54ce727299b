// Chart repaints run in animation frames, not in the message handler that brought new points.
// A tick from the simulation worker used to repaint every chart inside one task: six canvases
// in a row made that frame long while the frames between ticks were idle. Here each chart asks
// for a repaint (`request`), requests coalesce per chart (the paint reads the newest data when
// it runs), and each animation frame runs the waiting paints in request order until a time
// budget is spent; the rest run in the next frame. So the work of one tick is spread over the
// frames before the next one instead of dropping one.
//
// The scheduler and clock are injectable, so the budget logic is unit-tested (frameQueue.test.ts).

export interface FrameQueue {
  /** Runs `paint` in an animation frame soon; a second request for `key` before then is merged. */
  request(key: object, paint: () => void): void;
  /** Forgets a waiting paint (its chart is gone). */
  cancel(key: object): void;
  /** Paints waiting (for tests and diagnostics). */
  readonly pending: number;
}

/** Paint time per frame (ms) after which the remaining paints wait for the next frame. */
export const FRAME_BUDGET_MS = 8;

export function createFrameQueue(
  schedule: (fn: () => void) => void = (fn) => requestAnimationFrame(() => fn()),
  now: () => number = () => performance.now(),
  budget = FRAME_BUDGET_MS,
): FrameQueue {
  // Insertion-ordered: a chart that waited longest paints first.
  const waiting = new Map<object, () => void>();
  let scheduled = false;

  const run = () => {
    scheduled = false;
    const start = now();
    for (const [key, paint] of waiting) {
      waiting.delete(key);
      paint();
      // At least one paint per frame, so a slow paint cannot starve the queue.
      if (now() - start >= budget) break;
    }
    if (waiting.size > 0) arm();
  };
  const arm = () => {
    if (scheduled) return;
    scheduled = true;
    schedule(run);
  };

  return {
    request(key, paint) {
      // Re-inserting moves nothing: a merged request keeps its place in line.
      waiting.set(key, paint);
      arm();
    },
    cancel(key) {
      waiting.delete(key);
    },
    get pending() {
      return waiting.size;
    },
  };
}

/** The page's one queue for chart paints. */
export const chartFrames: FrameQueue = createFrameQueue();
