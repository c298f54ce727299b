// A knob as a plain controlled input (number or enum), for views that collect settings before
// loading them (the preset gallery, the A/B compare form). The lab's own knob panel
// (PresetPanel.tsx) loads on every change instead.
import { useLingui } from '@lingui/react';
import { localText } from '../i18n/localText';
import { unitText } from '../i18n/units';
import { useEffect, useId, useState } from 'react';
import type { Knob, KnobValue } from '../types';

interface Props {
  knob: Knob;
  value: KnobValue | null;
  onChange: (v: KnobValue) => void;
  testId?: string;
}

export function KnobInput({ knob, value, onChange, testId }: Props) {
  const { i18n } = useLingui();
  const id = useId();
  const shown = value === null ? '' : String(value);
  const [text, setText] = useState(shown);
  useEffect(() => setText(shown), [shown]);
  const unit = knob.unit ? ` (${unitText(i18n, knob.unit)})` : '';
  return (
    <label className="field compact" htmlFor={id} title={localText(knob.help, i18n.locale) || undefined}>
      <span>
        {localText(knob.label, i18n.locale)}
        {knob.kind !== 'enum' && unit}
      </span>
      {knob.kind === 'enum' ? (
        <select id={id} data-testid={testId} data-knob={knob.name} value={shown} onChange={(e) => onChange(e.target.value)}>
          {value === null && <option value="">{i18n._({ id: 'knob.as-in-preset', message: 'as in preset' })}</option>}
          {(knob.options ?? []).map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          type="number"
          data-testid={testId}
          data-knob={knob.name}
          min={knob.min}
          max={knob.max}
          step={knob.step ?? (knob.kind === 'integer' ? 1 : 'any')}
          value={text}
          placeholder={value === null ? i18n._({ id: 'knob.as-in-preset', message: 'as in preset' }) : undefined}
          onChange={(e) => {
            setText(e.target.value);
            const x = e.target.value.trim() === '' ? Number.NaN : Number(e.target.value);
            if (Number.isFinite(x)) onChange(x);
          }}
        />
      )}
    </label>
  );
}
