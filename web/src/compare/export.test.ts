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

// A 2×2 carries each compared knob as its own field in every row (issue 32 §4).
describe('compare export of two knobs', () => {
  const grid: CompareExport = {
    ...e,
    knob: 'cc',
    values: ['bbr', 'bbr', 'cubic', 'cubic'],
    second: { knob: 'buffer_bdp', values: ['0.5', '2', '0.5', '2'] },
    settings: { flows: 2 },
    rows: [{ ...jain, cells: [0.8, 0.7, 0.6].map((v) => ({ value: v, delta: v - 0.9, relative: (v - 0.9) / 0.9, verdict: 'worse' as const })) }],
  };

  it('writes knob2 and knob2_value beside knob and knob_value in every CSV row', () => {
    const [head, ...rows] = compareCsv(grid).split('\r\n').filter((r) => r !== '');
    const cols = head!.split(',');
    expect(cols).toEqual(['scenario', 'variant', 'seed', 'settings', 'knob', 'knob2', 'column', 'knob_value', 'knob2_value', 'metric', 'unit', 'value', 'delta_vs_a', 'relative_vs_a', 'verdict']);
    const field = (r: string, name: string) => r.split(',')[cols.indexOf(name)];
    expect(rows.map((r) => [field(r, 'column'), field(r, 'knob'), field(r, 'knob_value'), field(r, 'knob2'), field(r, 'knob2_value'), field(r, 'value')])).toEqual([
      ['A', 'cc', 'bbr', 'buffer_bdp', '0.5', '0.9'],
      ['B', 'cc', 'bbr', 'buffer_bdp', '2', '0.8'],
      ['C', 'cc', 'cubic', 'buffer_bdp', '0.5', '0.7'],
      ['D', 'cc', 'cubic', 'buffer_bdp', '2', '0.6'],
    ]);
    expect(field(rows[0]!, 'settings')).toBe('flows=2');
    expect(field(rows[0]!, 'scenario')).toBe('my-dumbbell');
  });

  it('names the second knob once in JSON and its value in each column', () => {
    const j = JSON.parse(compareJson(grid));
    expect(j).toMatchObject({ scenario: 'my-dumbbell', knob: 'cc', knob2: 'buffer_bdp', settings: { flows: 2 } });
    expect(j.columns).toEqual([
      { column: 'A', knob_value: 'bbr', knob2_value: '0.5' },
      { column: 'B', knob_value: 'bbr', knob2_value: '2' },
      { column: 'C', knob_value: 'cubic', knob2_value: '0.5' },
      { column: 'D', knob_value: 'cubic', knob2_value: '2' },
    ]);
    expect(j.metrics[0].values.map((v: { column: string; value: number }) => [v.column, v.value])).toEqual([
      ['A', 0.9],
      ['B', 0.8],
      ['C', 0.7],
      ['D', 0.6],
    ]);
    // One knob: no knob2 field at all (old exports unchanged).
    expect(JSON.parse(compareJson(e))).not.toHaveProperty('knob2');
    expect(compareCsv(e).split('\r\n')[0]).not.toContain('knob2');
  });
});
