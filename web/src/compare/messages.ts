// Strings the compare view's export adds (issue 32 part 4), in one place for the Lingui
// catalogs (the lead moves them at merge time). Plain functions returning English.
export const compareMsg = {
  exportTable: () => 'Export the table (CSV)',
};
