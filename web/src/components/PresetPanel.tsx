// Preset picker, its "what to look for" text, the knobs, the variant and the seed.
import { useEffect, useId, useState } from 'react';
import { useLingui } from '@lingui/react';
import { localText, presetTitle } from '../i18n/localText';
import { formatNumber } from '../i18n/format';
import { unitText } from '../i18n/units';
import { MAX_PAGE_SEED, parseSeed } from '../lib/shareLink';
import { lab } from '../sim/controller';
import { currentPreset } from '../store/state';
import { useLab } from '../store/store';
import type { Knob, KnobValue, PresetDesc } from '../types';

const askForPresets = () => void lab.loadPresets().catch(() => {});

export function PresetPicker() {
  const { i18n } = useLingui();
  const presets = useLab((s) => s.presets);
  const complete = useLab((s) => s.presetsComplete);
  const name = useLab((s) => s.presetName);
  const preset = useLab(currentPreset);
  const id = useId();
  return (
    <section className="panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{i18n._({ id: 'preset.scenario', message: 'Scenario' })}</h2>
      <label className="field" htmlFor={id}>
        <span>{i18n._({ id: 'preset.preset', message: 'Preset' })}</span>
        {/* Until the whole index is in (it loads once the first run is live) the list has the
            presets the page has; reaching for it asks for the rest at once. */}
        <select
          id={id}
          data-testid="preset"
          value={name ?? ''}
          onChange={(e) => lab.selectPreset(e.target.value)}
          onFocus={askForPresets}
          onPointerDown={askForPresets}
          aria-busy={!complete}
          disabled={presets.length === 0}
        >
          {presets.length === 0 && <option value="">{i18n._({ id: 'preset.loading', message: 'Loading…' })}</option>}
          {presets.map((p) => (
            <option key={p.name} value={p.name}>
              {presetTitle(p, i18n.locale)}
            </option>
          ))}
        </select>
      </label>
      {preset && <Description preset={preset} base={basePreset(presets, preset)} />}
    </section>
  );
}

/** The preset file an edited or shared scenario was made from, when the page has it. */
function basePreset(presets: readonly PresetDesc[], p: PresetDesc): PresetDesc | undefined {
  if (!p.origin) return undefined;
  const name = p.name.replace(/^(edited|link):/, '');
  return presets.find((x) => !x.origin && x.name === name);
}

/**
 * "What to look for" first (the preset's short `look_for`, in the page's language; issue 30
 * item 14), then its long notes — the paper, caveats, CLI commands, in English — folded below.
 * An edited scenario is not its preset any more: it says so, and the preset's texts (copied into
 * its text) are folded away unless the user wrote new ones.
 */
function Description({ preset, base }: { preset: PresetDesc; base: PresetDesc | undefined }) {
  const { i18n } = useLingui();
  const lookFor = localText(preset.look_for, i18n.locale).trim();
  const notes = preset.description.trim();
  const edited = preset.origin?.kind === 'edited';
  const inherited = edited && base !== undefined && notes === base.description.trim() && lookFor === localText(base.look_for, i18n.locale).trim();
  const notesLabel = i18n._({ id: 'preset.notes', message: 'Notes: the paper, caveats and commands (English)' });
  return (
    // It scrolls when long: focusable (and named) so a keyboard user can scroll it too.
    <div className="description" data-testid="description" data-origin={preset.origin?.kind ?? 'preset'} tabIndex={0} role="region" aria-label={i18n._({ id: 'preset.look-for', message: 'What to look for' })}>
      <h3>{i18n._({ id: 'preset.look-for', message: 'What to look for' })}</h3>
      {edited && (
        <p className="origin-note" data-testid="origin-note">
          {base
            ? i18n._({
                id: 'preset.edited.from',
                message: 'Edited scenario (from “{title}”): it no longer is the preset, so the preset’s notes may not hold.',
                values: { title: localText(base.title, i18n.locale) },
              })
            : i18n._({ id: 'preset.edited', message: 'Edited scenario: it no longer is the preset, so the preset’s notes may not hold.' })}
        </p>
      )}
      {preset.origin?.kind === 'shared' && (
        <p className="origin-note muted" data-testid="origin-note">
          {i18n._({ id: 'preset.shared', message: 'Opened from a shared link: the scenario, seed and variant of the run that was shared.' })}
        </p>
      )}
      {inherited ? (
        <details>
          <summary>{i18n._({ id: 'preset.edited.notes', message: 'The preset’s notes' })}</summary>
          {lookFor !== '' && <p data-testid="look-for">{lookFor}</p>}
          {notes !== '' && <p>{preset.description}</p>}
        </details>
      ) : (
        <>
          {lookFor !== '' && (
            <p className="look-for" data-testid="look-for">
              {lookFor}
            </p>
          )}
          {notes !== '' && (
            <details className="notes" data-testid="notes" open={lookFor === '' ? true : undefined}>
              <summary>{notesLabel}</summary>
              <p lang="en">{preset.description}</p>
            </details>
          )}
        </>
      )}
      {lookFor === '' && notes === '' && (
        // A linked or edited scenario may carry no texts: say so rather than show a blank.
        <p className="muted">{i18n._({ id: 'preset.no-description', message: 'This scenario has no description.' })}</p>
      )}
    </div>
  );
}

