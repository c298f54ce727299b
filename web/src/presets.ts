// The presets the page lists, and their texts on demand.
//
// The list comes from a build-time index (generated/presets-index.json, written by
// sim-wasm/core/tests/generated.rs from public/scenarios with the engine's own describe and
// variant logic, and checked there so it cannot drift from the files): title, texts, knobs and
// their values under every variant, tour, whether the file declares a sweep. So the page can
// show the gallery and start the first run without asking the engine to describe 18 presets
// first (issue 18: that took most of the page's load time), and the main bundle no longer
// inlines every preset's text. A preset's text is fetched (public/scenarios/NAME.json, copied
// into the build by Vite) when something needs it — running it, the editor, a card's preview —
// and kept. Scenarios opened from the editor or a shared link are still described by the
// engine (worker 'openText' / 'openLink').
//
// The index itself is 35 kB gzip, and the first run needs one entry of it (issue 31 part 5,
// first load over a shared classroom link): the first bundle has the preset files' names and
// the default preset's entry; another preset's entry (a link to `?preset=…`) is a small chunk,
// and the whole index loads after the first run is live, or at once when a view that lists the
// presets opens (vite-plugins/preset-index.ts serves these pieces).
import { useEffect, useState } from 'react';
import { DEFAULT_PRESET, FILES, FIRST, loadEntry, loadIndex } from 'virtual:netlab/presets';
import { galleryGroups } from './lib/gallery';
import type { PresetDesc } from './types';
import { fetchPreset } from './presetFetch';

/** One preset of the index: its description as the engine gives it, plus file facts. */
export type PresetIndexEntry = PresetDesc & {
  /** File name without .json (the same as its name). */
  file: string;
  /** The file declares a sweep (the lab then shows the sweep panel). */
  sweep: boolean;
};

export { DEFAULT_PRESET };

/** `entries` in the order the gallery teaches them (lib/gallery.ts), the rest after. */
export function inTeachingOrder<T extends { name: string }>(entries: readonly T[]): T[] {
  const order = galleryGroups(entries.map((e) => e.name)).flatMap((g) => g.presets);
  return order.map((n) => entries.find((e) => e.name === n)!);
}

const descs = new WeakMap<PresetIndexEntry, PresetDesc>();

/**
 * A preset's description as the store lists it (the index entry without its file facts): the
 * same object each time, so the lab's panels see no new preset when the rest of the index
 * arrives (a knob being typed into keeps its text).
 */
export function presetDesc(entry: PresetIndexEntry): PresetDesc {
  let desc = descs.get(entry);
  if (!desc) {
    const { file: _file, sweep: _sweep, ...rest } = entry;
    desc = rest;
    descs.set(entry, desc);
  }
  return desc;
}

/** The entries the page has so far, by file name: the default one from the start. */
const entries = new Map<string, PresetIndexEntry>([[FIRST.file, FIRST]]);
const entry = (name: string | null | undefined) => (name == null ? undefined : entries.get(name));

/** Whether `name` is a preset file of the index. */
export const isPresetFile = (name: string | null | undefined): boolean => name != null && FILES.includes(name);

/** The preset the lab opens: `wanted` when it is a preset file, else the default one. */
export function openingPreset(wanted: string | null): string {
  return wanted !== null && isPresetFile(wanted) ? wanted : DEFAULT_PRESET;
}

/** The presets whose entries the page has, in teaching order (all of them once the index loaded). */
export function presetsNow(): PresetDesc[] {
  return inTeachingOrder([...entries.values()]).map(presetDesc);
}

/** One preset file's entry, fetched once (its own small chunk) unless the page has it. */
export async function loadPresetEntry(name: string): Promise<PresetIndexEntry> {
  const have = entries.get(name);
  if (have) return have;
  if (!isPresetFile(name)) throw new Error(`unknown preset '${name}'`);
  const e = await loadEntry(name);
  entries.set(name, e);
  return e;
}

let whole: Promise<PresetDesc[]> | null = null;

/**
 * Every preset, in the gallery's teaching order (issue 30 item 14): the whole index, fetched
 * once. A failed fetch (offline before the service worker had it) may be tried again.
 */
export function loadPresets(): Promise<PresetDesc[]> {
  whole ??= loadIndex().then(
    (all) => {
      // An entry the page has stays the same object (the store's preset for it is unchanged).
      for (const e of all) if (!entries.has(e.file)) entries.set(e.file, e);
      return presetsNow();
    },
    (e: unknown) => {
      whole = null;
      throw e;
    },
  );
  return whole;
}

/** Where the page fetches a preset's text (the build serves public/ at its base). */
export function presetUrl(name: string): string {
  return `${import.meta.env.BASE_URL}scenarios/${encodeURIComponent(name)}.json`;
}

const texts = new Map<string, string>();
const pending = new Map<string, Promise<string>>();

/** A preset's text if it was already fetched, else undefined. */
export function presetTextNow(name: string | null | undefined): string | undefined {
  return name == null ? undefined : texts.get(name);
}

/**
 * A preset's text, fetched once. Rejects with a message naming the file when the preset is
 * unknown or the fetch fails (offline, a file missing from the build); a file the engine
 * rejects fails later, where it runs, with the engine's message.
 */
export function loadPresetText(name: string, fetchText: (url: string) => Promise<Response> = fetchPreset): Promise<string> {
  const have = texts.get(name);
  if (have !== undefined) return Promise.resolve(have);
  if (!isPresetFile(name)) return Promise.reject(new Error(`unknown preset '${name}'`));
  let p = pending.get(name);
  if (!p) {
    const url = presetUrl(name);
    p = fetchText(url)
      .then(async (r) => {
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        const text = await r.text();
        texts.set(name, text);
        return text;
      })
      .catch((e: unknown) => {
        throw new Error(`could not load the preset file ${url} (${e instanceof Error ? e.message : String(e)})`);
      })
      .finally(() => pending.delete(name));
    pending.set(name, p);
  }
  return p;
}

/** A preset's text in a component: undefined until fetched (and when `name` is no preset file). */
export function usePresetText(name: string | null | undefined): string | undefined {
  const [, setTick] = useState(0);
  const text = presetTextNow(name);
  useEffect(() => {
    if (text !== undefined || !name || !isPresetFile(name)) return;
    let live = true;
    loadPresetText(name).then(
      () => live && setTick((n) => n + 1),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [name, text]);
  return text;
}

/** Whether a preset file declares a sweep (the lab's sweep panel shows only for those). */
export function hasSweep(name: string | null | undefined): boolean {
  return entry(name)?.sweep === true;
}

/** Whether a preset has a numeric knob, so the page can sweep it (declared sweep or not). */
export function hasNumericKnob(name: string | null | undefined): boolean {
  return entry(name)?.knobs.some((k) => k.kind === 'number' || k.kind === 'integer') === true;
}
