/**
 * Renders the running tutorial, wherever it was started from: loaded by TutorialHost once a
 * screen uses tutorials. The overlay's code is fetched the first time a tutorial starts, so a
 * screen that only offers one does not pay for it; the start delay (100 ms) hides that fetch.
 */
import { lazy, Suspense } from 'react';
import { useTutorial, useTutorialController } from './use-tutorial.ts';
import { withScreenCatalogs } from '../../lib/i18n-app.ts';

// The overlay and the tours' texts (the tutorial catalog) load together.
const TutorialOverlay = lazy(withScreenCatalogs(async () => ({ default: (await import('./TutorialOverlay.tsx')).TutorialOverlay }), 'tutorial'));

export function TutorialLayer() {
  const controller = useTutorialController();
  const { isActive } = useTutorial();
  if (!isActive) return null;
  return (
    <Suspense fallback={null}>
      <TutorialOverlay controller={controller} />
    </Suspense>
  );
}
