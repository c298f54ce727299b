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
import { useEffect, useState } from 'react';
import index from './generated/presets-index.json';
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

// The JSON is typed by its shape; its fields are the engine's PresetInfo (generated.rs writes them).
export const PRESET_INDEX: readonly PresetIndexEntry[] = index as unknown as PresetIndexEntry[];

/** The presets as the store lists them: in the gallery's teaching order (issue 30 item 14). */
export const PRESETS: PresetDesc[] = inTeachingOrder(PRESET_INDEX).map(({ file: _file, sweep: _sweep, ...desc }) => desc);

/** `entries` in the order the gallery teaches them (lib/gallery.ts), the rest after. */
export function inTeachingOrder<T extends { name: string }>(entries: readonly T[]): T[] {
  const order = galleryGroups(entries.map((e) => e.name)).flatMap((g) => g.presets);
  return order.map((n) => entries.find((e) => e.name === n)!);
}

export const DEFAULT_PRESET = 'tcp-dumbbell';

const entry = (name: string | null | undefined) => PRESET_INDEX.find((p) => p.file === name);

/** Whether `name` is a preset file of the index. */
export const isPresetFile = (name: string | null | undefined): boolean => entry(name) !== undefined;

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
