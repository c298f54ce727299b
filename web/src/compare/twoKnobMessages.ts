// Strings of the two-knob (2×2) comparison (issue 32 §4): its refusals, its second-knob
// selector and the words that say what the grid's columns changed, as Lingui descriptors
// (web/src/locales/*.po).
import { i18n } from '../i18n/i18n';

export const secondMsg = {
  same: (knob: string) =>
    i18n._({ id: 'compare.second.err.same', message: 'The second knob {knob} is the first knob too: pick another knob for the second, or none.', values: { knob } }),
  named: (knob: string, problem: string) => i18n._({ id: 'compare.second.err.named', message: 'Second knob {knob}: {problem}', values: { knob, problem } }),
  tooManyRuns: (knob: string, n: number, knob2: string, n2: number, max: number) =>
    i18n._({
      id: 'compare.second.err.too-many-runs',
      message: '{knob} × {knob2} makes {runs} runs ({n} × {n2} values); a comparison runs at most {max}: pick 2 values of each.',
      values: { knob, knob2, runs: n * n2, n, n2, max },
    }),
  intro: () =>
    i18n._({
      id: 'compare.second.intro',
      message: "The lab's scenario and seed, once per pair of values of two knobs, side by side on one simulated clock, each column with the lab's charts. Column A is the baseline the others are compared against.",
    }),
  label: () => i18n._({ id: 'compare.second.label', message: 'and a second knob' }),
  none: () => i18n._({ id: 'compare.second.none', message: 'none (one knob)' }),
  legend: (knob: string) =>
    i18n._({ id: 'compare.second.legend', message: 'Values of {knob}, 2 (the columns are every pair of the two knobs’ values; A is the baseline)', values: { knob } }),
  controlled: (seed: number, knob: string, knob2: string) =>
    i18n._({
      id: 'compare.second.controlled',
      message: 'Every column runs seed {seed}: only {knob} and {knob2} differ between the columns.',
      values: { seed, knob, knob2 },
    }),
  valueLabel: (knob: string, n: number) => i18n._({ id: 'compare.second.value-label', message: '{knob}, value {n}', values: { knob, n } }),
  removeValue: (knob: string, value: string) => i18n._({ id: 'compare.second.remove-value', message: 'Remove {knob} = {value}', values: { knob, value } }),
  /** Which knobs a column changed against A ("B changes buffer_bdp against A"). */
  differs: (column: string, knobs: string) =>
    i18n._({ id: 'compare.second.differs', message: '{column} changes {knobs} against A.', values: { column, knobs } }),
  and: (a: string, b: string) => i18n._({ id: 'compare.second.and', message: '{a} and {b}', values: { a, b } }),
};
