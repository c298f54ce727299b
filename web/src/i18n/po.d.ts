// A .po catalog imported by the page: @lingui/vite-plugin compiles it into this module.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
