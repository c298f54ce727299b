// What the A/B compare view varies: any one knob of the scenario (an option knob such as cc,
// scheduler or flow_sched, or a number such as the buffer size) and 2–4 of its values, one
// column each, all under the same seed (a controlled experiment: only the knob differs). Column
// A is the baseline. Values are kept as the text the user typed or the URL carries
// (`compare=buffer_bdp:0.5,4`); `columnSettings` turns a number knob's back into a number.
//
// Two knobs (issue 32 §4, "a 2×2"): a second knob with its own values; the columns are every
// pair (the cartesian product, the first knob's values outermost), still at most MAX_COLUMNS
// runs — so two values of each. The URL carries the second after a semicolon
// (`compare=cc:bbr,cubic;buffer_bdp:0.5,2`), so every one-knob link reads as before.
// Pure; unit-tested (choice.test.ts).
import { i18n } from '../i18n/i18n';
import { localText } from '../i18n/localText';
import type { Knob, KnobValue, PresetDesc } from '../types';
import { secondMsg } from './twoKnobMessages';

export const MIN_COLUMNS = 2;
export const MAX_COLUMNS = 4;
export const COLUMN_NAMES = ['A', 'B', 'C', 'D'] as const;

/** One compared knob and its values. */
export interface KnobValues {
  knob: string;
  values: string[];
}

/** What to compare: a knob and its values, and optionally a second knob (a 2×2). */
export interface CompareChoice extends KnobValues {
  second?: KnobValues | null;
}

/** One compared knob's value in one column. */
export interface ColumnSetting {
  knob: string;
  value: string;
}

/** The compared knobs of a choice, the first one first. */
export function choiceKnobs(choice: CompareChoice): KnobValues[] {
  return choice.second ? [{ knob: choice.knob, values: choice.values }, choice.second] : [{ knob: choice.knob, values: choice.values }];
}

/**
 * Every column of a choice, A first: one setting per compared knob. Two knobs give every pair
 * of their values, the first knob's outermost (A = both first values; with 2 × 2, B changes the
 * second knob, C the first, D both).
 */
export function choiceColumns(choice: CompareChoice): ColumnSetting[][] {
  return choiceKnobs(choice).reduce<ColumnSetting[][]>(
    (cols, k) => cols.flatMap((c) => k.values.map((value) => [...c, { knob: k.knob, value }])),
    [[]],
  );
}

/** Which knobs column `col` sets differently from column A (by knob name, in the choice's order). */
export function differsFromA(columns: readonly ColumnSetting[][], col: number): string[] {
  const a = columns[0] ?? [];
  return (columns[col] ?? []).filter((s, i) => s.value !== a[i]?.value).map((s) => s.knob);
}

/** The knobs whose values are a list of options (the ones an A/B comparison varies). */
export function optionKnobs(preset: PresetDesc | undefined): { name: string; label: string; options: string[] }[] {
  return (preset?.knobs ?? [])
    .filter((k) => k.kind === 'enum' && Array.isArray(k.options) && k.options.length >= MIN_COLUMNS)
    .map((k) => ({ name: k.name, label: localText(k.label), options: k.options! }));
}

/** Every knob a comparison can vary: option knobs with two or more options, and number knobs. */
export function compareKnobs(preset: PresetDesc | undefined): Knob[] {
  return (preset?.knobs ?? []).filter((k) => (k.kind === 'enum' ? (k.options?.length ?? 0) >= MIN_COLUMNS : k.kind === 'number' || k.kind === 'integer'));
}

/** The knob a comparison starts with: the first option knob (the algorithm), else the first number. */
export function firstCompareKnob(preset: PresetDesc | undefined): Knob | undefined {
  const knobs = compareKnobs(preset);
  return knobs.find((k) => k.kind === 'enum') ?? knobs[0];
}

/** A number knob's value as the text a column shows and the URL carries ("0.5", not "0.50"). */
export function numberText(x: number): string {
  return String(Number(x.toPrecision(12)));
}

/**
 * A first comparison of a number knob: the value the lab runs now (else the preset's, else
 * the knob's minimum) as A, and twice it as B (half when twice is above the knob's maximum).
 */
export function defaultNumbers(knob: Knob, current: KnobValue | undefined): string[] {
  const base = typeof current === 'number' ? current : typeof knob.value === 'number' ? knob.value : (knob.min ?? 1);
  const round = (x: number) => (knob.kind === 'integer' ? Math.round(x) : x);
  let other = round(base === 0 ? 1 : base * 2);
  if (knob.max !== undefined && other > knob.max) other = round(base / 2);
  return other === base ? [numberText(base)] : [numberText(base), numberText(other)];
}

