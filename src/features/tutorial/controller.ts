/**
 * The tutorial's state machine (docs/product-rules.md#tutorial-behaviour), without React: the view renders its
 * snapshots and forwards keys and backdrop presses to it.
 *
 *   inactive ──start()──▶ active/starting ──100 ms──▶ step n (shown) ──next()──▶ step n+1 …
 *                                                        │                         │
 *                                   skip() / Escape / backdrop        next() on the last step, finish()
 *                                                        ▼                         ▼
 *                                       finishing (300 ms fade) ──▶ inactive, then onSkip / onComplete
 *
 * Going from one step to another runs, in order and each awaited: the old step's `beforeHide`,
 * it disappears, its `afterHide`; the new step's `beforeShow` (which may, say, open the panel its
 * target lives in); the target is looked up (with `waitForElement`, every 100 ms up to 50 times);
 * the step appears, `onStepChange`, its `afterShow`.
 *
 * A step whose target is absent (no selector, or not found even after waiting) is shown centred
 * without a cut-out rather than skipped: its text is still worth reading, and the 'n / total'
 * progress stays true.
 *
 * Every transition takes a new run number; async work (hooks, waits, timers) that finds the run
 * changed when it resumes stops there, so a skip during a 5 s wait ends the tour at once.
 */
import { TUTORIAL, type TutorialConfig, type TutorialStep, type TutorialStepHook } from './types.ts';

export type TutorialStatus = 'inactive' | 'active' | 'finishing';

/**
 * Within `active`: `starting` (the start delay), `changing` (hooks between two steps), `waiting`
 * (looking for the target), `shown` (a step on screen, the only phase that takes input), `ending`
 * (the last step's `beforeHide` before the fade).
 */
export type TutorialPhase = 'idle' | 'starting' | 'changing' | 'waiting' | 'shown' | 'ending';

export type TutorialEndReason = 'complete' | 'skip';

export interface TutorialSnapshot {
  status: TutorialStatus;
  phase: TutorialPhase;
  config: TutorialConfig | null;
  /** The step shown or being prepared; -1 before the first. */
  index: number;
  total: number;
  /** The step on screen; null during the start delay, between steps and while waiting. */
  step: TutorialStep | null;
  /** The step's target element, or null: the step is shown centred. */
  target: Element | null;
  /** Whole seconds before the step advances by itself (`autoNext`), or null. */
  countdown: number | null;
  endReason: TutorialEndReason | null;
}

/** A keydown, reduced to what the controller reads (a DOM KeyboardEvent fits). */
export interface TutorialKeyEvent {
  key: string;
  target: EventTarget | null;
  defaultPrevented?: boolean;
  isComposing?: boolean;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
}

export interface TutorialControllerOptions {
  /** Finds a step's target; default `document.querySelector` (an invalid selector finds nothing). */
  findTarget?: (selector: string) => Element | null;
  /** Where refusals are reported; default `console.warn`. */
  warn?: (message: string) => void;
}

const INACTIVE: TutorialSnapshot = {
  status: 'inactive',
  phase: 'idle',
  config: null,
  index: -1,
  total: 0,
  step: null,
  target: null,
  countdown: null,
  endReason: null,
};

function defaultFindTarget(selector: string): Element | null {
  if (typeof document === 'undefined') return null;
  try {
    return document.querySelector(selector);
  } catch {
    console.warn(`Tutorial: invalid target selector ${JSON.stringify(selector)}`);
    return null;
  }
}

interface ElementLike {
  tagName: string;
  isContentEditable?: boolean;
  getAttribute?: (name: string) => string | null;
  closest?: (selector: string) => unknown;
}

// Duck-typed rather than `instanceof Element`, so the controller also runs without a DOM.
function asElement(target: unknown): ElementLike | null {
  if (typeof target !== 'object' || target === null || !('tagName' in target)) return null;
  return typeof target.tagName === 'string' ? (target as ElementLike) : null;
}

const TYPING_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/** Focus is in a field: the keys belong to it (docs/product-rules.md#tutorial-behaviour). */
export function isTypingTarget(target: EventTarget | null): boolean {
  const element = asElement(target);
  if (!element) return false;
  if (TYPING_TAGS.has(element.tagName.toUpperCase()) || element.isContentEditable === true) return true;
  return Boolean(element.closest?.('[contenteditable]:not([contenteditable="false"])'));
}

