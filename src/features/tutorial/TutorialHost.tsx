/**
 * The tutorial's place in the SPA's root (src/routes/__root.tsx): nothing until a screen uses
 * tutorials, then the layer that renders the running one (TutorialLayer.tsx), whose code loads
 * at that moment.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { tutorialInUseAtom } from './tutorial-in-use.ts';

const TutorialLayer = lazy(async () => ({ default: (await import('./TutorialLayer.tsx')).TutorialLayer }));

export function TutorialHost() {
  const controller = useAtomValue(tutorialInUseAtom);
  // The host leaving (the app unmounting) takes the running tour with it, without callbacks.
  useEffect(() => () => controller?.dispose(), [controller]);
  if (!controller) return null;
  return (
    <Suspense fallback={null}>
      <TutorialLayer />
    </Suspense>
  );
}
