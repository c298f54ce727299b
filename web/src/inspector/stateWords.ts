// A congestion controller's state name in words, in the page's language (Lingui messages, issue
// 31 §1). Apart from the inspector's event sentences (messages.ts, re-exported there): the live
// table of the first load needs only this (issue 31 part 5).
import { i18n } from '../i18n/i18n';

/** A controller state name in words ("congestion_avoidance" → "congestion avoidance"). */
export function stateWords(state: string): string {
  switch (state) {
    case 'slow_start':
      return i18n._({ id: 'state.slow-start', message: 'slow start' });
    case 'congestion_avoidance':
      return i18n._({ id: 'state.congestion-avoidance', message: 'congestion avoidance' });
    case 'recovery':
      return i18n._({ id: 'state.recovery', message: 'recovery' });
    case 'startup':
      return i18n._({ id: 'state.startup', message: 'startup' });
    case 'drain':
      return i18n._({ id: 'state.drain', message: 'drain' });
    case 'probe_bw':
      return i18n._({ id: 'state.probe-bw', message: 'probe bw' });
    case 'probe_rtt':
      return i18n._({ id: 'state.probe-rtt', message: 'probe rtt' });
    case 'delay':
      return i18n._({ id: 'state.hystart-delay', message: 'delay' });
    case 'not started':
      return i18n._({ id: 'state.not-started', message: 'not started' });
    case 'done':
      return i18n._({ id: 'state.done', message: 'done' });
    case 'ack_train':
      return i18n._({ id: 'state.hystart-ack-train', message: 'ack train' });
    default:
      return state.replace(/_/g, ' ');
  }
}
