import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

// Message catalogs of the page (docs/i18n.md). Messages are written in the source as explicit-id
// descriptors, `i18n._({ id: 'lab.run.play', message: 'Play' })`, and extracted by
// `npx lingui extract` into web/src/locales/{en,zh,ja}.po; the Vite plugin (@lingui/vite-plugin)
// compiles a .po file into a JS module when web/src/i18n/i18n.ts imports it, so the page ships
// compiled messages and no message parser. No macro: @vitejs/plugin-react 6 runs without Babel
// and Lingui's macro needs Babel or SWC (docs/i18n.md says why we stayed without).
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'zh', 'ja'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/web/src/locales/{locale}',
      include: ['<rootDir>/web/src'],
      exclude: ['**/*.test.ts', '**/generated/**', '**/locales/**'],
    },
  ],
  // No line numbers in the .po files: a catalog changes only when a message does (fewer merge
  // conflicts between branches that add strings).
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