function NumberKnob({ knob, value }: { knob: Knob; value: KnobValue | null }) {
  const { i18n } = useLingui();
  const id = useId();
  const shown = value === null ? '' : String(value);
  const [text, setText] = useState(shown);
  // Follow outside changes (preset switch) without fighting the user's typing.
  useEffect(() => setText(shown), [shown]);
  const step = knob.step ?? (knob.kind === 'integer' ? 1 : 'any');
  return (
    <label className="field" htmlFor={id}>
      <span>{localText(knob.label, i18n.locale)}</span>
      <span className="input-unit">
        <input
          id={id}
          type="number"
          inputMode="decimal"
          data-testid={`knob-${knob.name}`}
          data-knob={knob.name}
          min={knob.min}
          max={knob.max}
          step={step}
          value={text}
          placeholder={value === null ? i18n._({ id: 'knob.as-in-preset', message: 'as in preset' }) : undefined}
          onChange={(e) => {
            setText(e.target.value);
            const x = e.target.value.trim() === '' ? Number.NaN : Number(e.target.value);
            if (Number.isFinite(x)) lab.setKnob(knob.name, x, false);
          }}
        />
        {knob.unit && <span className="unit">{unitText(i18n, knob.unit)}</span>}
      </span>
      <KnobHelp knob={knob} />
    </label>
  );
}

function EnumKnob({ knob, value }: { knob: Knob; value: KnobValue | null }) {
  const { i18n } = useLingui();
  const id = useId();
  return (
    <label className="field" htmlFor={id}>
      <span>{localText(knob.label, i18n.locale)}</span>
      <select id={id} data-testid={`knob-${knob.name}`} data-knob={knob.name} value={value === null ? '' : String(value)} onChange={(e) => lab.setKnob(knob.name, e.target.value, true)}>
        {value === null && <option value="">{i18n._({ id: 'knob.as-in-preset', message: 'as in preset' })}</option>}
        {(knob.options ?? []).map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
      <KnobHelp knob={knob} />
    </label>
  );
}

/** The knob's one-line explanation and, for numbers, its allowed range. */
function KnobHelp({ knob }: { knob: Knob }) {
  const { i18n } = useLingui();
  const help = localText(knob.help, i18n.locale);
  const range =
    knob.kind !== 'enum' && typeof knob.min === 'number' && typeof knob.max === 'number'
      ? `${formatNumber(knob.min)} – ${formatNumber(knob.max)}${knob.unit ? ` ${unitText(i18n, knob.unit)}` : ''}`
      : null;
  if (!help && !range) return null;
  return (
    <small className="hint">
      {help}
      {help && range ? ' ' : ''}
      {range && <span className="range">({range})</span>}
    </small>
  );
}

function SeedInput() {
  const { i18n } = useLingui();
  const seed = useLab((s) => s.seed);
  const [text, setText] = useState(String(seed));
  // Why the typed text is not a seed the page can run (−1, 1.5, empty, above 2^53 − 1).
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setText(String(seed));
    setError(null);
  }, [seed]);
  const id = useId();
  const commit = () => {
    const parsed = parseSeed(text);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setError(null);
    if (parsed.value !== seed) lab.setSeed(parsed.value);
    else setText(String(seed));
  };
  return (
    <label className="field" htmlFor={id}>
      <span>{i18n._({ id: 'knob.seed', message: 'Seed' })}</span>
      <input
        id={id}
        type="number"
        data-testid="seed"
        min={0}
        max={MAX_PAGE_SEED}
        step={1}
        value={text}
        aria-invalid={error !== null}
        aria-describedby={error !== null ? `${id}-error` : undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
      {error !== null && (
        <small id={`${id}-error`} className="field-error" role="alert" data-testid="seed-error">
          {i18n._({ id: 'knob.seed.error', message: '{error} (still running seed {seed})', values: { error, seed } })}
        </small>
      )}
    </label>
  );
}

export function KnobPanel() {
  const { i18n } = useLingui();
  const preset = useLab(currentPreset);
  const values = useLab((s) => s.knobValues);
  const variant = useLab((s) => s.variant);
  const id = useId();
  if (!preset) return null;
  // An edited or shared scenario's text has its variant applied already: "no variant" runs it
  // as it is, and the menu says which variant that is rather than "full".
  const origin = preset.origin;
  const asIs = !origin
    ? i18n._({ id: 'knob.variant.full', message: 'full' })
    : origin.kind === 'edited'
      ? i18n._({ id: 'knob.variant.as-edited', message: '{variant} (as edited)', values: { variant: origin.variant ?? '' } }).trim()
      : i18n._({ id: 'knob.variant.as-shared', message: '{variant} (as shared)', values: { variant: origin.variant ?? '' } }).trim();
  const others = preset.variants.filter((v) => v !== origin?.variant);
  return (
    <section className="panel" data-testid="knobs" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{i18n._({ id: 'knob.heading', message: 'Knobs' })}</h2>
      {(preset.variants.length > 0 || origin?.variant) && (
        <label className="field" htmlFor={id}>
          <span>{i18n._({ id: 'knob.variant', message: 'Variant' })}</span>
          <select
            id={id}
            data-testid="variant"
            data-variant={variant ?? origin?.variant ?? 'full'}
            value={variant ?? 'full'}
            onChange={(e) => lab.setVariant(e.target.value === 'full' ? null : e.target.value)}
          >
            <option value="full">{asIs}</option>
            {others.map((v) => (
              <option key={v} value={v}>
                {v === 'quick' ? i18n._({ id: 'knob.variant.quick', message: 'quick' }) : v}
              </option>
            ))}
          </select>
        </label>
      )}
      {preset.knobs.map((k) =>
        k.kind === 'enum' ? (
          <EnumKnob key={`${preset.name}/${k.name}`} knob={k} value={values[k.name] ?? k.value} />
        ) : (
          <NumberKnob key={`${preset.name}/${k.name}`} knob={k} value={values[k.name] ?? k.value} />
        ),
      )}
      <SeedInput />
    </section>
  );
}
