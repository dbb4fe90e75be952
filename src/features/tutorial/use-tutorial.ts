/**
 * One tutorial controller per jotai store (so per app, and per test), reachable from any screen.
 * `<TutorialHost />` (mounted once, in the SPA's root) renders whatever it runs.
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { atomWithLazy } from 'jotai/utils';
import { TutorialController, type TutorialSnapshot } from './controller.ts';
import type { TutorialConfig } from './types.ts';
import { tutorialInUseAtom } from './tutorial-in-use.ts';

/** Lazy: the controller is created the first time a store reads it. */
export const tutorialControllerAtom = atomWithLazy(() => new TutorialController());

export function useTutorialController(): TutorialController {
  const controller = useAtomValue(tutorialControllerAtom);
  // The root's TutorialHost mounts its layer once anything uses the controller.
  const setInUse = useSetAtom(tutorialInUseAtom);
  useEffect(() => setInUse(controller), [setInUse, controller]);
  return controller;
}

/** The controller's state, kept live (re-renders on every change, countdown ticks included). */
export function useTutorialSnapshot(controller: TutorialController): TutorialSnapshot {
  return useSyncExternalStore(controller.subscribe, controller.getSnapshot, controller.getSnapshot);
}

export interface UseTutorial {
  /** False (and a console warning) while another tutorial is active. */
  start: (config: TutorialConfig) => boolean;
  next: () => boolean;
  previous: () => boolean;
  skip: () => boolean;
  finish: () => boolean;
  /** A tutorial is on screen (or fading out). */
  isActive: boolean;
}

/**
 * Starts and drives tutorials from any screen. Re-renders only when `isActive` changes, not on
 * every step or countdown tick (use `useTutorialSnapshot` for those).
 */
export function useTutorial(): UseTutorial {
  const controller = useTutorialController();
  const isActive = useSyncExternalStore(
    controller.subscribe,
    () => controller.isActive,
    () => false,
  );
  return useMemo(
    () => ({
      start: (config: TutorialConfig) => controller.start(config),
      next: () => controller.next(),
      previous: () => controller.previous(),
      skip: () => controller.skip(),
      finish: () => controller.finish(),
      isActive,
    }),
    [controller, isActive],
  );
}
