import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The SPA screens whose messages leave the `app` catalog for their own (src/locales/{locale}/app/<name>.po):
 * each is reached only through a route (or a lazy component) that loads its catalog first.
 * A folder ends with `/`; a single file does not.
 */
const APP_SCREEN_CATALOGS: Record<string, string[]> = {
  dashboard: ['features/dashboard/'],
  history: ['features/history/'],
  profile: ['features/profile/', 'features/offline/OfflineSettings.tsx'],
  library: ['features/assets/library/', 'features/offline/PinToggle.tsx'],
  'share-target': ['features/share-target/'],
  admin: ['features/admin/'],
  'dev-tools': ['features/dev-tools/'],
  'device-check': ['features/shell/device-check/', 'features/shell/DeviceRestriction.tsx'],
  // The sign-in forms, the account pages and Google sign-in: a signed-in studio never shows them.
  // The rest of features/auth (the session's messages, the guard, sign-out) stays in `app`.
  auth: [
    'features/auth/google/',
    'features/auth/AuthModal.tsx',
    'features/auth/LoginView.tsx',
    'features/auth/RegisterView.tsx',
    'features/auth/ForgotPasswordView.tsx',
    'features/auth/VerifyOtpForm.tsx',
    'features/auth/VerifyOtpPage.tsx',
    'features/auth/ResetPasswordPage.tsx',
    'features/auth/SignInPage.tsx',
    'features/auth/GoogleCallbackPage.tsx',
    'features/auth/fields.tsx',
    'features/auth/errors.ts',
  ],
  // The assets picker, download and review dialogs, each loaded when first opened.
  'asset-dialogs': ['features/assets/picker/', 'features/assets/download/', 'features/assets/review/'],
  // The tour's overlay and the tours' texts, which only the overlay shows.
  tutorial: ['features/tutorial/TutorialOverlay.tsx', 'features/tutorial/tours/'],
  // The checkout, the payment result pages, the studio pricing screen and the receipts.
  billing: ['features/billing/'],
  // The /api-management screen: the tokens, their detail and the create dialog.
  tokens: ['features/tokens/'],
  // What an engine does of a request, in words (the plan kit, loaded when a screen has a plan to show).
  'engine-plan': ['features/generations/plan/'],
};

/**
 * UI primitives only SPA screens show (no public page imports them): their few messages are in
 * `app`, which the SPA loads at once, and not in `site`, which every public page loads too.
 */
export const SPA_ONLY_UI = ['Table.tsx', 'Modal.tsx', 'ConfirmDialog.tsx'];

/**
 * Files of src/lib only the SPA shows, for the same reason: the auth messages (the account's
 * errors, which the uploads, the jobs and the admin guard speak too) are in `app`, not `site`.
 */
export const SPA_ONLY_LIB = ['auth-messages.ts'];

/**
 * The hairstyle studio's proposed hair area ("Đề xuất vùng tóc"): its catalog loads with the mask
 * editor (a photo to paint on), not with the studio's page, and from a folder no screen's list of
 * catalogs names (src/locales/{locale}/lazy/), so the pages carry not even its loader.
 */
const HAIR_PROPOSAL_FOLDER = 'features/studio/hairstyle/proposal/';

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
      exclude: [
        '**/node_modules/**',
        '**/*.test.*',
        '<rootDir>/src/features/site/pages/**',
        ...SPA_ONLY_UI.map((file) => `<rootDir>/src/ui/${file}`),
        ...SPA_ONLY_LIB.map((file) => `<rootDir>/src/lib/${file}`),
        '<rootDir>/src/lib/http-messages.ts',
      ],
    },
    // The SPA's words for the errors of no particular area, in the module that words them, which
    // loads with the first error answer that has a code (src/lib/error-words.ts).
    {
      path: '<rootDir>/src/locales/{locale}/http-errors',
      include: ['<rootDir>/src/lib/http-messages.ts'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/pages/{name}',
      include: ['<rootDir>/src/features/site/pages/{name}/'],
      exclude: ['**/*.test.*'],
    },
    // The public API's documentation (/api-docs): a public page whose code is its own feature folder.
    {
      path: '<rootDir>/src/locales/{locale}/pages/api-docs',
      include: ['<rootDir>/src/features/api-docs/'],
      exclude: ['**/*.test.*'],
    },
    // The blog's pages (/blog, its lists and posts), rendered by the server: a feature folder of their own.
    {
      path: '<rootDir>/src/locales/{locale}/pages/blog',
      include: ['<rootDir>/src/features/blog/'],
      exclude: ['**/*.test.*', '<rootDir>/src/features/blog/CommentThread.tsx'],
    },
    // A post's comment thread, loaded with its code once the reader nears the comments
    // (src/features/blog/Comments.tsx): a reader who stops before them fetches neither.
    {
      path: '<rootDir>/src/locales/{locale}/pages/blog-comments',
      include: ['<rootDir>/src/features/blog/CommentThread.tsx'],
    },
    // One catalog per studio folder (the six tools, and the shell they share),
    // loaded by the studio routes: the SPA's first load does not carry every tool's text.
    {
      path: '<rootDir>/src/locales/{locale}/studio/{name}',
      include: ['<rootDir>/src/features/studio/{name}/'],
      exclude: ['**/*.test.*', `<rootDir>/src/${HAIR_PROPOSAL_FOLDER}**`],
    },
    {
      path: '<rootDir>/src/locales/{locale}/lazy/hair-proposal',
      include: [`<rootDir>/src/${HAIR_PROPOSAL_FOLDER}`],
      exclude: ['**/*.test.*'],
    },
    // One catalog per lazily loaded SPA screen (APP_SCREEN_CATALOGS), loaded by its route before
    // it renders (src/lib/i18n-app.ts): a studio's first load does not carry the dashboard's text.
    ...Object.entries(APP_SCREEN_CATALOGS).map(([name, folders]) => ({
      path: `<rootDir>/src/locales/{locale}/app/${name}`,
      include: folders.map((folder) => `<rootDir>/src/${folder}`),
      exclude: ['**/*.test.*'],
    })),
    {
      path: '<rootDir>/src/locales/{locale}/app',
      include: ['<rootDir>/src'],
      exclude: [
        '**/node_modules/**',
        '**/*.test.*',
        '<rootDir>/src/features/site/**',
        '<rootDir>/src/features/api-docs/**',
        '<rootDir>/src/features/blog/**',
        '<rootDir>/src/features/studio/*/**',
        // src/lib is `site`'s, the SPA's own files aside.
        '<rootDir>/src/lib/*/**/*',
        `<rootDir>/src/lib/!(${SPA_ONLY_LIB.map((file) => file.replace(/\.ts$/, '')).join('|')}).ts`,
        '<rootDir>/src/lib/*.tsx',
        // src/ui is `site`'s, the SPA's own primitives aside.
        '<rootDir>/src/ui/*/**/*',
        '<rootDir>/src/ui/*.ts',
        `<rootDir>/src/ui/!(${SPA_ONLY_UI.map((file) => file.replace(/\.tsx$/, '')).join('|')}).tsx`,
        ...Object.values(APP_SCREEN_CATALOGS)
          .flat()
          .map((folder) => `<rootDir>/src/${folder}${folder.endsWith('/') ? '**' : ''}`),
      ],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
