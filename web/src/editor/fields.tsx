// Form inputs of the scenario editor, each bound to one field path of the scenario JSON. They
// read the current object and write through `update` (the editor re-validates every change
// with the engine); the engine's message shows beside the input whose path it names.
// An empty input removes its field, so the engine's default applies.
import { type ReactNode, createContext, useContext, useEffect, useId, useState } from 'react';
import { type Json, errorBelongsTo, errorInExtra, getAt } from './jsonPath';
import type { ParamDef } from './schema';
import { i18n } from '../i18n/i18n';
import { unitText } from '../i18n/units';

export interface Ctx {
  obj: Json | undefined;
  /** Set (undefined: remove) the value at `path`; `prune` lists blocks to drop when left empty. */
  update: (path: string, value: Json | undefined, prune?: readonly string[]) => void;
  /** Replace the whole scenario (for edits that touch several fields at once). */
  replace: (next: Json) => void;
  /** The field the validator's message names (refined to a cc_params key when it says one). */
  errPath: string | null;
  error: string | null;
}
export const EditorCtx = createContext<Ctx>({ obj: undefined, update: () => {}, replace: () => {}, errPath: null, error: null });

export function FieldError({ path, exact }: { path: string; exact?: boolean }) {
  const { errPath, error } = useContext(EditorCtx);
  if (exact ? errPath !== path : !errorBelongsTo(errPath, path)) return null;
  return (
    <small className="field-error" role="alert" data-testid="field-error" data-error-for={errPath ?? ''}>
      {error}
    </small>
  );
}

export function fieldClass(errPath: string | null, path: string): string {
  return errorBelongsTo(errPath, path) ? 'field compact invalid' : 'field compact';
}

/** Text typed into a number input as the value to write: a number, JSON (with `json`), or the text itself. */
function parseNumberish(t: string, json: boolean): Json | undefined {
  const s = t.trim();
  if (s === '') return undefined;
  if (Number.isFinite(Number(s))) return Number(s);
  if (json) {
    try {
      return JSON.parse(s) as Json;
    } catch {
      /* fall through */
    }
  }
  // Anything else is written as text, so the validator names the field.
  return s;
}

/** A number; empty removes the field (the engine's default applies). */
export function NumField({
  path,
  label,
  unit,
  placeholder,
  help,
  json,
  integer,
  prune,
}: {
  path: string;
  label: string;
  unit?: string;
  /** The engine's default, shown while the field is absent. */
  placeholder?: string;
  help?: string;
  /** Also accept JSON (a distribution like {"exponential": 10}). */
  json?: boolean;
  integer?: boolean;
  prune?: readonly string[];
}) {
  const { obj, update, errPath } = useContext(EditorCtx);
  const id = useId();
  const v = getAt(obj, path);
  const shown = typeof v === 'number' ? String(v) : v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);
  const [text, setText] = useState(shown);
  useEffect(() => setText(shown), [shown]);
  return (
    <label className={fieldClass(errPath, path)} htmlFor={id} title={help}>
      <span>
        {label}
        {unit ? ` (${unitText(i18n, unit)})` : ''}
      </span>
      <input
        id={id}
        type="text"
        inputMode={json ? 'text' : integer ? 'numeric' : 'decimal'}
        data-path={path}
        value={text}
        placeholder={placeholder ?? i18n._({ id: 'editor.default', message: 'default' })}
        aria-invalid={errorBelongsTo(errPath, path) || undefined}
        onChange={(e) => {
          setText(e.target.value);
          update(path, parseNumberish(e.target.value, json ?? false), prune);
        }}
      />
      <FieldError path={path} />
    </label>
  );
}

