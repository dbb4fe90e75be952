/**
 * A screen's own tour, without the tutorial's code until it is needed: a screen whose tour was
 * already seen loads the controller only when its help button is pressed.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useStore } from 'jotai';
import type { TutorialController } from './controller.ts';
import { hasSeenTutorial, markTutorialSeen } from './seen.ts';
import { tutorialInUseAtom } from './tutorial-in-use.ts';
import type { TutorialConfig } from './types.ts';

export interface ScreenTutorialOptions {
  /** Offer the tour by itself the first time (default true); false waits, e.g. for data. */
  autoStart?: boolean;
}

const noSubscription = () => () => undefined;

/**
 * A screen's own tour (docs/product-rules.md#tutorial: the try-on tutorial is offered the first
 * time, then from a help button). The first time the screen mounts with `autoStart`, the tour
 * starts; it counts as seen once its first step has been shown (`markTutorialSeen(config.id)`).
 * The returned function starts it again (the help button). Leaving the screen stops its tour at
 * once, without callbacks.
 *
 * `config.id` is required here: it is the localStorage key of "seen".
 */
export function useScreenTutorial(
  config: TutorialConfig & { id: string },
  { autoStart = true }: ScreenTutorialOptions = {},
): { start: () => void; isActive: boolean } {
  const store = useStore();
  const [controller, setController] = useState<TutorialController | null>(null);
  const latest = useRef(config);
  useEffect(() => {
    latest.current = config;
  });
  // The config actually running, wrapped: compared on unmount to stop only this screen's tour.
  const running = useRef<TutorialConfig | null>(null);
  const loaded = useRef<TutorialController | null>(null);
  // Each start, and leaving, takes a new number: a start whose code arrives after the screen
  // left (or after React's development remount started it again) does nothing.
  const attempt = useRef(0);

  /** Shows this screen's tour on `tutorial`, the store's controller. */
  const run = useCallback(
    (tutorial: TutorialController) => {
      loaded.current = tutorial;
      // The root's TutorialHost mounts the layer that renders it.
      store.set(tutorialInUseAtom, tutorial);
      setController(tutorial);
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
      if (tutorial.start(wrapped)) running.current = wrapped;
    },
    [store],
  );

  const start = useCallback(() => {
    const mine = ++attempt.current;
    void import('./use-tutorial.ts').then(({ tutorialControllerAtom }) => {
      if (mine === attempt.current) run(store.get(tutorialControllerAtom));
      return undefined;
    });
  }, [run, store]);

  const id = config.id;
  useEffect(() => {
    if (autoStart && !hasSeenTutorial(id)) start();
  }, [autoStart, id, start]);

  useEffect(
    () => () => {
      attempt.current += 1;
      const tutorial = loaded.current;
      if (tutorial && running.current && tutorial.getSnapshot().config === running.current) tutorial.dispose();
      running.current = null;
    },
    [],
  );

  const isActive = useSyncExternalStore(
    controller ? controller.subscribe : noSubscription,
    () => controller?.isActive ?? false,
    () => false,
  );
  return { start, isActive };
}
