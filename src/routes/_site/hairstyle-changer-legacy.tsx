import { createFileRoute } from '@tanstack/react-router';
import { requireAuth } from '../../features/auth/RequireAuth.tsx';
import { onePageStudio } from '../../features/studio/shell/one-page.tsx';
import { studioRoute } from '../../features/studio/shell/studio-route.ts';
import { HairstyleChangerScreen } from '../../features/studio/hairstyle/HairstyleChangerScreen.tsx';

/** The legacy hairstyle changer studio: signed in, the public layout, the whole tool on one page. */
export const Route = createFileRoute('/_site/hairstyle-changer-legacy')({
  ...studioRoute('hairstyle-changer'),
  component: requireAuth(onePageStudio(HairstyleChangerScreen)),
});
