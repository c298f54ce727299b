// Every word the offline support shows (issue 31 part 4), as Lingui messages (issue 31 §1).
import { i18n } from '../i18n/i18n';

export const offlineMessages = {
  updateReady: () => i18n._({ id: 'offline.update-ready', message: 'A new version of NetLab is ready — reload to use it.' }),
  reload: () => i18n._({ id: 'offline.reload', message: 'Reload' }),
  later: () => i18n._({ id: 'offline.later', message: 'Later' }),
  bannerLabel: () => i18n._({ id: 'offline.banner', message: 'Update' }),
};
