import { createFileRoute } from '@tanstack/react-router';
import { requireAuth } from '../../features/auth/RequireAuth.tsx';
import { onePageStudio } from '../../features/studio/shell/one-page.tsx';
import { studioRoute } from '../../features/studio/shell/studio-route.ts';
import { ImageToVideoScreen } from '../../features/studio/image-to-video/ImageToVideoScreen.tsx';

/** The legacy image-to-video studio: signed in, the public layout, the whole tool on one page. */
export const Route = createFileRoute('/_site/image-to-video-legacy')({
  ...studioRoute('image-to-video'),
  component: requireAuth(onePageStudio(ImageToVideoScreen)),
});
