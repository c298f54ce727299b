// Strings of the compare view's JSON export and two-knob (2×2) comparison (issue 32 part 4), as
// Lingui descriptors (web/src/locales/*.po).
import { i18n } from '../i18n/i18n';

export const exportTableJson = () => i18n._({ id: 'compare.export.json', message: 'Export the table (JSON)' });
