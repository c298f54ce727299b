// The words the page writes when a piece of the preset index fails to load (presets.ts: the
// index loads in pieces, issue 31 part 5), as Lingui messages (issue 31 §1).
import { i18n } from '../i18n/i18n';

const why = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0] ?? '';

export const presetListMessages = {
  /** The URL's preset could not be opened: its index entry did not load. */
  entryFailed: (name: string, e: unknown) =>
    i18n._({ id: 'presets.entry-failed', message: 'Could not load the preset {name} ({why}).', values: { name, why: why(e) } }),
  /** The list of every preset did not load (the picker then lists the presets the page has). */
  indexFailed: (e: unknown) =>
    i18n._({ id: 'presets.index-failed', message: 'Could not load the list of presets ({why}).', values: { why: why(e) } }),
};
