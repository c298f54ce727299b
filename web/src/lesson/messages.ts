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
