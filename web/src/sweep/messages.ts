// Every string the sweep panel's export row shows (issue 32 part 4), in one place for the
// Lingui catalogs (the lead moves them at merge time). Plain functions returning English.
export const sweepMsg = {
  exportLabel: () => 'Export the sweep',
  csv: () => 'Points (CSV)',
  json: () => 'Points (JSON)',
  svg: () => 'Figure (SVG)',
  png: () => 'Figure (PNG)',
  figureTitle: (metric: string, knob: string, scenario: string) => `${metric} against ${knob} — ${scenario}`,
};
