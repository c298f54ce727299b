import { describe, expect, it } from 'vitest';
import type { Knob, PresetDesc } from '../types';
import {
  choiceError,
  columnSettings,
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
    expect(columnSettings({ cc: 'bbr' }, 'buffer_bdp', '0.5', true)).toEqual({ cc: 'bbr', buffer_bdp: 0.5 });
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
    expect(columnSettings({ loss: 0.1, cc: 'reno' }, 'cc', 'bbr')).toEqual({ loss: 0.1, cc: 'bbr' });
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
