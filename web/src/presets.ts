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
