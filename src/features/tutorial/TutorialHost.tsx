/**
 * Renders the running tutorial, wherever it was started from. Mounted once in the SPA's root
 * (src/routes/__root.tsx). The overlay's code is fetched the first time a tutorial starts, so
 * screens that never show one do not pay for it; the start delay (100 ms) hides that fetch.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useTutorial, useTutorialController } from './use-tutorial.ts';
import { withScreenCatalogs } from '../../lib/i18n-app.ts';

// The overlay and the tours' texts (the tutorial catalog) load together.
const TutorialOverlay = lazy(withScreenCatalogs(async () => ({ default: (await import('./TutorialOverlay.tsx')).TutorialOverlay }), 'tutorial'));

export function TutorialHost() {
  const controller = useTutorialController();
  const { isActive } = useTutorial();
  // The host leaving (the app unmounting) takes the running tour with it, without callbacks.
  useEffect(() => () => controller.dispose(), [controller]);
  if (!isActive) return null;
  return (
    <Suspense fallback={null}>
      <TutorialOverlay controller={controller} />
    </Suspense>
  );
}
