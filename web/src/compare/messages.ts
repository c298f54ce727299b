// Strings the compare view's export adds (issue 32 part 4), as Lingui messages (issue 31 §1).
import { i18n } from '../i18n/i18n';

export const compareMsg = {
  exportTable: () => i18n._({ id: 'compare.export-table', message: 'Export the table (CSV)' }),
};
