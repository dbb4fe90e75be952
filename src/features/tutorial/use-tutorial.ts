/**
 * One tutorial controller per jotai store (so per app, and per test), reachable from any screen.
 * `<TutorialHost />` (mounted once, in the SPA's root) renders whatever it runs.
 */
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useAtomValue } from 'jotai';
import { atomWithLazy } from 'jotai/utils';
import { TutorialController, type TutorialSnapshot } from './controller.ts';
import { hasSeenTutorial, markTutorialSeen } from './seen.ts';
import type { TutorialConfig } from './types.ts';

/** Lazy: the controller is created the first time a store reads it. */
export const tutorialControllerAtom = atomWithLazy(() => new TutorialController());

export function useTutorialController(): TutorialController {
  return useAtomValue(tutorialControllerAtom);
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

export interface ScreenTutorialOptions {
  /** Offer the tour by itself the first time (default true); false waits, e.g. for data. */
  autoStart?: boolean;
}

/**
 * A screen's own tour (spec: the try-on tutorial is offered the first time, then from a help
 * button). The first time the screen mounts with `autoStart`, the tour starts; it counts as seen
 * once its first step has been shown (`markTutorialSeen(config.id)`). The returned function starts
 * it again (the help button). Leaving the screen stops its tour at once, without callbacks.
 *
 * `config.id` is required here: it is the localStorage key of "seen".
 */
export function useScreenTutorial(
  config: TutorialConfig & { id: string },
  { autoStart = true }: ScreenTutorialOptions = {},
): { start: () => boolean; isActive: boolean } {
  const controller = useTutorialController();
  const { isActive } = useTutorial();
  const latest = useRef(config);
  useEffect(() => {
    latest.current = config;
  });
  // The config actually running, wrapped: compared on unmount to stop only this screen's tour.
  const running = useRef<TutorialConfig | null>(null);

  const start = useCallback(() => {
    const base = latest.current;
    const wrapped: TutorialConfig = {
      ...base,
      onStepChange: (index, step) => {
        // Seen once something was shown: React's development double mount (start, stop, start)
        // must not use up the first-time offer before the user saw anything.
        markTutorialSeen(base.id);
        base.onStepChange?.(index, step);
      },
    };
    const started = controller.start(wrapped);
    if (started) running.current = wrapped;
    return started;
  }, [controller]);

  const id = config.id;
  useEffect(() => {
    if (autoStart && !hasSeenTutorial(id)) start();
  }, [autoStart, id, start]);

  useEffect(
    () => () => {
      if (running.current && controller.getSnapshot().config === running.current) controller.dispose();
      running.current = null;
    },
    [controller],
  );

  return { start, isActive };
}
