// The words of the first load's pieces (issue 31 part 5: the preset index loads in pieces,
// presets.ts; panels the first run does not need load once it is live, App.tsx), as Lingui
// messages (issue 31 §1): a piece that fails to load, and the panels' names in the line that
// says which one failed.
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

/** The lab's panels that load once the first run is live, as "Could not load {what}" names them. */
export const panelNames = {
  inspector: () => i18n._({ id: 'lab.panel.inspector', message: 'the inspector' }),
  follow: () => i18n._({ id: 'lab.panel.follow', message: 'the packet follower' }),
  timeline: () => i18n._({ id: 'lab.panel.timeline', message: 'the state timeline' }),
  mptcp: () => i18n._({ id: 'lab.panel.mptcp', message: 'the MPTCP panel' }),
  quic: () => i18n._({ id: 'lab.panel.quic', message: 'the QUIC streams panel' }),
  worksheet: () => i18n._({ id: 'lab.panel.worksheet', message: 'the worksheet' }),
  export: () => i18n._({ id: 'lab.panel.export', message: 'the export panel' }),
};
