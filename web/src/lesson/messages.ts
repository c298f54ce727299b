// Every string the lesson tools (issue 32) show, in one place as plain functions returning
// English, so the lead can move them into the Lingui catalogs at merge time.

/** A band's count label on the sequence diagram. */
export const bandCount = (n: number): string => `${n}`;

/** A band's hover text: how many packets it stands for, of which kind, sent when. */
export const bandTitle = (n: number, kind: 'data' | 'ack', from: string, to: string): string =>
  `${n} ${kind === 'data' ? 'data segments' : 'ACKs'} sent ${from} – ${to} (drawn as one band: more lines than pixel rows)`;

/** The diagram's note when some lines are banded. */
export const bandedNote = (bands: number): string => `${bands} bands with counts where lines would be denser than the pixels`;

/** Legend entry for bands. */
export const bandLegend = (): string => 'shaded band: many packets, count inside';

/** The picked packet, as the drop popover names it. */
export const pickedPacket = (flow: string, data: boolean, seq: number, link: string): string =>
  `${flow}: ${data ? `segment ${seq}` : `ACK ${seq}`} on ${link}`;

/** The popover's button. */
export const dropThisPacket = (data: boolean): string => (data ? 'Drop this packet' : 'Drop this ACK');

/** Why a picked packet cannot be dropped from the picture. */
export const cannotDrop = (why: 'handshake' | 'mptcp' | 'unknown'): string =>
  why === 'handshake'
    ? 'Connection setup packets cannot be dropped here.'
    : why === 'mptcp'
      ? 'An MPTCP packet is named by its subflow: add it to "drops" in the editor.'
      : 'This packet belongs to no listed flow.';

/** The popover's close button. */
export const close = (): string => 'Close';

/** The undo button after a drop, naming what it removes. */
export const undoDrop = (what: string): string => `Undo drop (${what})`;

/** The hint under the picture's title. */
export const pickHint = (): string => 'Pause, then click a packet to drop it';
