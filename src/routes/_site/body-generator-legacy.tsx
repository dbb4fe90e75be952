import { createFileRoute } from '@tanstack/react-router';
import { requireAuth } from '../../features/auth/RequireAuth.tsx';
import { onePageStudio } from '../../features/studio/shell/one-page.tsx';
import { studioRoute } from '../../features/studio/shell/studio-route.ts';
import { BodyGeneratorScreen } from '../../features/studio/body-generator/BodyGeneratorScreen.tsx';

/** The legacy body generator studio: signed in, the public layout, the whole tool on one page. */
export const Route = createFileRoute('/_site/body-generator-legacy')({
  ...studioRoute('body-generator'),
  component: requireAuth(onePageStudio(BodyGeneratorScreen)),
});
