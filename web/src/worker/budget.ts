// What the page runs without freezing its tab. The engine itself runs far larger scenarios (the
// command-line netlab); the page charts every flow live, and its main thread does work per flow
// and per series on every tick (points, snapshots, charts, the state timeline). A share link
// with 5 000 flows — valid, under the engine's limit — left the tab unresponsive at ~4 GB, and
// 1 000 flows blocked it for seconds at a time. So the worker refuses runs above these budgets,
// says why, bounds each slice of engine work, and asks the engine for a bounded snapshot. Pure;
// unit-tested.

/** Flows with their own charts the page runs (the presets have at most 50). */
export const PAGE_MAX_FLOWS = 100;
/**
 * Series the page charts live (≈6 per TCP flow, more for BBR, MPTCP subflows and QUIC streams;
 * the presets record at most ~560). Points per tick grow with it.
 */
export const PAGE_MAX_SERIES = 1000;
/**
 * Events one engine call may process. The slice length adapts to the last call's cost, so a
 * burst (flows starting late after an idle stretch) would otherwise run in one long call:
 * ~3–30 ms of work at this size, so messages such as pause are still handled promptly.
 */
export const SLICE_MAX_EVENTS = 10_000;
/**
 * Per-flow entries a posted snapshot carries beyond the flows the page charts: the engine
 * reports the first this many and up to this many sending now (core
 * Simulation::snapshot_bounded), so a snapshot's size does not grow with the run's flows.
 */
export const SNAPSHOT_MAX_FLOWS = 64;
/**
 * A snapshot is posted only after this many times its own cost has passed since the last one,
 * so snapshots never take more than a fifth of the worker's time (they cost ~100 ms per
 * snapshot for runs with thousands of generated flows before the engine bounded them).
 */
export const SNAPSHOT_COST_FACTOR = 4;

/** Why the page will not run a scenario of this size, or null when it fits. */
export function pageBudgetError(flows: number, series: number): string | null {
  const where = 'run it with the command-line netlab, or with fewer flows';
  if (flows > PAGE_MAX_FLOWS) {
    return `this scenario has ${flows} flows; the page runs at most ${PAGE_MAX_FLOWS} (it charts every flow live, and more would freeze the tab): ${where}`;
  }
  if (series > PAGE_MAX_SERIES) {
    return `this scenario records ${series} series; the page charts at most ${PAGE_MAX_SERIES} live (more would freeze the tab): ${where}`;
  }
  return null;
}

/** Why a running run is stopped once its series outgrow the budget (generated flows add series). */
export function seriesGrowthError(series: number, t: number): string | null {
  if (series <= PAGE_MAX_SERIES) return null;
  return `stopped at t = ${t.toFixed(3)} s: the run now records ${series} series; the page charts at most ${PAGE_MAX_SERIES} live (more would freeze the tab): run it with the command-line netlab`;
}
