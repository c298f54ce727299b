// The preset gallery: every preset in public/scenarios as a card with its title, its
// "what to look for" paragraph (a short first sentence, the rest folded) and its knobs,
// in rows ordered for learning (lib/gallery.ts: beginner scenarios, then the paper families).
// Settings made on a card are sent with it when it is opened; nothing runs until then. In
// class (projector) mode a card starts on its quick variant: what a class has time to watch.
// Each card shows a small picture of the preset's network (components/PresetPreview.tsx).
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { localText } from '../i18n/localText';
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
  const { i18n } = useLingui();
  const [variant, setVariant] = useState<string | null>(() => (classMode && preset.variants.includes('quick') ? 'quick' : null));
  const lookFor = localText(preset.look_for, i18n.locale);
  // A preset without `look_for` leads with the first sentence of its notes.
  const desc = lookFor ? { short: lookFor, rest: preset.description } : splitDescription(preset.description);
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
          {localText(preset.title, i18n.locale)}
        </h3>
        <code className="muted card-name">{preset.name}</code>
      </header>
      <PresetPreview name={preset.name} />
      <div className="card-desc" data-testid="gallery-description">
        <p className="card-short">{desc.short}</p>
        {desc.rest && (
          <details className="card-more" data-testid="gallery-more">
            <summary>{i18n._({ id: 'preset.notes', message: 'Notes: the paper, caveats and commands (English)' })}</summary>
            <p lang="en">{desc.rest}</p>
          </details>
        )}
      </div>
      <div className="card-knobs">
        {preset.variants.length > 0 && (
          <label className="field compact" htmlFor={`${id}-v`}>
            <span>{i18n._({ id: 'knob.variant', message: 'Variant' })}</span>
            <select id={`${id}-v`} data-testid="gallery-variant" value={variant ?? 'full'} onChange={(e) => setVariant(e.target.value === 'full' ? null : e.target.value)}>
              <option value="full">
                {i18n._({ id: 'gallery.variant.full', message: 'full ({seconds} s)', values: { seconds: preset.duration_s } })}
              </option>
              {preset.variants.map((v) => (
                <option key={v} value={v}>
                  {v === 'quick' ? i18n._({ id: 'knob.variant.quick', message: 'quick' }) : v}
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
            {i18n._({ id: 'gallery.reset', message: 'reset knobs' })}
          </button>
        )}
        <button type="button" className="primary" data-testid="gallery-open" onClick={open}>
          {i18n._({ id: 'gallery.open', message: '▶ Open in lab' })}
        </button>
      </footer>
    </article>
  );
}

/** A gallery row's title and blurb in the page's language (lib/gallery.ts has the English). */
function groupText(i18n: I18n, id: string, title: string, blurb: string): [string, string] {
  switch (id) {
    case 'start':
      return [
        i18n._({ id: 'gallery.group.start', message: 'Start here' }),
        i18n._({ id: 'gallery.group.start.blurb', message: 'One flow, then two flows sharing a bottleneck: slow start, the window saw-tooth, the queue, fairness; then a deep buffer and its cure.' }),
      ];
    case 'networks':
      return [
        i18n._({ id: 'gallery.group.networks', message: 'Networks and queues' }),
        i18n._({ id: 'gallery.group.networks.blurb', message: 'Beyond one bottleneck: a parking lot, multipath through a shared bottleneck, BBR against CUBIC as the buffer grows.' }),
      ];
    case 'bbr':
      return [
        i18n._({ id: 'gallery.group.bbr', message: 'BBR and its variants (BBR-A paper)' }),
        i18n._({ id: 'gallery.group.bbr.blurb', message: 'Model-based congestion control: who wins between RTTs, utilisation under random loss, retransmissions with many flows.' }),
      ];
    case 'fsfs':
      return [
        i18n._({ id: 'gallery.group.fsfs', message: 'MPTCP flow scheduling (MPTCP-FSFS paper)' }),
        i18n._({ id: 'gallery.group.fsfs.blurb', message: 'Which paths a multipath flow should use, by its size: short flows on the shortest paths.' }),
      ];
    case 'ecf3':
      return [
        i18n._({ id: 'gallery.group.ecf3', message: 'MPTCP packet scheduling (ECF-3 paper)' }),
        i18n._({ id: 'gallery.group.ecf3.blurb', message: 'Which subflow the next packet goes on when the paths are very different, or alike.' }),
      ];
    case 'quic':
      return [
        i18n._({ id: 'gallery.group.quic', message: 'QUIC stream priorities (QUIC-priority paper)' }),
        i18n._({ id: 'gallery.group.quic.blurb', message: 'Which stream gets the next packet: control messages and long messages behind bulk data.' }),
      ];
    case 'other':
      return [
        i18n._({ id: 'gallery.group.other', message: 'More' }),
        i18n._({ id: 'gallery.group.other.blurb', message: 'Other scenarios (the engine benchmark, presets added later).' }),
      ];
    default:
      return [title, blurb];
  }
}

export function Gallery() {
  const { i18n } = useLingui();
  const presets = useLab((s) => s.presets);
  const current = useLab((s) => s.presetName);
  const classMode = useUi((s) => s.projector);
  const byName = new Map(presets.map((p) => [p.name, p]));
  const groups = galleryGroups([...byName.keys()]);
  return (
    <section className="gallery" data-testid="gallery" data-count={byName.size} data-class-mode={classMode} aria-label={i18n._({ id: 'gallery.label', message: 'Preset gallery' })}>
      <p className="muted gallery-intro">
        {classMode
          ? i18n._({
              id: 'gallery.intro.class',
              message: 'Every preset of the lab, in the order to learn them: start with one and two flows, then the four paper families. Read what to look for, set the knobs, pick the full run or its quick variant (quick by default in projector mode), and open it.',
            })
          : i18n._({
              id: 'gallery.intro',
              message: 'Every preset of the lab, in the order to learn them: start with one and two flows, then the four paper families. Read what to look for, set the knobs, pick the full run or its quick variant, and open it.',
            })}
      </p>
      {presets.length === 0 && <p className="muted">{i18n._({ id: 'chrome.engine.loading', message: 'loading engine…' })}</p>}
      {groups.map((g) => {
        const [title, blurb] = groupText(i18n, g.id, g.title, g.blurb);
        return (
        <section key={g.id} className="gallery-group" data-testid="gallery-group" data-group={g.id} aria-labelledby={`gallery-${g.id}`}>
          <h2 id={`gallery-${g.id}`}>{title}</h2>
          <p className="muted gallery-blurb">{blurb}</p>
          <div className="card-grid">
            {g.presets.map((name) => (
              <PresetCard key={name} preset={byName.get(name)!} selected={name === current} classMode={classMode} />
            ))}
          </div>
        </section>
        );
      })}
    </section>
  );
}
