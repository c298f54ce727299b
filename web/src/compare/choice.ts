// What the A/B compare view varies: one option knob of the scenario (cc, scheduler,
// flow_sched …: a knob with a list of `options`) and 2–4 of its values, one column each, all
// under the same seed. Column A is the baseline. Pure; unit-tested (choice.test.ts).
import type { KnobValue, PresetDesc } from '../types';

export const MIN_COLUMNS = 2;
export const MAX_COLUMNS = 4;
export const COLUMN_NAMES = ['A', 'B', 'C', 'D'] as const;

export interface CompareChoice {
  knob: string;
  values: string[];
}

/** The knobs whose values are a list of options (the ones an A/B comparison varies). */
export function optionKnobs(preset: PresetDesc | undefined): { name: string; label: string; options: string[] }[] {
  return (preset?.knobs ?? [])
    .filter((k) => k.kind === 'enum' && Array.isArray(k.options) && k.options.length >= MIN_COLUMNS)
    .map((k) => ({ name: k.name, label: k.label, options: k.options! }));
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

/** What is wrong with a choice (one sentence naming it), or null when it can run. */
export function choiceError(preset: PresetDesc | undefined, choice: CompareChoice | null): string | null {
  const knobs = optionKnobs(preset);
  if (knobs.length === 0) return 'This scenario has no option knob (such as cc, scheduler or flow_sched) to compare.';
  if (!choice) return 'Pick a knob to compare.';
  const knob = knobs.find((k) => k.name === choice.knob);
  if (!knob) return `Knob '${choice.knob}' is not an option knob of this scenario (it has ${knobs.map((k) => k.name).join(', ')}).`;
  const unknown = choice.values.find((v) => !knob.options.includes(v));
  if (unknown !== undefined) return `'${unknown}' is not an option of ${knob.name} (${knob.options.join(', ')}).`;
  const seen = new Set<string>();
  for (const v of choice.values) {
    if (seen.has(v)) return `${knob.name}=${v} is chosen twice: every column needs its own value.`;
    seen.add(v);
  }
  if (choice.values.length < MIN_COLUMNS) return `Pick at least ${MIN_COLUMNS} values of ${knob.name} to compare (${choice.values.length} chosen).`;
  if (choice.values.length > MAX_COLUMNS) return `Pick at most ${MAX_COLUMNS} values of ${knob.name} (${choice.values.length} chosen).`;
  return null;
}

/** Toggles one value: added at the end (a new column), or removed (later columns move up). */
export function toggleValue(values: readonly string[], value: string): string[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}

/** Makes `value` column A (the baseline), keeping the others' order. */
export function makeBaseline(values: readonly string[], value: string): string[] {
  return values.includes(value) ? [value, ...values.filter((v) => v !== value)] : [...values];
}

/** The `compare=` URL parameter: "cc:cubic,reno". */
export function formatChoiceParam(choice: CompareChoice): string {
  return `${choice.knob}:${choice.values.join(',')}`;
}

/** Parses "knob:v1,v2,…" (not validated against a preset: choiceError does that); null if malformed. */
export function parseChoiceParam(text: string | null | undefined): CompareChoice | null {
  if (!text) return null;
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

/** Knob settings for one column: the lab's edits with the compared knob set to `value`. */
export function columnSettings(edits: Record<string, KnobValue>, knob: string, value: string): Record<string, KnobValue> {
  return { ...edits, [knob]: value };
}
