import { describe, expect, it } from 'vitest';
import type { Knob, PresetDesc } from '../types';
import {
  GRID_VALUES,
  MAX_COLUMNS,
  choiceColumns,
  choiceError,
  columnSettings,
  differsFromA,
  compareKnobs,
  defaultChoice,
  defaultNumbers,
  defaultValues,
  firstCompareKnob,
  formatChoiceParam,
  makeBaseline,
  optionKnobs,
  parseChoiceParam,
  sweepAlgorithmsFor,
  toggleValue,
  withFirst,
  withSecond,
} from './choice';

const knob = (name: string, options?: string[], value: string | number | null = null): Knob =>
  options ? { name, label: name, kind: 'enum', options, bind: [name], value } : { name, label: name, kind: 'number', bind: [name], value };

const preset = (knobs: Knob[]): PresetDesc => ({ name: 'p', title: 'P', look_for: '', description: '', duration_s: 1, knobs, variants: [], variant_values: {}, headline: [], tour: [], worksheet: [] });

const QUIC = preset([knob('scheduler', ['rr', 'wfq', 'abs'], 'abs'), knob('cc', ['reno', 'cubic'], 'reno'), knob('loss')]);

describe('option knobs', () => {
  it('are the enum knobs with at least two options, in the preset order', () => {
    expect(optionKnobs(QUIC).map((k) => k.name)).toEqual(['scheduler', 'cc']);
    expect(optionKnobs(preset([knob('loss'), knob('one', ['x'])]))).toEqual([]);
    expect(optionKnobs(undefined)).toEqual([]);
  });
});

const BUFFER: Knob = { name: 'buffer_bdp', label: 'Buffer', kind: 'number', bind: ['buffer_bdp'], min: 0.1, max: 3, unit: 'BDP', value: 1 };
const FLOWS: Knob = { name: 'flows', label: 'Flows', kind: 'integer', bind: ['flows'], min: 1, max: 5, value: 3 };
const BBR = preset([knob('cc', ['bbr', 'cubic'], 'bbr'), BUFFER, FLOWS]);

describe('number knobs (any knob of the preset can be compared)', () => {
  it('are comparable besides the option knobs; the first option knob is the default', () => {
    expect(compareKnobs(BBR).map((k) => k.name)).toEqual(['cc', 'buffer_bdp', 'flows']);
    expect(firstCompareKnob(BBR)?.name).toBe('cc');
    expect(firstCompareKnob(preset([BUFFER]))?.name).toBe('buffer_bdp');
    expect(compareKnobs(preset([knob('one', ['x'])]))).toEqual([]);
  });

  it('start from the lab value and twice it, or half when twice is out of range', () => {
    expect(defaultNumbers(BUFFER, 0.5)).toEqual(['0.5', '1']);
    expect(defaultNumbers(BUFFER, 2)).toEqual(['2', '1']);
    expect(defaultNumbers(BUFFER, undefined)).toEqual(['1', '2']);
    expect(defaultNumbers(FLOWS, 3)).toEqual(['3', '2']);
    expect(defaultChoice(BUFFER, 1)).toEqual({ knob: 'buffer_bdp', values: ['1', '2'] });
  });

  it('name a value that is not a number, out of range, not whole, or given twice', () => {
    expect(choiceError(BBR, { knob: 'buffer_bdp', values: ['0.5', '2'] })).toBeNull();
    expect(choiceError(BBR, { knob: 'buffer_bdp', values: ['0.5', 'x'] })).toContain("'x' is not a number");
    expect(choiceError(BBR, { knob: 'buffer_bdp', values: ['0.5', ''] })).toContain('is not a number');
    expect(choiceError(BBR, { knob: 'buffer_bdp', values: ['0.05', '1'] })).toContain('below its minimum 0.1');
    expect(choiceError(BBR, { knob: 'buffer_bdp', values: ['1', '4'] })).toContain('above its maximum 3');
    expect(choiceError(BBR, { knob: 'flows', values: ['1', '2.5'] })).toContain('whole number');
    expect(choiceError(BBR, { knob: 'buffer_bdp', values: ['1', '1.0'] })).toContain('chosen twice');
  });

  it('set a number knob to a number in the column settings', () => {
    expect(columnSettings({ cc: 'bbr' }, [{ knob: 'buffer_bdp', value: '0.5' }], () => true)).toEqual({ cc: 'bbr', buffer_bdp: 0.5 });
  });
});

