// The preset gallery: every preset in public/scenarios as a card with its title, its
// "what to look for" paragraph (a short first sentence, the rest folded) and its knobs,
// in rows ordered for learning (lib/gallery.ts: beginner scenarios, then the paper families).
// Settings made on a card are sent with it when it is opened; nothing runs until then. In
// class (projector) mode a card starts on its quick variant: what a class has time to watch.
// Each card shows a small picture of the preset's network (components/PresetPreview.tsx).
import { useId, useState } from 'react';
import { KnobInput } from '../components/KnobInput';
import { PresetPreview } from '../components/PresetPreview';
import { lab } from '../sim/controller';
import { defaultKnobValues } from '../store/state';
import { useLab } from '../store/store';
import { openLab, useUi } from '../store/ui';
import { galleryGroups, splitDescription } from '../lib/gallery';
import type { KnobValue, PresetDesc } from '../types';

function PresetCard({ preset, selected, classMode }: { preset: PresetDesc; selected: boolean; classMode: boolean }) {
  const [variant, setVariant] = useState<string | null>(() => (classMode && preset.variants.includes('quick') ? 'quick' : null));
  const desc = splitDescription(preset.description);
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
      <PresetPreview name={preset.name} />
      <div className="card-desc" data-testid="gallery-description">
        <p className="card-short">{desc.short}</p>
        {desc.rest && (
          <details className="card-more" data-testid="gallery-more">
            <summary>What to look for, and the details</summary>
            <p>{desc.rest}</p>
          </details>
        )}
      </div>
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
  const classMode = useUi((s) => s.projector);
  const byName = new Map(presets.map((p) => [p.name, p]));
  const groups = galleryGroups([...byName.keys()]);
  return (
    <section className="gallery" data-testid="gallery" data-count={byName.size} data-class-mode={classMode} aria-label="Preset gallery">
      <p className="muted gallery-intro">
        Every preset of the lab, in the order to learn them: start with one and two flows, then the four paper families. Read what to look for, set the
        knobs, pick the full run or its quick variant{classMode ? ' (quick by default in projector mode)' : ''}, and open it.
      </p>
      {presets.length === 0 && <p className="muted">Loading the engine…</p>}
      {groups.map((g) => (
        <section key={g.id} className="gallery-group" data-testid="gallery-group" data-group={g.id} aria-labelledby={`gallery-${g.id}`}>
          <h2 id={`gallery-${g.id}`}>{g.title}</h2>
          <p className="muted gallery-blurb">{g.blurb}</p>
          <div className="card-grid">
            {g.presets.map((name) => (
              <PresetCard key={name} preset={byName.get(name)!} selected={name === current} classMode={classMode} />
            ))}
          </div>
        </section>
      ))}
    </section>
  );
}