export function TextField({ path, label, suggestions, long }: { path: string; label: string; suggestions?: string[]; long?: boolean }) {
  const { obj, update, errPath } = useContext(EditorCtx);
  const id = useId();
  const v = getAt(obj, path);
  const shown = typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v);
  const set = (t: string) => update(path, t === '' ? undefined : t);
  return (
    <label className={fieldClass(errPath, path) + (long ? ' wide' : '')} htmlFor={id}>
      <span>{label}</span>
      {long ? (
        <textarea id={id} data-path={path} rows={3} value={shown} onChange={(e) => set(e.target.value)} />
      ) : (
        <input id={id} type="text" data-path={path} list={suggestions ? `${id}-l` : undefined} value={shown} placeholder={i18n._({ id: 'editor.default', message: 'default' })} onChange={(e) => set(e.target.value)} />
      )}
      {suggestions && (
        <datalist id={`${id}-l`}>
          {suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      )}
      <FieldError path={path} />
    </label>
  );
}

export interface Choice {
  name: string;
  label?: string;
}

/**
 * One of a fixed set of names. With `def`, a "default (…)" entry removes the field; a value
 * the list does not know (typed in the raw JSON) is shown as is, for the validator to name.
 */
export function SelectField({
  path,
  label,
  options,
  def,
  prune,
  onPick,
  wide,
  fallback,
}: {
  path: string;
  label: string;
  options: readonly Choice[];
  def?: string;
  /** The option shown while the field is absent, when there is no "default" entry. */
  fallback?: string;
  prune?: readonly string[];
  /** Instead of writing the field: what a pick does (e.g. also adjust dependent fields). */
  onPick?: (name: string) => void;
  wide?: boolean;
}) {
  const { obj, update, errPath } = useContext(EditorCtx);
  const id = useId();
  const v = getAt(obj, path);
  const cur = v === undefined ? (fallback ?? '') : typeof v === 'string' ? v : JSON.stringify(v);
  const known = (cur === '' && def !== undefined) || options.some((o) => o.name === cur);
  return (
    <label className={fieldClass(errPath, path) + (wide ? ' select-wide' : '')} htmlFor={id}>
      <span>{label}</span>
      <select
        id={id}
        data-path={path}
        value={cur}
        aria-invalid={errorBelongsTo(errPath, path) || undefined}
        onChange={(e) => (onPick ? onPick(e.target.value) : update(path, e.target.value === '' ? undefined : e.target.value, prune))}
      >
        {def !== undefined && <option value="">{i18n._({ id: 'editor.default-value', message: 'default ({def})', values: { def } })}</option>}
        {!known && <option value={cur}>{cur === '' ? i18n._({ id: 'editor.none', message: '(none)' }) : cur}</option>}
        {options.map((o) => (
          <option key={o.name} value={o.name}>
            {o.label ?? o.name}
          </option>
        ))}
      </select>
      <FieldError path={path} />
    </label>
  );
}

/** A flag; the engine's default writes nothing (the field is removed). */
export function BoolField({ path, label, def, help, prune }: { path: string; label: string; def: boolean; help?: string; prune?: readonly string[] }) {
  const { obj, update, errPath } = useContext(EditorCtx);
  const id = useId();
  const v = getAt(obj, path);
  const checked = typeof v === 'boolean' ? v : def;
  return (
    <div className={`${fieldClass(errPath, path)} bool-field`} title={help}>
      <label htmlFor={id}>
        <input id={id} type="checkbox" data-path={path} checked={checked} onChange={(e) => update(path, e.target.checked === def ? undefined : e.target.checked, prune)} />{' '}
        {label}
      </label>
      <FieldError path={path} />
    </div>
  );
}

/**
 * One algorithm parameter described by the schema table, at `base.key`. Its name and help are
 * the engine's documentation (its JSON Schema), in English like the engine's errors: marked
 * lang="en" so a reader and a screen reader know, without breaking the form's row layout.
 */
export function ParamField({ def, base, prune }: { def: ParamDef; base: string; prune?: readonly string[] }) {
  const path = `${base}.${def.key}`;
  if (def.type === 'bool') {
    return (
      <div lang="en" className="contents">
        <BoolField path={path} label={def.label} def={def.def === true} help={def.help} prune={prune} />
      </div>
    );
  }
  const placeholder = typeof def.def === 'number' ? String(def.def) : (def.none ?? i18n._({ id: 'editor.default', message: 'default' }));
  return (
    <div lang="en" className="contents">
      <NumField path={path} label={def.label} unit={def.unit} placeholder={placeholder} help={def.help} integer={def.type === 'integer'} prune={prune} />
    </div>
  );
}

