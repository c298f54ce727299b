// The A/B compare table as files (issue 32 part 4): one CSV row per metric and column — the
// column's knob value, its value, and its difference against A — headed by what was compared
// (the scenario's own name, variant, seed, the compared knob and the other knob settings); the
// JSON holds the same table as one object (what was compared once, then one entry per metric
// with a value per column). A two-knob comparison (a 2×2) carries each knob as its own field:
// `knob2` beside `knob` and `knob2_value` beside `knob_value`, in every CSV row and JSON column;
// a one-knob export is as it always was. Pure; the compare view downloads it (lib/download.ts).
import { type Cell, toCsv } from '../lib/export';
import type { DiffRow } from './diff';

export interface CompareExport {
  scenario: string;
  variant: string | null;
  seed: number;
  knob: string;
  /** The compared knob's value per column, A first. */
  values: string[];
  /** A second compared knob (a 2×2) and its value per column, A first. */
  second?: { knob: string; values: string[] } | null;
  /** Every other knob's setting (shared by all columns). */
  settings: Record<string, unknown>;
  rows: DiffRow[];
}

const settingsText = (s: Record<string, unknown>) =>
  Object.entries(s)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join('; ');

/** A column's letter: A for the baseline, then B, C, … */
const columnName = (i: number) => String.fromCharCode(65 + i);

export function compareCsv(e: CompareExport): string {
  const two = e.second ? 2 : 1;
  const head = ['scenario', 'variant', 'seed', 'settings', 'knob', ...(two > 1 ? ['knob2'] : []), 'column', 'knob_value', ...(two > 1 ? ['knob2_value'] : []), 'metric', 'unit', 'value', 'delta_vs_a', 'relative_vs_a', 'verdict'];
  const rows: Cell[][] = [];
  const base = [e.scenario, e.variant ?? 'full', e.seed, settingsText(e.settings), e.knob, ...(e.second ? [e.second.knob] : [])];
  // The column's letter and its value of each compared knob.
  const column = (i: number): Cell[] => [columnName(i), e.values[i] ?? '', ...(e.second ? [e.second.values[i] ?? ''] : [])];
  for (const r of e.rows) {
    rows.push([...base, ...column(0), r.metric.id, r.metric.unit, r.baseline, '', '', '']);
    r.cells.forEach((c, j) => {
      rows.push([...base, ...column(j + 1), r.metric.id, r.metric.unit, c.value, c.delta, c.relative, c.verdict]);
    });
  }
  return toCsv(head, rows);
}

export function compareJson(e: CompareExport): string {
  return JSON.stringify(
    {
      scenario: e.scenario,
      variant: e.variant,
      seed: e.seed,
      settings: e.settings,
      knob: e.knob,
      ...(e.second ? { knob2: e.second.knob } : {}),
      columns: e.values.map((v, i) => ({ column: columnName(i), knob_value: v, ...(e.second ? { knob2_value: e.second.values[i] ?? null } : {}) })),
      metrics: e.rows.map((r) => ({
        metric: r.metric.id,
        label: r.metric.label,
        unit: r.metric.unit,
        values: [
          { column: 'A', value: r.baseline ?? null },
          ...r.cells.map((c, j) => ({ column: columnName(j + 1), value: c.value ?? null, delta_vs_a: c.delta, relative_vs_a: c.relative, verdict: c.verdict })),
        ],
      })),
    },
    null,
    2,
  );
}
