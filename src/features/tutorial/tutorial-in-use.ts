import { atom } from 'jotai';

/**
 * The tutorial controller once a screen uses tutorials (useTutorialController), as far as the
 * SPA's root needs it: until then the root mounts no tutorial code at all, and the studios
 * without a tour never load the controller.
 */
export const tutorialInUseAtom = atom<{ dispose(): void } | null>(null);
