// The preset index as vite-plugins/preset-index.ts serves it (the first load takes one entry).
declare module 'virtual:netlab/presets' {
  import type { PresetIndexEntry } from './presets';
  /** The preset the lab opens when the URL names none. */
  export const DEFAULT_PRESET: string;
  /** Every preset file's name (without .json), in the index's order. */
  export const FILES: readonly string[];
  /** The default preset's entry, in the first bundle. */
  export const FIRST: PresetIndexEntry;
  /** One preset's entry (a small chunk of its own). */
  export function loadEntry(name: string): Promise<PresetIndexEntry>;
  /** The whole index (one chunk). */
  export function loadIndex(): Promise<readonly PresetIndexEntry[]>;
}