describe('default values', () => {
  it('start from the value the lab runs, then the first sweep algorithm that differs', () => {
    expect(defaultValues(['rr', 'wfq', 'abs'], 'abs', ['rr', 'wfq'])).toEqual(['abs', 'rr']);
    expect(defaultValues(['bbr', 'cubic', 'reno'], 'bbr', ['bbr', 'bbr-a', 'cubic'])).toEqual(['bbr', 'cubic']);
  });

  it('fall back to the first options', () => {
    expect(defaultValues(['cubic', 'reno'], 'cubic')).toEqual(['cubic', 'reno']);
    expect(defaultValues(['cubic', 'reno'], undefined)).toEqual(['cubic', 'reno']);
    expect(defaultValues(['cubic', 'reno'], 'vegas')).toEqual(['cubic', 'reno']);
    expect(defaultValues([], undefined)).toEqual([]);
  });

  it('read the sweep algorithms of the knob they set', () => {
    const text = JSON.stringify({ sweep: { algorithms: ['rr', 'abs'], algorithm_knob: 'scheduler' } });
    expect(sweepAlgorithmsFor(text, 'scheduler')).toEqual(['rr', 'abs']);
    expect(sweepAlgorithmsFor(text, 'cc')).toEqual([]);
    // Without algorithm_knob the algorithms are congestion controls.
    expect(sweepAlgorithmsFor(JSON.stringify({ sweep: { algorithms: ['bbr'] } }), 'cc')).toEqual(['bbr']);
    expect(sweepAlgorithmsFor('{', 'cc')).toEqual([]);
    expect(sweepAlgorithmsFor(undefined, 'cc')).toEqual([]);
  });
});

describe('choice errors', () => {
  it('accept 2 to 4 distinct options of an option knob', () => {
    expect(choiceError(QUIC, { knob: 'scheduler', values: ['rr', 'abs'] })).toBeNull();
    expect(choiceError(QUIC, { knob: 'scheduler', values: ['rr', 'wfq', 'abs'] })).toBeNull();
  });

  it('name what is wrong', () => {
    expect(choiceError(QUIC, { knob: 'scheduler', values: ['rr'] })).toBe('Pick at least 2 values of scheduler to compare (1 chosen).');
    expect(choiceError(QUIC, { knob: 'scheduler', values: ['rr', 'vegas'] })).toContain("'vegas' is not an option of scheduler");
    // A number knob takes numbers.
    expect(choiceError(QUIC, { knob: 'loss', values: ['rr', 'abs'] })).toContain("'rr' is not a number");
    expect(choiceError(QUIC, { knob: 'flows', values: ['1', '2'] })).toContain("Knob 'flows' is not a knob of this scenario");
    expect(choiceError(QUIC, { knob: 'scheduler', values: ['rr', 'rr'] })).toContain('chosen twice');
    expect(choiceError(QUIC, null)).toBe('Pick a knob to compare.');
    const five = preset([knob('cc', ['a', 'b', 'c', 'd', 'e'])]);
    expect(choiceError(five, { knob: 'cc', values: ['a', 'b', 'c', 'd', 'e'] })).toContain('at most 4');
    expect(choiceError(preset([knob('one', ['x'])]), { knob: 'one', values: ['x', 'y'] })).toContain('no knob to compare');
  });
});

