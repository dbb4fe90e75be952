import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// Vietnamese is the source language: messages are written in Vietnamese in the code,
// English is the translation and the fallback.
export default defineConfig({
  sourceLocale: 'vi',
  locales: ['vi', 'en'],
  // Catalogs are split so a pre-rendered public page downloads only what it shows: `site`
  // (public layout and shared libraries), one catalog per public page (a folder under
  // src/features/site/pages/), one per studio folder (src/features/studio/<name>/), and `app`
  // for the rest of the SPA.
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/site',
      include: ['<rootDir>/src/features/site', '<rootDir>/src/lib', '<rootDir>/src/ui'],
      exclude: ['**/node_modules/**', '**/*.test.*', '<rootDir>/src/features/site/pages/**'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/pages/{name}',
      include: ['<rootDir>/src/features/site/pages/{name}/'],
      exclude: ['**/*.test.*'],
    },
    // One catalog per studio folder (the six tools, and the shell they share),
    // loaded by the studio routes: the SPA's first load does not carry every tool's text.
    {
      path: '<rootDir>/src/locales/{locale}/studio/{name}',
      include: ['<rootDir>/src/features/studio/{name}/'],
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/app',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '**/*.test.*', '<rootDir>/src/features/site/**', '<rootDir>/src/features/studio/*/**', '<rootDir>/src/lib/**', '<rootDir>/src/ui/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
