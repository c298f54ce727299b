// A finished sweep as files (issue 32 part 4): every run (knob value, algorithm, seed, metric)
// with its point's mean and 95 % confidence interval over the seeds, as CSV and JSON, each
// carrying the scenario's own name, its variant and the knob settings it ran with — so a file
// says which experiment it came from. Pure; the panel downloads them (lib/download.ts).
import { type Cell, toCsv } from '../lib/export';
import type { Line } from './aggregate';

export interface SweepRun {
  value: number | string | null;
  algorithm: string | null;
  seed: number;
  /** The metric of this run, or null when the run could not give it. */
  metric: number | null;
}

export interface SweepExport {
  scenario: string;
  variant: string | null;
  /** The knob settings every point ran with (the swept knob then set per point). */
  settings: Record<string, unknown>;
  knob: string;
  metric: string;
  runs: SweepRun[];
  lines: Line[];
}

function cell(e: SweepExport, r: SweepRun) {
  const line = e.lines.find((l) => l.algorithm === (r.algorithm ?? e.lines[0]?.algorithm));
  return line?.points.find((p) => p.x === r.value);
}

const settingsText = (s: Record<string, unknown>) =>
  Object.entries(s)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join('; ');

export function sweepCsv(e: SweepExport): string {
  const head = ['scenario', 'variant', 'settings', 'knob', 'value', 'algorithm', 'seed', 'metric', 'metric_value', 'mean', 'ci95', 'n'];
  const rows = e.runs.map((r): Cell[] => {
    const p = cell(e, r);
    return [e.scenario, e.variant ?? 'full', settingsText(e.settings), e.knob, r.value ?? '', r.algorithm ?? '', r.seed, e.metric, r.metric ?? '', p?.y ?? '', p?.ci ?? '', p?.n ?? ''];
  });
  return toCsv(head, rows);
}

export function sweepJson(e: SweepExport): string {
  return JSON.stringify(
    {
      scenario: e.scenario,
      variant: e.variant,
      settings: e.settings,
      knob: e.knob,
      metric: e.metric,
      runs: e.runs,
      points: e.lines.flatMap((l) => l.points.map((p) => ({ algorithm: l.algorithm, value: p.x, mean: p.y, ci95: p.ci, sd: p.sd, n: p.n, min: p.min, max: p.max }))),
    },
    null,
    2,
  );
}