const ACTIVATABLE_TAGS = new Set(['BUTTON', 'A', 'SUMMARY']);
const ACTIVATABLE_ROLES = new Set(['button', 'link', 'checkbox', 'switch', 'tab', 'menuitem', 'option', 'radio']);

/** Enter and Space already press a focused button or link: the tutorial must not act twice. */
function isActivatable(target: EventTarget | null): boolean {
  const element = asElement(target);
  if (!element) return false;
  return ACTIVATABLE_TAGS.has(element.tagName.toUpperCase()) || ACTIVATABLE_ROLES.has(element.getAttribute?.('role') ?? '');
}

export class TutorialController {
  #snapshot: TutorialSnapshot = INACTIVE;
  readonly #listeners = new Set<() => void>();
  readonly #timers = new Set<ReturnType<typeof setTimeout>>();
  readonly #findTarget: (selector: string) => Element | null;
  readonly #warn: (message: string) => void;
  #run = 0;

  constructor(options: TutorialControllerOptions = {}) {
    this.#findTarget = options.findTarget ?? defaultFindTarget;
    this.#warn = options.warn ?? ((message) => console.warn(message));
  }

  /** For `useSyncExternalStore`: the listener is called after every change. */
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** The current state, a new object after each change (never mutated). */
  getSnapshot = (): TutorialSnapshot => this.#snapshot;

  get isActive(): boolean {
    return this.#snapshot.status !== 'inactive';
  }

