/**
 * The tutorial overlay's data (docs/product-rules.md#tutorial-data) and its constants
 * (docs/product-rules.md#tutorial-numbers). No React and no UI text here: the controller and the tours share it.
 */
import type { MessageDescriptor } from '@lingui/core';

/**
 * Text of a step: a Lingui descriptor (`msg\`…\``), translated when it is shown so a language
 * switch during a tour takes effect at once, or a string already translated by the caller.
 */
export type TutorialText = string | MessageDescriptor;

/** Where the tooltip sits relative to its target; `auto` picks the side with room. */
export type TutorialPlacement = 'auto' | 'top' | 'bottom' | 'left' | 'right';

/**
 * A step hook. It may return a promise, which the controller awaits before going on (e.g. a
 * `beforeShow` that opens a panel so its target exists). A hook that throws is logged and the tour
 * goes on: a broken hook must not trap the user under the overlay.
 */
export type TutorialStepHook = (step: TutorialStep, index: number) => void | Promise<void>;

export interface TutorialStep {
  /** Unique within its tutorial; also the step's key in the view. */
  id: string;
  /**
   * CSS selector of the element to highlight, e.g. `[data-tutorial="tryon-generate"]`. Absent, or
   * not found (after waiting, with `waitForElement`): the step is shown centred without a cut-out.
   */
  target?: string;
  title: TutorialText;
  content: TutorialText;
  /** Default `auto`. */
  placement?: TutorialPlacement;
  /** Extra shift of the tooltip from its computed position, in px. */
  offset?: { x?: number; y?: number };
  /** Go to the next step by itself after this many seconds, with a visible countdown. */
  autoNext?: number;
  /** Show the Previous button (never on the first step). Default true. */
  showPrevious?: boolean;
  /** Show the Skip button (only when the tutorial's `allowSkip` is on). Default true. */
  showSkip?: boolean;
  /** Look for the target every 100 ms, up to 50 times, before showing the step (it may render late). */
  waitForElement?: boolean;
  /** Presses on the highlighted target are blocked (they go through the cut-out otherwise). */
  disableInteraction?: boolean;
  /** Space between the target and the cut-out's edge, in px. Default 8. */
  highlightPadding?: number;
  /** Corner radius of the cut-out, in px. Default 8. */
  highlightRadius?: number;
  /** Extra class name on the tooltip. */
  customClass?: string;
  beforeShow?: TutorialStepHook;
  afterShow?: TutorialStepHook;
  beforeHide?: TutorialStepHook;
  afterHide?: TutorialStepHook;
}

export interface TutorialConfig {
  /**
   * Identifies the tutorial (e.g. for `markTutorialSeen`). Not in the fields of docs/product-rules.md#tutorial-data; optional
   * and unused by the controller itself.
   */
  id?: string;
  steps: readonly TutorialStep[];
  /** Called once when a start is accepted, before the start delay. */
  onStart?: () => void;
  /** Called once after the last step's Finish, when the fade-out is over. */
  onComplete?: () => void;
  /** Called once after a skip, when the fade-out is over, with the index of the step it left. */
  onSkip?: (index: number) => void;
  /** Called each time a step is shown, before its `afterShow`. */
  onStepChange?: (index: number, step: TutorialStep) => void;
  /**
   * Whether the user may leave before the end: Escape, a press on the backdrop, and the Skip
   * button. Default true (an overlay with no way out fails keyboard users; a tour that must be
   * seen to the end sets it to false).
   */
  allowSkip?: boolean;
}

/** docs/product-rules.md#tutorial-numbers */
export const TUTORIAL = {
  /** Between an accepted start and the first step, so the screen that started it can settle. */
  startDelayMs: 100,
  /** A step with `waitForElement` looks for its target this often… */
  targetPollMs: 100,
  /** …at most this many times (5 s in all) before it is shown centred. */
  targetPollAttempts: 50,
  /** The overlay fades out this long after Finish or Skip before the tour ends. */
  endFadeMs: 300,
  /** The auto-advance countdown ticks once a second. */
  countdownTickMs: 1000,
  /** The tooltip's usual size, in px: used to place it before it has been measured. */
  tooltipWidth: 320,
  tooltipHeight: 200,
  /** Minimum distance between the tooltip and the viewport's edges, in px. */
  viewportMargin: 16,
  /** Distance between the highlighted area and the tooltip, in px. */
  tooltipOffset: 16,
  /** Defaults of `highlightPadding` and `highlightRadius`, in px. */
  highlightPadding: 8,
  highlightRadius: 8,
  /** Backdrop: black at 60 % opacity. */
  backdropOpacity: 0.6,
} as const;

/**
 * The selector of a stable tutorial target: screens mark the element with
 * `data-tutorial="<name>"` (not a class or test id, which may change for other reasons).
 */
export function tutorialTarget(name: string): string {
  return `[data-tutorial="${name}"]`;
}