describe('editing a choice', () => {
  it('toggles values as columns and moves one to A', () => {
    expect(toggleValue(['a', 'b'], 'c')).toEqual(['a', 'b', 'c']);
    expect(toggleValue(['a', 'b', 'c'], 'a')).toEqual(['b', 'c']);
    expect(makeBaseline(['a', 'b', 'c'], 'c')).toEqual(['c', 'a', 'b']);
    expect(makeBaseline(['a', 'b'], 'z')).toEqual(['a', 'b']);
  });

  it('sets the compared knob over the lab edits', () => {
    expect(columnSettings({ loss: 0.1, cc: 'reno' }, [{ knob: 'cc', value: 'bbr' }], () => false)).toEqual({ loss: 0.1, cc: 'bbr' });
  });
});

describe('the compare= URL parameter', () => {
  it('round-trips', () => {
    const c = { knob: 'cc', values: ['cubic', 'reno'] };
    expect(formatChoiceParam(c)).toBe('cc:cubic,reno');
    expect(parseChoiceParam(formatChoiceParam(c))).toEqual(c);
  });

  it('parses leniently and rejects what has no knob', () => {
    expect(parseChoiceParam('cc: cubic , reno,')).toEqual({ knob: 'cc', values: ['cubic', 'reno'] });
    expect(parseChoiceParam('cc:')).toEqual({ knob: 'cc', values: [] });
    expect(parseChoiceParam('cubic,reno')).toBeNull();
    expect(parseChoiceParam(':cubic')).toBeNull();
    expect(parseChoiceParam(null)).toBeNull();
  });
});

