// Every word the offline support shows (issue 31 part 4), in one place: plain functions
// returning English, moved into the message catalogs when the page's strings are.

export const offlineMessages = {
  updateReady: () => 'A new version of NetLab is ready — reload to use it.',
  reload: () => 'Reload',
  later: () => 'Later',
  bannerLabel: () => 'Update',
};