/** The first comparison for `knob` (an option knob: see defaultValues; a number: defaultNumbers). */
export function defaultChoice(knob: Knob, current: KnobValue | undefined, sweepAlgorithms: readonly string[] = []): CompareChoice {
  const values = knob.kind === 'enum' ? defaultValues(knob.options ?? [], current, sweepAlgorithms) : defaultNumbers(knob, current);
  return { knob: knob.name, values };
}

/**
 * A sensible first comparison for `knob`: the value the lab runs now as the baseline (A), then
 * the first of the preset's sweep algorithms that differs (the algorithms its author compares),
 * else the first other option.
 */
export function defaultValues(options: readonly string[], current: KnobValue | undefined, sweepAlgorithms: readonly string[] = []): string[] {
  const a = typeof current === 'string' && options.includes(current) ? current : options[0];
  if (a === undefined) return [];
  const b = sweepAlgorithms.find((x) => x !== a && options.includes(x)) ?? options.find((x) => x !== a);
  return b === undefined ? [a] : [a, b];
}

/**
 * The sweep's algorithms when they are values of `knob`: the sweep names the knob they set
 * (`algorithm_knob`), or, without one, they are congestion controls (`cc`).
 */
export function sweepAlgorithmsFor(presetText: string | undefined, knob: string): string[] {
  if (!presetText) return [];
  try {
    const sweep = (JSON.parse(presetText) as { sweep?: { algorithms?: unknown; algorithm_knob?: unknown } }).sweep;
    if (!sweep || !Array.isArray(sweep.algorithms)) return [];
    const target = typeof sweep.algorithm_knob === 'string' ? sweep.algorithm_knob : 'cc';
    return target === knob ? sweep.algorithms.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** What is wrong with one value of a number knob, or null. */
function numberError(knob: Knob, value: string): string | null {
  const x = value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(x)) return i18n._({ id: 'compare.err.nan', message: "''{value}'' is not a number ({knob} takes a number).", values: { value, knob: knob.name } });
  if (knob.kind === 'integer' && !Number.isInteger(x)) return i18n._({ id: 'compare.err.integer', message: '{knob} takes a whole number, not {value}.', values: { knob: knob.name, value } });
  if (knob.min !== undefined && x < knob.min) return i18n._({ id: 'compare.err.below', message: '{knob}={value} is below its minimum {min}.', values: { knob: knob.name, value, min: knob.min } });
  if (knob.max !== undefined && x > knob.max) return i18n._({ id: 'compare.err.above', message: '{knob}={value} is above its maximum {max}.', values: { knob: knob.name, value, max: knob.max } });
  return null;
}

/** What is wrong with one compared knob's values (one sentence naming it), or null. */
function knobValuesError(knobs: readonly Knob[], kv: KnobValues): string | null {
  const knob = knobs.find((k) => k.name === kv.knob);
  if (!knob) return i18n._({ id: 'compare.err.unknown-knob', message: "Knob ''{knob}'' is not a knob of this scenario (it has {knobs}).", values: { knob: kv.knob, knobs: knobs.map((k) => k.name).join(', ') } });
  const seen = new Set<string | number>();
  for (const v of kv.values) {
    if (knob.kind === 'enum') {
      if (!knob.options!.includes(v)) return i18n._({ id: 'compare.err.not-option', message: "''{v}'' is not an option of {knob} ({options}).", values: { v, knob: knob.name, options: knob.options!.join(', ') } });
    } else {
      const bad = numberError(knob, v);
      if (bad) return bad;
    }
    const key = knob.kind === 'enum' ? v : Number(v);
    if (seen.has(key)) return i18n._({ id: 'compare.err.twice', message: '{knob}={v} is chosen twice: every column needs its own value.', values: { knob: knob.name, v } });
    seen.add(key);
  }
  if (kv.values.length < MIN_COLUMNS) return i18n._({ id: 'compare.err.too-few', message: 'Pick at least {MINCOLUMNS} values of {knob} to compare ({chosen} chosen).', values: { MINCOLUMNS: MIN_COLUMNS, knob: knob.name, chosen: kv.values.length } });
  if (kv.values.length > MAX_COLUMNS) return i18n._({ id: 'compare.err.too-many', message: 'Pick at most {MAXCOLUMNS} values of {knob} ({chosen} chosen).', values: { MAXCOLUMNS: MAX_COLUMNS, knob: knob.name, chosen: kv.values.length } });
  return null;
}

/** What is wrong with a choice (one sentence naming it), or null when it can run. */
export function choiceError(preset: PresetDesc | undefined, choice: CompareChoice | null): string | null {
  const knobs = compareKnobs(preset);
  if (knobs.length === 0) return i18n._({ id: 'compare.err.no-knob', message: 'This scenario has no knob to compare (no option such as cc, scheduler or flow_sched, and no number).' });
  if (!choice) return i18n._({ id: 'compare.err.pick-knob', message: 'Pick a knob to compare.' });
  const first = knobValuesError(knobs, choice);
  if (first || !choice.second) return first;
  const second = choice.second;
  if (second.knob === choice.knob) return secondMsg.same(second.knob);
  const bad = knobValuesError(knobs, second);
  if (bad) return secondMsg.named(second.knob, bad);
  const runs = choice.values.length * second.values.length;
  if (runs > MAX_COLUMNS) return secondMsg.tooManyRuns(choice.knob, choice.values.length, second.knob, second.values.length, MAX_COLUMNS);
  return null;
}

/** Values per knob of a two-knob comparison: MAX_COLUMNS runs hold 2 × 2. */
export const GRID_VALUES = Math.floor(Math.sqrt(MAX_COLUMNS));

/**
 * `choice` comparing `first` as its first knob: a second knob stays unless it is now the first
 * one (then the comparison is of one knob again).
 */
export function withFirst(choice: CompareChoice | null, first: KnobValues): CompareChoice {
  const second = choice?.second && choice.second.knob !== first.knob ? choice.second : null;
  return second ? { ...first, values: first.values.slice(0, GRID_VALUES), second } : { ...first };
}

/**
 * `choice` with `second` as its second knob (null: one knob again). Adding one keeps the first
 * knob's first GRID_VALUES values, so the grid stays within MAX_COLUMNS runs.
 */
export function withSecond(choice: CompareChoice, second: KnobValues | null): CompareChoice {
  const { second: _, ...first } = choice;
  return second ? { ...first, values: first.values.slice(0, GRID_VALUES), second: { ...second, values: second.values.slice(0, GRID_VALUES) } } : first;
}

/** Toggles one value: added at the end (a new column), or removed (later columns move up). */
export function toggleValue(values: readonly string[], value: string): string[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}

/** Makes `value` column A (the baseline), keeping the others' order. */
export function makeBaseline(values: readonly string[], value: string): string[] {
  return values.includes(value) ? [value, ...values.filter((v) => v !== value)] : [...values];
}

/** The `compare=` URL parameter: "cc:cubic,reno", and a second knob after ";" ("cc:bbr,cubic;buffer_bdp:0.5,2"). */
export function formatChoiceParam(choice: CompareChoice): string {
  return choiceKnobs(choice)
    .map((k) => `${k.knob}:${k.values.join(',')}`)
    .join(';');
}

/** Parses one "knob:v1,v2,…"; null if malformed. */
function parseKnobValues(text: string): KnobValues | null {
  const colon = text.indexOf(':');
  if (colon <= 0) return null;
  const knob = text.slice(0, colon).trim();
  const values = text
    .slice(colon + 1)
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  return knob ? { knob, values } : null;
}

/**
 * Parses "knob:v1,v2,…" with an optional ";knob2:w1,w2" (not validated against a preset:
 * choiceError does that); null if the first knob is malformed. A malformed second part is kept
 * as a second knob named by its text, so choiceError refuses it by that text rather than the
 * link silently comparing one knob; more than two parts are refused the same way.
 */
export function parseChoiceParam(text: string | null | undefined): CompareChoice | null {
  if (!text) return null;
  const [head = '', ...rest] = text.split(';');
  const first = parseKnobValues(head);
  if (!first) return null;
  const tail = rest.join(';');
  if (tail.trim() === '') return first;
  const second = rest.length === 1 ? parseKnobValues(tail) : null;
  return { ...first, second: second ?? { knob: tail.trim(), values: [] } };
}

/**
 * Knob settings for one column: the lab's edits with each compared knob set to its value in the
 * column (a number for a number knob: `numeric` names them).
 */
export function columnSettings(edits: Record<string, KnobValue>, column: readonly ColumnSetting[], numeric: (knob: string) => boolean): Record<string, KnobValue> {
  const out = { ...edits };
  for (const { knob, value } of column) out[knob] = numeric(knob) ? Number(value) : value;
  return out;
}
