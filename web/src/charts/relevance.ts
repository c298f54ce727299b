// Which charts mean something for the run on screen, and the fixed scales some need (issue 30,
// item 11). One small function per chart kind, so a chart catalogue can ask each chart whether
// to show it: a chart that can only draw a constant teaches nothing and reads as a result.

/** Jain's index over time needs at least two flows to compare: with one it is 1 by definition. */
export function jainChartMeaningful(flowsInRun: number): boolean {
  return flowsInRun >= 2;
}

/** Fairness indices lie in (0, 1]: their axis stops at 1 instead of a headroom above it. */
export const FAIRNESS_Y_TOP = 1;
