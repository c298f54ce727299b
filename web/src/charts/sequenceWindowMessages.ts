// Strings of the sequence diagram's window choice (charts/sequenceWindow.ts, issue 32), as Lingui
// descriptors (web/src/locales).
import { i18n } from '../i18n/i18n';

export const followClock = () => i18n._({ id: 'sequence.window.live', message: 'Follow the clock' });
export const readable = () => i18n._({ id: 'sequence.window.auto', message: 'First loss' });
export const onFirstLoss = (seq: number) => i18n._({ id: 'sequence.window.on-loss', message: 'showing the first loss (packet {seq}) and its recovery', values: { seq } });
export const onFirstRtts = () => i18n._({ id: 'sequence.window.on-first', message: 'showing the first round trips (no loss yet)' });
export const onBrush = () => i18n._({ id: 'sequence.window.on-brush', message: 'showing the time brush window' });
