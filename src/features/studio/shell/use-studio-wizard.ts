import { useCallback, useRef, useState } from 'react';
import type { Generation } from '../../../contract/generations.schema.ts';
import type { StudioStep } from './StudioPage.tsx';
import { useStudioLayout, type StudioLayout } from './studio-layout.ts';

/**
 * The step flow every studio shares (docs/product-rules.md#studio-flows): form steps, then the result.
 * The last form step holds Generate; while the job runs the indicator stays on it, and the result
 * step lights up once the job ended. Back and Next move between the form steps; Next waits for
 * `canAdvance` of the current step.
 *
 * Two ways to show the form steps:
 * - `scroll` (default): every step is on the page; Back / Next scroll the step's section into view
 *   and focus its heading (`focus`, a selector inside the section). Sections register with
 *   `section(index)`.
 * - `panel`: one step at a time; the screen renders the panel of `formStep` and gives it
 *   `panelRef`, which takes the focus after Back / Next (not on first render).
 * In a one-page studio (`layout` 'page', see studio-layout.ts) there is no Back / Next: every
 * section shows (`allPanels` in panel mode) and the output has its own column.
 */

/** What the screen shows in its main column. */
export type StudioView = 'processing' | 'result' | 'form';

/** The part of a studio job the flow reads. */
export interface WizardJob {
  status: string;
  isRunning: boolean;
  isReattaching: boolean;
  reset: () => void;
  /** The completed job shown last, offered above a fresh form (see useStudioJob). */
  lastResult?: Generation | null;
  open?: (id: string) => void;
}

export interface StudioWizardOptions {
  job: WizardJob;
  /** The form steps then the result step (their ids and labels). */
  steps: readonly StudioStep[];
  /** Whether Next may leave form step `index`. */
  canAdvance: (index: number) => boolean;
  mode?: 'scroll' | 'panel';
  /** In scroll mode, what takes the focus in a section reached by Back / Next. */
  focus?: string;
}

export interface StudioWizard {
  /** The form step the person is on (0-based). */
  formStep: number;
  /** Moves to a form step, without scrolling (a choice made further down the page, a link that filled a step). */
  setFormStep: (index: number | ((current: number) => number)) => void;
  /** Moves on from `index` when the person is on it: a step completed by its own input (a photo chosen). */
  completed: (index: number) => void;
  /** Back / Next: moves to a form step and brings it into view (focus included). */
  goTo: (index: number) => void;
  /** The ref of form step `index`'s section (scroll mode). */
  section: (index: number) => (node: HTMLElement | null) => void;
  /** The ref of the panel shown (panel mode). */
  panelRef: (node: HTMLElement | null) => void;
  view: StudioView;
  /** The form is shown (no job shown, not looking for one). */
  inForm: boolean;
  /** Where the route shows this screen: the step flow, or one page (studio-layout.ts). */
  layout: StudioLayout;
  /** Panel mode on one page: every panel shows, in order, instead of the current one. */
  allPanels: boolean;
  /** Starts over: the job forgotten (a running one keeps running) and the first step. The screen clears its own choices. */
  restart: () => void;
  /** The frame's step props: spread them on StudioPage. */
  frame: {
    steps: readonly StudioStep[];
    currentStep: number;
    onBack?: () => void;
    onNext?: () => void;
    nextDisabled: boolean;
    /** On the form: the last result and how to show it again. */
    lastResult?: { job: Generation; onOpen: () => void };
  };
}

export function useStudioWizard({ job, steps, canAdvance, mode = 'scroll', focus = 'h2' }: StudioWizardOptions): StudioWizard {
  const layout = useStudioLayout();
  const onePage = layout === 'page';
  const [formStep, setFormStep] = useState(0);
  const sections = useRef<(HTMLElement | null)[]>([]);
  /** Set by Back / Next in panel mode: the panel shown next takes the focus. */
  const moved = useRef(false);

  const resultStep = steps.length - 1;
  const generateStep = resultStep - 1;
  const showingJob = job.status !== 'idle' && job.status !== 'rejected';
  const view: StudioView = job.isReattaching || job.isRunning ? 'processing' : showingJob ? 'result' : 'form';
  const currentStep = view === 'result' ? resultStep : showingJob ? generateStep : formStep;
  const inForm = !showingJob && !job.isReattaching;

  const goTo = useCallback(
    (index: number) => {
      setFormStep(index);
      if (mode === 'panel') {
        moved.current = true;
        return;
      }
      const node = sections.current[index];
      node?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      node?.querySelector<HTMLElement>(focus)?.focus({ preventScroll: true });
    },
    [mode, focus],
  );

  const section = useCallback(
    (index: number) => (node: HTMLElement | null) => {
      sections.current[index] = node;
    },
    [],
  );

  const panelRef = useCallback((node: HTMLElement | null) => {
    if (!node || !moved.current) return;
    moved.current = false;
    node.focus();
  }, []);

  const completed = useCallback((index: number) => setFormStep((current) => (current === index ? index + 1 : current)), []);

  const { reset, lastResult, open } = job;
  const restart = useCallback(() => {
    reset();
    setFormStep(0);
  }, [reset]);

  return {
    formStep,
    setFormStep,
    completed,
    goTo,
    section,
    panelRef,
    view,
    inForm,
    layout,
    allPanels: onePage && mode === 'panel',
    restart,
    frame: {
      steps,
      currentStep,
      onBack: !onePage && inForm && formStep > 0 ? () => goTo(formStep - 1) : undefined,
      onNext: !onePage && inForm && formStep < generateStep ? () => goTo(formStep + 1) : undefined,
      nextDisabled: !canAdvance(formStep),
      lastResult: inForm && lastResult && open ? { job: lastResult, onOpen: () => open(lastResult.id) } : undefined,
    },
  };
}