/**
 * A list of path indexes ("0, 2, 3"); empty removes the field. Text that is not a list of
 * numbers is written as is, so the validator names the field.
 */
export function IndexListField({ path, label, placeholder, help, prune }: { path: string; label: string; placeholder?: string; help?: string; prune?: readonly string[] }) {
  const { obj, update, errPath } = useContext(EditorCtx);
  const id = useId();
  const v = getAt(obj, path);
  const shown = Array.isArray(v) ? v.join(', ') : v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);
  const [text, setText] = useState(shown);
  useEffect(() => setText(shown), [shown]);
  return (
    <label className={fieldClass(errPath, path)} htmlFor={id} title={help}>
      <span>{label}</span>
      <input
        id={id}
        type="text"
        data-path={path}
        value={text}
        placeholder={placeholder ?? i18n._({ id: 'editor.default', message: 'default' })}
        onChange={(e) => {
          setText(e.target.value);
          const t = e.target.value.trim();
          if (t === '') return update(path, undefined, prune);
          const parts = t.split(/[\s,]+/).filter((x) => x !== '');
          update(path, parts.every((x) => /^\d+$/.test(x)) ? parts.map(Number) : t, prune);
        }}
      />
      <FieldError path={path} />
    </label>
  );
}

/**
 * Any JSON value (algorithm parameters, fields the form does not know yet). With `omit`, the
 * box shows the object at `path` without those keys (the form has inputs for them), and its
 * edits replace just the other keys; `dropEmpty` removes the object when nothing is left.
 */
export function JsonField({ path, label, omit, dropEmpty }: { path: string; label: string; omit?: readonly string[]; dropEmpty?: boolean }) {
  const { obj, update, errPath } = useContext(EditorCtx);
  const id = useId();
  const v = getAt(obj, path);
  let value: Json | undefined = v;
  if (omit && v !== null && typeof v === 'object' && !Array.isArray(v)) {
    value = Object.fromEntries(Object.entries(v).filter(([k]) => !omit.includes(k)));
    if (Object.keys(value).length === 0) value = undefined;
  }
  const shown = value === undefined ? '' : JSON.stringify(value, null, 1);
  const [text, setText] = useState(shown);
  const [bad, setBad] = useState<string | null>(null);
  useEffect(() => {
    setText(shown);
    setBad(null);
  }, [shown]);
  const onChange = (t: string) => {
    setText(t);
    let parsed: Json | undefined;
    try {
      parsed = t.trim() === '' ? undefined : (JSON.parse(t) as Json);
    } catch (e) {
      setBad(i18n._({ id: 'editor.malformed-json', message: '{label}: malformed JSON ({error})', values: { label, error: e instanceof Error ? e.message : String(e) } }));
      return;
    }
    setBad(null);
    if (!omit) {
      update(path, parsed);
      return;
    }
    if (parsed !== undefined && (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))) {
      setBad(i18n._({ id: 'editor.expected-object', message: '{label}: expected an object of extra fields', values: { label } }));
      return;
    }
    const base = v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {};
    const kept = Object.fromEntries(Object.entries(base).filter(([k]) => omit.includes(k)));
    const merged = { ...kept, ...(parsed ?? {}) };
    update(path, dropEmpty && Object.keys(merged).length === 0 ? undefined : merged);
  };
  // With `omit`, the box owns the errors about the keys it shows (or about the whole object).
  const mine = omit ? errorInExtra(errPath, path, omit) : errorBelongsTo(errPath, path);
  const invalid = bad !== null || mine;
  const box = (
    <label className={invalid ? 'field compact wide invalid' : 'field compact wide'} htmlFor={id}>
      <span className={omit ? 'sr-only' : undefined}>{label}</span>
      <textarea id={id} className="json-box" data-path={path} data-json-field={omit ? 'extra' : 'value'} rows={Math.min(8, Math.max(1, text.split('\n').length))} value={text} placeholder={i18n._({ id: 'editor.none', message: '(none)' })} spellCheck={false} onChange={(e) => onChange(e.target.value)} />
      {bad !== null && (
        <small className="field-error" data-testid="json-field-error">
          {bad}
        </small>
      )}
      {mine && <ShownError />}
    </label>
  );
  if (!omit) return box;
  // The "other fields" of an object the form covers are usually empty: a closed disclosure
  // keeps them out of the way, open while they hold something or the validator points there.
  return <ExtraBox label={label} path={path} forceOpen={text.trim() !== '' || invalid}>{box}</ExtraBox>;
}

