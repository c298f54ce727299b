// Whether the preset's guided tour describes the scenario on screen (issue 30, item 5). A tour
// narrates one run — the preset as written, under its variant — with that run's numbers and
// events ("ends slow start at 0.22 s, before any loss"). With a knob moved, or a scenario
// edited in the editor (a scripted drop, another algorithm) or opened from a shared link (which
// may carry an edited scenario under the preset's texts), the narration would be false, so the
// tour is not offered and the page says why.
import type { KnobValue, PresetDesc } from '../types';
import { localText } from '../i18n/localText';

/** Why the tour does not apply to this scenario, or null when it does (or there is none). */
export function tourMismatch(
  preset: PresetDesc | undefined,
  defaults: Record<string, KnobValue>,
  knobValues: Record<string, KnobValue>,
): string | null {
  if (!preset || preset.tour.length === 0) return null;
  if (preset.origin?.kind === 'edited') return 'the tour narrates the preset as written, and this scenario was edited';
  if (preset.origin?.kind === 'shared') return 'the tour narrates the preset as written, and this is a scenario from a shared link';
  const moved = preset.knobs.filter((k) => k.name in defaults && knobValues[k.name] !== undefined && knobValues[k.name] !== defaults[k.name]);
  if (moved.length === 0) return null;
  const what = moved.map((k) => `${localText(k.label)} is ${knobValues[k.name]}${k.unit ? ` ${k.unit}` : ''} (the tour's run: ${defaults[k.name]}${k.unit ? ` ${k.unit}` : ''})`);
  return `the tour narrates the preset as written: ${what.join('; ')}`;
}
