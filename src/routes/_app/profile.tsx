import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { requireAuth } from '../../features/auth/RequireAuth.tsx';
import { loadScreenCatalogs } from '../../lib/i18n-app.ts';
import { ProfilePage } from '../../features/profile/ProfilePage.tsx';

/** Profile Settings (docs/product-rules.md#profile), for signed-in users. */
export const Route = createFileRoute('/_app/profile')({
  staticData: { title: msg`Cài đặt hồ sơ` },
  // The page's messages before it renders.
  // The profile's password and name fields are the account forms' (the auth catalog).
  loader: () => loadScreenCatalogs('profile', 'auth'),
  component: requireAuth(ProfilePage),
});
