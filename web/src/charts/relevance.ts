// Which charts mean something for the run on screen, and the fixed scales some need (issue 30,
// item 11). One small function per chart kind, so a chart catalogue can ask each chart whether
// to show it: a chart that can only draw a constant teaches nothing and reads as a result.

/**
 * Jain's index over time needs at least two flows to compare: with one it is 1 by definition.
 * And it is not drawn for a run whose experiment is its size-classed flows (`classed`: the engine
 * recorded per-class series, an MPTCP flow-scheduling run): the engine's index is over the flows
 * without a size, the background, which `jainScoresRun` below says the summary's index does not
 * score the experiment by either (issue 30 item 7).
 */
export function jainChartMeaningful(flowsInRun: number, classed = false): boolean {
  return flowsInRun >= 2 && !classed;
}

/** Fairness indices lie in (0, 1]: their axis stops at 1 instead of a headroom above it. */
export const FAIRNESS_Y_TOP = 1;

/** The part of a run's summary the rules below read (a structural subset of `Summary`). */
export interface ClassedRun {
  jain?: number | null;
  flows: readonly { size_bytes?: number | null }[];
  fct_by_class?: { [cls: string]: { count: number; unfinished: number } | undefined };
}

/** Flows a flow scheduler classified that started after the warm-up (finished or not). */
export function classedFlows(run: ClassedRun): number {
  const all = run.fct_by_class?.all;
  return all ? all.count + all.unfinished : 0;
}

/**
 * FCT bars, FCT CDFs and the long-flow (G3) mean describe a distribution of flows: with one
 * transfer (ECF-3's one file) there is nothing to distribute, and the bars and the CDF would
 * only repeat its one completion time.
 */
export function fctDistributionMeaningful(run: ClassedRun): boolean {
  return classedFlows(run) >= 2;
}

/**
 * Whether the summary's Jain index scores this run's experiment. The engine computes it over
 * the flows without a size (simulation/summary.rs): when size-classed flows are the experiment
 * (MPTCP-FSFS, short flows, one ECF-3 file), those are the long background flows or the one
 * transfer, so the index says nothing about the schemes compared; and over one flow it is 1.
 */
export function jainScoresRun(run: ClassedRun): boolean {
  if (typeof run.jain !== 'number') return false;
  if (classedFlows(run) > 0) return false;
  const bulk = run.flows.filter((f) => f.size_bytes === undefined || f.size_bytes === null).length;
  return (bulk > 0 ? bulk : run.flows.length) >= 2;
}