function ExtraBox({ label, path, forceOpen, children }: { label: string; path: string; forceOpen: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(forceOpen);
  useEffect(() => {
    if (forceOpen) setOpen(true);
  }, [forceOpen]);
  return (
    <details className="extra-json" data-extra-for={path} open={open} onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>{label}</summary>
      {children}
    </details>
  );
}

function ShownError() {
  const { errPath, error } = useContext(EditorCtx);
  return (
    <small className="field-error" role="alert" data-testid="field-error" data-error-for={errPath ?? ''}>
      {error}
    </small>
  );
}

export function BufferField({ path }: { path: string }) {
  const { obj, update, errPath } = useContext(EditorCtx);
  const id = useId();
  const b = getAt(obj, path);
  const o = b !== null && typeof b === 'object' && !Array.isArray(b) ? b : {};
  const mode = o.unlimited === true ? 'unlimited' : (['bdp', 'packets', 'bytes'].find((k) => k in o) ?? 'default');
  const amount = mode !== 'default' && mode !== 'unlimited' ? o[mode] : undefined;
  const [text, setText] = useState(amount === undefined ? '' : String(amount));
  useEffect(() => setText(amount === undefined ? '' : String(amount)), [amount]);
  const setMode = (m: string) => {
    if (m === 'default') update(path, undefined);
    else if (m === 'unlimited') update(path, { unlimited: true });
    else update(path, { [m]: m === 'bdp' ? 1 : m === 'packets' ? 100 : 150000 });
  };
  return (
    <div className={`${fieldClass(errPath, path)} buffer-field`}>
      <label htmlFor={id}>
        <span>{i18n._({ id: 'editor.buffer', message: 'Buffer' })}</span>
      </label>
      <span className="input-unit">
        <select id={id} data-path={`${path}#mode`} value={mode} onChange={(e) => setMode(e.target.value)}>
          <option value="default">{i18n._({ id: 'editor.default-1-bdp', message: 'default (1 BDP)' })}</option>
          <option value="bdp">{i18n._({ id: 'editor.bdps', message: 'BDPs' })}</option>
          <option value="packets">{i18n._({ id: 'editor.packets', message: 'packets' })}</option>
          <option value="bytes">{i18n._({ id: 'editor.bytes', message: 'bytes' })}</option>
          <option value="unlimited">{i18n._({ id: 'editor.unlimited', message: 'unlimited' })}</option>
        </select>
        {mode !== 'default' && mode !== 'unlimited' && (
          <input
            type="text"
            inputMode="decimal"
            aria-label={i18n._({ id: 'editor.buffer-in', message: 'buffer in {mode}', values: { mode } })}
            data-path={`${path}.${mode}`}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              const x = Number(e.target.value);
              update(`${path}.${mode}`, e.target.value.trim() !== '' && Number.isFinite(x) ? x : e.target.value);
            }}
          />
        )}
      </span>
      <FieldError path={path} />
    </div>
  );
}

export function ListHead({ title, path, onAdd, addLabel }: { title: string; path: string; onAdd: () => void; addLabel: string }) {
  return (
    <div className="list-head">
      <h3>{title}</h3>
      <button type="button" className="link-button" data-testid={`add-${path}`} onClick={onAdd}>
        + {addLabel}
      </button>
    </div>
  );
}

export function RemoveButton({ path, label }: { path: string; label: string }) {
  const { update } = useContext(EditorCtx);
  return (
    <button type="button" className="link-button remove" data-testid="remove-item" data-path={path} aria-label={i18n._({ id: 'editor.remove', message: 'Remove {label}', values: { label } })} onClick={() => update(path, undefined)}>
      {i18n._({ id: 'editor.remove-2', message: 'remove' })}
    </button>
  );
}
