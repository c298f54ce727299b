// The preset files, bundled as raw text at build time (no index file needed). Their contents
// are opaque here: the engine's describe_preset / apply_knobs read them.
import type { PresetFile } from './worker/protocol';

const files = import.meta.glob('../../public/scenarios/*.json', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

export const PRESET_FILES: PresetFile[] = Object.entries(files)
  .map(([path, text]) => ({ file: path.replace(/^.*\//, '').replace(/\.json$/, ''), text }))
  .sort((a, b) => a.file.localeCompare(b.file));

export const DEFAULT_PRESET = 'tcp-dumbbell';

/**
 * Whether a preset file declares a sweep (the lab's sweep panel shows only for those, and its
 * code is loaded only then: App.tsx). Unparsable text has none; the engine reports the error.
 */
/** Whether a preset has a numeric knob, so the page can sweep it (declared sweep or not). */
export function hasNumericKnob(text: string | undefined): boolean {
  try {
    const knobs: unknown = text === undefined ? undefined : JSON.parse(text).knobs;
    return Array.isArray(knobs) && knobs.some((k) => k && (k.kind === 'number' || k.kind === 'integer'));
  } catch {
    return false;
  }
}

export function hasSweep(text: string | undefined): boolean {
  try {
    return text !== undefined && typeof JSON.parse(text).sweep === 'object';
  } catch {
    return false;
  }
}
