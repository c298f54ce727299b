// A knob's unit in the page's language. Symbols (ms, s, kB, MB, BDP, Mbit/s) are written the
// same in Chinese and Japanese textbooks and pass through; the worded units are translated.
import type { I18n } from '@lingui/core';

export function unitText(i18n: I18n, unit: string | null | undefined): string {
  switch (unit) {
    case 'packets':
      return i18n._({ id: 'unit.packets', message: 'packets' });
    case 'probability':
      return i18n._({ id: 'unit.probability', message: 'probability' });
    case 'bytes':
      return i18n._({ id: 'unit.bytes', message: 'bytes' });
    case 'prob.':
      return i18n._({ id: 'unit.prob', message: 'prob.' });
    case 'flows/s':
      return i18n._({ id: 'unit.flows-per-s', message: 'flows/s' });
    default:
      return unit ?? '';
  }
}
