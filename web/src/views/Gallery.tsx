// The preset gallery: every preset in public/scenarios as a card with its title, its
// "what to look for" paragraph and its knobs. Settings made on a card are sent with it when
// it is opened; nothing runs until then.
import { useId, useState } from 'react';
import { KnobInput } from '../components/KnobInput';
import { lab } from '../sim/controller';
import { defaultKnobValues } from '../store/state';
import { useLab } from '../store/store';
import { openLab } from '../store/ui';
import type { KnobValue, PresetDesc } from '../types';

function PresetCard({ preset, selected }: { preset: PresetDesc; selected: boolean }) {
  const [variant, setVariant] = useState<string | null>(null);
  const [edits, setEdits] = useState<Record<string, KnobValue>>({});
  const id = useId();
  const values = { ...defaultKnobValues(preset, variant), ...edits };
  const open = () => {
    lab.openPreset(preset.name, variant, edits);
    openLab();
  };
  const edited = Object.keys(edits).length;
  return (
    <article
      className={selected ? 'card selected' : 'card'}
      data-testid="gallery-card"
      data-preset={preset.name}
      data-variant={variant ?? 'full'}
      data-knobs={preset.knobs.length}
      data-edited={edited}
      data-selected={selected}
      aria-labelledby={`${id}-t`}
    >
      <header className="card-head">
        <h3 id={`${id}-t`} className="card-title">
          {preset.title}
        </h3>
        <code className="muted card-name">{preset.name}</code>
      </header>
      <p className="card-desc" data-testid="gallery-description">
        {preset.description}
      </p>
      <div className="card-knobs">
        {preset.variants.length > 0 && (
          <label className="field compact" htmlFor={`${id}-v`}>
            <span>Variant</span>
            <select id={`${id}-v`} data-testid="gallery-variant" value={variant ?? 'full'} onChange={(e) => setVariant(e.target.value === 'full' ? null : e.target.value)}>
              <option value="full">full ({preset.duration_s} s)</option>
              {preset.variants.map((v) => (
                <option key={v} value={v}>
                  {v}
                  {typeof preset.variant_values?.[v]?.duration_s === 'number' ? ` (${preset.variant_values[v]!.duration_s} s)` : ''}
                </option>
              ))}
            </select>
          </label>
        )}
        {preset.knobs.map((k) => (
          <KnobInput
            key={k.name}
            knob={k}
            value={values[k.name] ?? k.value}
            testId={`gallery-knob-${k.name}`}
            onChange={(v) => setEdits((e) => ({ ...e, [k.name]: v }))}
          />
        ))}
      </div>
      <footer className="card-foot">
        {edited > 0 && (
          <button type="button" className="link-button" onClick={() => setEdits({})}>
            reset knobs
          </button>
        )}
        <button type="button" className="primary" data-testid="gallery-open" onClick={open}>
          ▶ Open in lab
        </button>
      </footer>
    </article>
  );
}

export function Gallery() {
  const presets = useLab((s) => s.presets);
  const current = useLab((s) => s.presetName);
  return (
    <section className="gallery" data-testid="gallery" data-count={presets.length} aria-label="Preset gallery">
      <p className="muted gallery-intro">
        Every preset of the lab. Read what to look for, set the knobs, pick the full run or its quick variant, and open it.
      </p>
      <div className="card-grid">
        {presets.length === 0 && <p className="muted">Loading the engine…</p>}
        {presets.map((p) => (
          <PresetCard key={p.name} preset={p} selected={p.name === current} />
        ))}
      </div>
    </section>
  );
}
