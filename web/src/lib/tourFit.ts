// Whether the preset's guided tour describes the scenario on screen (issue 30, item 5). A tour
// narrates one run — the preset as written, under its variant — with that run's numbers and
// events ("ends slow start at 0.22 s, before any loss"). With a knob moved, or a scenario
// edited in the editor (a scripted drop, another algorithm) or opened from a shared link (which
// may carry an edited scenario under the preset's texts), the narration would be false, so the
// tour is not offered and the page says why.
import type { KnobValue, PresetDesc } from '../types';
import { localText } from '../i18n/localText';
import { i18n } from '../i18n/i18n';
import { unitText } from '../i18n/units';

/** Why the tour does not apply to this scenario, or null when it does (or there is none). */
export function tourMismatch(
  preset: PresetDesc | undefined,
  defaults: Record<string, KnobValue>,
  knobValues: Record<string, KnobValue>,
): string | null {
  if (!preset || preset.tour.length === 0) return null;
  if (preset.origin?.kind === 'edited') return i18n._({ id: 'tour.why-edited', message: 'the tour narrates the preset as written, and this scenario was edited' });
  if (preset.origin?.kind === 'shared') return i18n._({ id: 'tour.why-shared', message: 'the tour narrates the preset as written, and this is a scenario from a shared link' });
  const moved = preset.knobs.filter((k) => k.name in defaults && knobValues[k.name] !== undefined && knobValues[k.name] !== defaults[k.name]);
  if (moved.length === 0) return null;
  const unit = (k: (typeof moved)[number]) => (k.unit ? ` ${unitText(i18n, k.unit)}` : '');
  const what = moved.map((k) =>
    i18n._({
      id: 'tour.why-knob',
      message: "{knob} is {value}{unit} (the tour's run: {tourValue}{unit})",
      values: { knob: localText(k.label), value: String(knobValues[k.name]), unit: unit(k), tourValue: String(defaults[k.name]) },
    }),
  );
  return i18n._({ id: 'tour.why-moved', message: 'the tour narrates the preset as written: {what}', values: { what: what.join(i18n._({ id: 'tour.why-sep', message: '; ' })) } });
}
