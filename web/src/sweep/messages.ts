// Every string the sweep panel's export row shows (issue 32 part 4), as Lingui messages (issue 31 §1).
import { i18n } from '../i18n/i18n';

export const sweepMsg = {
  exportLabel: () => i18n._({ id: 'sweep.export', message: 'Export the sweep' }),
  csv: () => i18n._({ id: 'sweep.export-csv', message: 'Points (CSV)' }),
  json: () => i18n._({ id: 'sweep.export-json', message: 'Points (JSON)' }),
  svg: () => i18n._({ id: 'sweep.export-svg', message: 'Figure (SVG)' }),
  png: () => i18n._({ id: 'sweep.export-png', message: 'Figure (PNG)' }),
  against: (metric: string, knob: string) => i18n._({ id: 'sweep.against', message: '{metric} against {knob}', values: { metric, knob } }),
  figureTitle: (metric: string, knob: string, scenario: string) =>
    i18n._({ id: 'sweep.figure-title', message: '{metric} against {knob} — {scenario}', values: { metric, knob, scenario } }),
};