// Two knobs (issue 32 §4, a 2×2): the URL's second knob after ";", the columns as every pair,
// and the refusals that name the second knob.
describe('a second knob', () => {
  const grid = { knob: 'cc', values: ['bbr', 'cubic'], second: { knob: 'buffer_bdp', values: ['0.5', '2'] } };

  it('round-trips through compare= after a semicolon, and old one-knob links read as before', () => {
    expect(formatChoiceParam(grid)).toBe('cc:bbr,cubic;buffer_bdp:0.5,2');
    expect(parseChoiceParam('cc:bbr,cubic;buffer_bdp:0.5,2')).toEqual(grid);
    expect(parseChoiceParam(formatChoiceParam(grid))).toEqual(grid);
    expect(parseChoiceParam(' cc:bbr, cubic ; buffer_bdp: 0.5,2, ')).toEqual(grid);
    // No second part (or an empty one): exactly the one-knob choice, no `second` field.
    expect(parseChoiceParam('cc:cubic,reno')).toEqual({ knob: 'cc', values: ['cubic', 'reno'] });
    expect(parseChoiceParam('cc:cubic,reno;')).toEqual({ knob: 'cc', values: ['cubic', 'reno'] });
    expect(formatChoiceParam({ knob: 'cc', values: ['cubic', 'reno'], second: null })).toBe('cc:cubic,reno');
  });

  it('keeps a malformed second part as a knob named by its text, so it is refused by name', () => {
    expect(parseChoiceParam('cc:bbr,cubic;oops')).toEqual({ knob: 'cc', values: ['bbr', 'cubic'], second: { knob: 'oops', values: [] } });
    expect(choiceError(BBR, parseChoiceParam('cc:bbr,cubic;oops'))).toBe("Second knob oops: Knob 'oops' is not a knob of this scenario (it has cc, buffer_bdp, flows).");
    const three = parseChoiceParam('cc:bbr,cubic;flows:1,2;buffer_bdp:1,2');
    expect(three?.second?.knob).toBe('flows:1,2;buffer_bdp:1,2');
    expect(choiceError(BBR, three)).toContain('Second knob flows:1,2;buffer_bdp:1,2:');
  });

  it('runs every pair of values, the first knob outermost; B, C and D change one, the other, both', () => {
    const cols = choiceColumns(grid);
    expect(cols).toEqual([
      [{ knob: 'cc', value: 'bbr' }, { knob: 'buffer_bdp', value: '0.5' }],
      [{ knob: 'cc', value: 'bbr' }, { knob: 'buffer_bdp', value: '2' }],
      [{ knob: 'cc', value: 'cubic' }, { knob: 'buffer_bdp', value: '0.5' }],
      [{ knob: 'cc', value: 'cubic' }, { knob: 'buffer_bdp', value: '2' }],
    ]);
    expect([1, 2, 3].map((c) => differsFromA(cols, c))).toEqual([['buffer_bdp'], ['cc'], ['cc', 'buffer_bdp']]);
    expect(choiceColumns({ knob: 'cc', values: ['a', 'b', 'c'] })).toEqual([[{ knob: 'cc', value: 'a' }], [{ knob: 'cc', value: 'b' }], [{ knob: 'cc', value: 'c' }]]);
    // Each column's settings: both knobs over the lab's edits, the number one as a number.
    expect(cols.map((c) => columnSettings({ flows: 2, cc: 'reno' }, c, (k) => k === 'buffer_bdp'))).toEqual([
      { flows: 2, cc: 'bbr', buffer_bdp: 0.5 },
      { flows: 2, cc: 'bbr', buffer_bdp: 2 },
      { flows: 2, cc: 'cubic', buffer_bdp: 0.5 },
      { flows: 2, cc: 'cubic', buffer_bdp: 2 },
    ]);
  });

  it('refuses a second knob that is the first, is not a knob, has a bad value, or makes too many runs', () => {
    expect(choiceError(BBR, grid)).toBeNull();
    expect(GRID_VALUES * GRID_VALUES).toBeLessThanOrEqual(MAX_COLUMNS);
    expect(choiceError(BBR, { ...grid, second: { knob: 'cc', values: ['bbr', 'cubic'] } })).toBe('The second knob cc is the first knob too: pick another knob for the second, or none.');
    expect(choiceError(BBR, { ...grid, second: { knob: 'nope', values: ['1', '2'] } })).toMatch(/^Second knob nope: Knob 'nope' is not a knob/);
    expect(choiceError(BBR, { ...grid, second: { knob: 'buffer_bdp', values: ['0.5', '9'] } })).toBe('Second knob buffer_bdp: buffer_bdp=9 is above its maximum 3.');
    expect(choiceError(BBR, { ...grid, second: { knob: 'buffer_bdp', values: ['0.5'] } })).toContain('Second knob buffer_bdp: Pick at least 2 values of buffer_bdp');
    expect(choiceError(BBR, { ...grid, second: { knob: 'buffer_bdp', values: ['0.5', '1', '2'] } })).toBe(
      'cc × buffer_bdp makes 6 runs (2 × 3 values); a comparison runs at most 4: pick 2 values of each.',
    );
    // The first knob is still checked first.
    expect(choiceError(BBR, { ...grid, values: ['bbr', 'x'] })).toContain("'x' is not an option of cc");
  });

  it('is added with two values of each knob and dropped when it becomes the first knob', () => {
    const three = { knob: 'cc', values: ['bbr', 'cubic', 'reno'] };
    expect(withSecond(three, { knob: 'buffer_bdp', values: ['1', '2'] })).toEqual({ knob: 'cc', values: ['bbr', 'cubic'], second: { knob: 'buffer_bdp', values: ['1', '2'] } });
    expect(withSecond(grid, null)).toEqual({ knob: 'cc', values: ['bbr', 'cubic'] });
    expect(withFirst(grid, { knob: 'flows', values: ['1', '2'] })).toEqual({ knob: 'flows', values: ['1', '2'], second: grid.second });
    expect(withFirst(grid, { knob: 'buffer_bdp', values: ['1', '2'] })).toEqual({ knob: 'buffer_bdp', values: ['1', '2'] });
    expect(withFirst(null, { knob: 'cc', values: ['a', 'b', 'c'] })).toEqual({ knob: 'cc', values: ['a', 'b', 'c'] });
  });
});
