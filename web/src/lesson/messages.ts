// Every string the lesson tools (issue 32) show, as Lingui messages (issue 31 §1, docs/i18n.md).
import { i18n } from '../i18n/i18n';

/** A band's count label on the sequence diagram. */
export const bandCount = (n: number): string => `${n}`;

/** A band's hover text: how many packets it stands for, of which kind, sent when. */
export const bandTitle = (n: number, kind: 'data' | 'ack', from: string, to: string): string =>
  kind === 'data'
    ? i18n._({ id: 'lesson.band-data', message: '{n} data segments sent {from} – {to} (drawn as one band: more lines than pixel rows)', values: { n, from, to } })
    : i18n._({ id: 'lesson.band-ack', message: '{n} ACKs sent {from} – {to} (drawn as one band: more lines than pixel rows)', values: { n, from, to } });

/** The diagram's note when some lines are banded. */
export const bandedNote = (bands: number): string =>
  i18n._({ id: 'lesson.banded', message: '{bands} bands with counts where lines would be denser than the pixels', values: { bands } });

/** Legend entry for bands. */
export const bandLegend = (): string => i18n._({ id: 'lesson.band-legend', message: 'shaded band: many packets, count inside' });

/** The picked packet, as the drop popover names it. */
export const pickedPacket = (flow: string, data: boolean, seq: number, link: string): string =>
  data
    ? i18n._({ id: 'lesson.picked-segment', message: '{flow}: segment {seq} on {link}', values: { flow, seq, link } })
    : i18n._({ id: 'lesson.picked-ack', message: '{flow}: ACK {seq} on {link}', values: { flow, seq, link } });

/** The popover's button. */
export const dropThisPacket = (data: boolean): string =>
  data ? i18n._({ id: 'lesson.drop-packet', message: 'Drop this packet' }) : i18n._({ id: 'lesson.drop-ack', message: 'Drop this ACK' });

/** Why a picked packet cannot be dropped from the picture. */
export const cannotDrop = (why: 'handshake' | 'mptcp' | 'unknown'): string =>
  why === 'handshake'
    ? i18n._({ id: 'lesson.cannot-handshake', message: 'Connection setup packets cannot be dropped here.' })
    : why === 'mptcp'
      ? i18n._({ id: 'lesson.cannot-mptcp', message: 'An MPTCP packet is named by its subflow: add it to "drops" in the editor.' })
      : i18n._({ id: 'lesson.cannot-unknown', message: 'This packet belongs to no listed flow.' });

/** The popover's close button. */
export const close = (): string => i18n._({ id: 'lesson.close', message: 'Close' });

/** The undo button after a drop, naming what it removes. */
export const undoDrop = (what: string): string => i18n._({ id: 'lesson.undo-drop', message: 'Undo drop ({what})', values: { what } });

/** The hint under the picture's title. */
export const pickHint = (): string => i18n._({ id: 'lesson.pick-hint', message: 'Pause, then click a packet to drop it' });