  /**
   * Starts a tutorial. Refused, with a warning, while one is active or finishing (docs/product-rules.md#tutorial-behaviour) or when
   * it has no steps. `onStart` runs at once; the first step follows after the start delay.
   */
  start(config: TutorialConfig): boolean {
    if (this.#snapshot.status !== 'inactive') {
      this.#warn('Tutorial: a tutorial is already active; this start was refused.');
      return false;
    }
    if (config.steps.length === 0) {
      this.#warn('Tutorial: a tutorial needs at least one step; this start was refused.');
      return false;
    }
    const run = this.#newRun();
    this.#set({ ...INACTIVE, status: 'active', phase: 'starting', config, total: config.steps.length });
    this.#call(config.onStart);
    this.#later(TUTORIAL.startDelayMs, () => {
      if (run === this.#run) void this.#goTo(0);
    });
    return true;
  }

  /** Next step, or the end (complete) after the last one. Only while a step is shown. */
  next(): boolean {
    const { status, phase, index, total } = this.#snapshot;
    if (status !== 'active' || phase !== 'shown') return false;
    if (index >= total - 1) return this.finish();
    void this.#goTo(index + 1);
    return true;
  }

  /** Previous step; nothing on the first one. */
  previous(): boolean {
    const { status, phase, index } = this.#snapshot;
    if (status !== 'active' || phase !== 'shown' || index <= 0) return false;
    void this.#goTo(index - 1);
    return true;
  }

  /** Ends the tour as completed (the Finish button). */
  finish(): boolean {
    return this.#end('complete');
  }

  /**
   * Ends the tour as skipped. Not gated by `allowSkip`: that flag governs what the user may do
   * (Escape, the backdrop, the Skip button), not what a screen decides.
   */
  skip(): boolean {
    return this.#end('skip');
  }

  /**
   * A keydown anywhere on the page while the tutorial is active. Returns true when the key did
   * something (the caller then prevents its default: no page scroll, no second action).
   */
  handleKey(event: TutorialKeyEvent): boolean {
    const { status, config } = this.#snapshot;
    if (status !== 'active' || !config) return false;
    if (event.defaultPrevented || event.isComposing || event.altKey || event.ctrlKey || event.metaKey) return false;
    if (isTypingTarget(event.target)) return false;
    switch (event.key) {
      case 'Escape':
        return config.allowSkip !== false && this.skip();
      case 'ArrowRight':
        return this.next();
      case 'Enter':
      case ' ':
        return !isActivatable(event.target) && this.next();
      case 'ArrowLeft':
        return this.previous();
      default:
        return false;
    }
  }

  /** A press on the dimmed backdrop: skips when the tutorial allows skipping (docs/product-rules.md#tutorial-behaviour). */
  handleBackdropClick(): boolean {
    const { status, config } = this.#snapshot;
    if (status !== 'active' || !config || config.allowSkip === false) return false;
    return this.skip();
  }

  /** Stops at once, without fade or callbacks (the host unmounting). */
  dispose(): void {
    this.#newRun();
    if (this.#snapshot !== INACTIVE) this.#set(INACTIVE);
  }

  async #goTo(index: number): Promise<void> {
    const run = this.#newRun();
    const { config, step: from, index: fromIndex } = this.#snapshot;
    if (!config) return;
    this.#set({ phase: 'changing', countdown: null });

    if (from) {
      await this.#hook(from.beforeHide, from, fromIndex);
      if (run !== this.#run) return;
      this.#set({ step: null, target: null });
      await this.#hook(from.afterHide, from, fromIndex);
      if (run !== this.#run) return;
    }

    const step = config.steps[index];
    if (!step) return;
    this.#set({ index });
    await this.#hook(step.beforeShow, step, index);
    if (run !== this.#run) return;

    let target = step.target ? this.#findTarget(step.target) : null;
    if (!target && step.target && step.waitForElement) {
      this.#set({ phase: 'waiting' });
      target = await this.#waitForTarget(step.target, run);
      if (run !== this.#run) return;
    }

    const seconds = step.autoNext && step.autoNext > 0 ? Math.ceil(step.autoNext) : null;
    this.#set({ phase: 'shown', step, target, countdown: seconds });
    if (seconds !== null) this.#countdown(run);
    this.#call(config.onStepChange, index, step);
    await this.#hook(step.afterShow, step, index);
  }

  /** Looks again every 100 ms, up to 50 times; null when it never appeared. */
  async #waitForTarget(selector: string, run: number): Promise<Element | null> {
    for (let attempt = 0; attempt < TUTORIAL.targetPollAttempts; attempt += 1) {
      await new Promise<void>((resolve) => this.#later(TUTORIAL.targetPollMs, resolve));
      if (run !== this.#run) return null;
      const found = this.#findTarget(selector);
      if (found) return found;
    }
    return null;
  }

  #countdown(run: number): void {
    this.#later(TUTORIAL.countdownTickMs, () => {
      if (run !== this.#run) return;
      const left = (this.#snapshot.countdown ?? 1) - 1;
      this.#set({ countdown: Math.max(0, left) });
      if (left > 0) this.#countdown(run);
      else this.next();
    });
  }

  #end(reason: TutorialEndReason): boolean {
    const { status, phase, config, step, index } = this.#snapshot;
    // Once: a second Finish/Skip (or Escape during the fade) is ignored.
    if (status !== 'active' || phase === 'ending' || !config) return false;
    const run = this.#newRun();
    this.#set({ phase: 'ending', countdown: null, endReason: reason });
    void (async () => {
      if (step) await this.#hook(step.beforeHide, step, index);
      if (run !== this.#run) return;
      this.#set({ status: 'finishing' });
      await new Promise<void>((resolve) => this.#later(TUTORIAL.endFadeMs, resolve));
      if (run !== this.#run) return;
      this.#set(INACTIVE);
      if (step) await this.#hook(step.afterHide, step, index);
      if (reason === 'complete') this.#call(config.onComplete);
      else this.#call(config.onSkip, index);
    })();
    return true;
  }

  /** A new run: whatever the previous one still had pending stops where it resumes. */
  #newRun(): number {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    this.#run += 1;
    return this.#run;
  }

  #later(ms: number, callback: () => void): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      callback();
    }, ms);
    this.#timers.add(timer);
  }

  async #hook(hook: TutorialStepHook | undefined, step: TutorialStep, index: number): Promise<void> {
    if (!hook) return;
    try {
      await hook(step, index);
    } catch (error) {
      console.error(`Tutorial: a hook of step "${step.id}" failed`, error);
    }
  }

  #call<A extends unknown[]>(callback: ((...args: A) => void) | undefined, ...args: A): void {
    try {
      callback?.(...args);
    } catch (error) {
      console.error('Tutorial: a callback failed', error);
    }
  }

  #set(patch: Partial<TutorialSnapshot>): void {
    this.#snapshot = { ...this.#snapshot, ...patch };
    for (const listener of this.#listeners) listener();
  }
}
