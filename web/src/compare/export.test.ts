import { describe, expect, it } from 'vitest';
import type { DiffRow } from './diff';
import { type CompareExport, compareCsv, compareJson } from './export';

const jain: DiffRow = {
  metric: { id: 'jain', label: "Jain's index", unit: '', digits: 3, better: 1, value: () => undefined },
  baseline: 0.9,
  cells: [{ value: 0.6, delta: -0.3, relative: -1 / 3, verdict: 'worse' }],
};
const e: CompareExport = {
  scenario: 'my-dumbbell',
  variant: null,
  seed: 7,
  knob: 'cc',
  values: ['cubic', 'reno'],
  settings: { buffer_bdp: 1 },
  rows: [jain],
};

describe('compare export', () => {
  it('writes the table as JSON: what was compared once, a value per column per metric', () => {
    const j = JSON.parse(compareJson(e));
    expect(j).toMatchObject({ scenario: 'my-dumbbell', variant: null, seed: 7, knob: 'cc', settings: { buffer_bdp: 1 } });
    expect(j.columns).toEqual([
      { column: 'A', knob_value: 'cubic' },
      { column: 'B', knob_value: 'reno' },
    ]);
    expect(j.metrics).toEqual([
      {
        metric: 'jain',
        label: "Jain's index",
        unit: '',
        values: [
          { column: 'A', value: 0.9 },
          { column: 'B', value: 0.6, delta_vs_a: -0.3, relative_vs_a: -1 / 3, verdict: 'worse' },
        ],
      },
    ]);
  });

  it('keeps a missing value as null in JSON and the same numbers in the CSV', () => {
    const missing: CompareExport = { ...e, rows: [{ ...jain, cells: [{ value: undefined, delta: null, relative: null, verdict: 'missing' }] }] };
    expect(JSON.parse(compareJson(missing)).metrics[0].values[1]).toMatchObject({ value: null, verdict: 'missing' });
    const csv = compareCsv(e).split('\r\n');
    expect(csv[2]!.split(',').slice(5, 10)).toEqual(['B', 'reno', 'jain', '', '0.6']);
  });
});
