import { createFileRoute } from '@tanstack/react-router';
import { requireAuth } from '../../features/auth/RequireAuth.tsx';
import { onePageStudio } from '../../features/studio/shell/one-page.tsx';
import { studioRoute } from '../../features/studio/shell/studio-route.ts';
import { VirtualTryOnScreen } from '../../features/studio/virtual-tryon/VirtualTryOnScreen.tsx';

/** The legacy virtual try-on studio: signed in, the public layout, the whole tool on one page. */
export const Route = createFileRoute('/_site/virtual-tryon-legacy')({
  ...studioRoute('virtual-tryon'),
  component: requireAuth(onePageStudio(VirtualTryOnScreen)),
});
