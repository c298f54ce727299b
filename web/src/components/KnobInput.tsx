// A knob as a plain controlled input (number or enum), for views that collect settings before
// loading them (the preset gallery, the A/B compare form). The lab's own knob panel
// (PresetPanel.tsx) loads on every change instead.
import { useEffect, useId, useState } from 'react';
import type { Knob, KnobValue } from '../types';

interface Props {
  knob: Knob;
  value: KnobValue | null;
  onChange: (v: KnobValue) => void;
  testId?: string;
}

export function KnobInput({ knob, value, onChange, testId }: Props) {
  const id = useId();
  const shown = value === null ? '' : String(value);
  const [text, setText] = useState(shown);
  useEffect(() => setText(shown), [shown]);
  const unit = knob.unit ? ` (${knob.unit})` : '';
  return (
    <label className="field compact" htmlFor={id} title={knob.help}>
      <span>
        {knob.label}
        {knob.kind !== 'enum' && unit}
      </span>
      {knob.kind === 'enum' ? (
        <select id={id} data-testid={testId} data-knob={knob.name} value={shown} onChange={(e) => onChange(e.target.value)}>
          {value === null && <option value="">as in preset</option>}
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
          placeholder={value === null ? 'as in preset' : undefined}
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
