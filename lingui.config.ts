import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// Vietnamese is the source language: messages are written in Vietnamese in the code,
// English is the translation and the fallback.
export default defineConfig({
  sourceLocale: 'vi',
  locales: ['vi', 'en'],
  // Two catalogs so the pre-rendered public pages load only their own messages: `site` for the
  // public site and the shared libraries, `app` for the rest of the SPA (which loads both).
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/site',
      include: ['<rootDir>/src/features/site', '<rootDir>/src/lib', '<rootDir>/src/ui'],
      exclude: ['**/node_modules/**', '**/*.test.*'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/app',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '**/*.test.*', '<rootDir>/src/features/site/**', '<rootDir>/src/lib/**', '<rootDir>/src/ui/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
