// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TutorialController, isTypingTarget, type TutorialKeyEvent } from './controller.ts';
import { TUTORIAL, type TutorialConfig, type TutorialStep } from './types.ts';

const step = (id: string, extra: Partial<TutorialStep> = {}): TutorialStep => ({ id, title: `Title ${id}`, content: `Content ${id}`, ...extra });

/** Lets awaited hooks (microtasks) and due timers run. */
const flush = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

function setup(config: Partial<TutorialConfig> = {}, findTarget: (selector: string) => Element | null = () => null) {
  const warn = vi.fn<(message: string) => void>();
  const controller = new TutorialController({ findTarget, warn });
  const callbacks = {
    onStart: vi.fn<() => void>(),
    onComplete: vi.fn<() => void>(),
    onSkip: vi.fn<(index: number) => void>(),
    onStepChange: vi.fn<(index: number, step: TutorialStep) => void>(),
  };
  const full: TutorialConfig = { steps: [step('a'), step('b'), step('c')], ...callbacks, ...config };
  return { controller, warn, callbacks, config: full };
}

/** Starts and waits for the first step. */
async function started(config: Partial<TutorialConfig> = {}, findTarget?: (selector: string) => Element | null) {
  const context = setup(config, findTarget);
  expect(context.controller.start(context.config)).toBe(true);
  await flush(TUTORIAL.startDelayMs);
  return context;
}

const key = (name: string, target: EventTarget | null = document.body, extra: Partial<TutorialKeyEvent> = {}): TutorialKeyEvent => ({
  key: name,
  target,
  ...extra,
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('start', () => {
  it('shows the first step after the 100 ms start delay, calling onStart at once', async () => {
    const { controller, callbacks, config } = setup();
    expect(controller.start(config)).toBe(true);
    expect(callbacks.onStart).toHaveBeenCalledTimes(1);
    expect(controller.getSnapshot()).toMatchObject({ status: 'active', phase: 'starting', step: null, total: 3 });

    await flush(TUTORIAL.startDelayMs - 1);
    expect(controller.getSnapshot().step).toBeNull();

    await flush(1);
    expect(controller.getSnapshot()).toMatchObject({ status: 'active', phase: 'shown', index: 0, step: { id: 'a' } });
    expect(callbacks.onStepChange).toHaveBeenCalledWith(0, config.steps[0]);
  });

  it('refuses a second start while one is active, with a warning', async () => {
    const { controller, warn, config } = await started();
    const other: TutorialConfig = { steps: [step('x')] };
    expect(controller.start(other)).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/already active/);
    expect(controller.getSnapshot().config).toBe(config);

    // Also while the first one fades out; accepted once it is over.
    controller.skip();
    await flush();
    expect(controller.getSnapshot().status).toBe('finishing');
    expect(controller.start(other)).toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
    await flush(TUTORIAL.endFadeMs);
    expect(controller.start(other)).toBe(true);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('refuses a tutorial without steps', () => {
    const { controller, warn } = setup();
    expect(controller.start({ steps: [] })).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(controller.getSnapshot().status).toBe('inactive');
  });

  it('notifies subscribers with a new snapshot on each change', async () => {
    const { controller, config } = setup();
    const seen: unknown[] = [];
    const unsubscribe = controller.subscribe(() => seen.push(controller.getSnapshot()));
    controller.start(config);
    await flush(TUTORIAL.startDelayMs);
    unsubscribe();
    expect(seen.length).toBeGreaterThan(1);
    expect(new Set(seen).size).toBe(seen.length);
  });
});

describe('keys', () => {
  it('Right arrow, Enter and Space go next; Left arrow goes back', async () => {
    const { controller } = await started({ steps: [step('a'), step('b'), step('c'), step('d')] });
    expect(controller.handleKey(key('ArrowRight'))).toBe(true);
    await flush();
    expect(controller.getSnapshot().index).toBe(1);
    expect(controller.handleKey(key('Enter'))).toBe(true);
    await flush();
    expect(controller.getSnapshot().index).toBe(2);
    expect(controller.handleKey(key(' '))).toBe(true);
    await flush();
    expect(controller.getSnapshot().index).toBe(3);
    expect(controller.handleKey(key('ArrowLeft'))).toBe(true);
    await flush();
    expect(controller.getSnapshot()).toMatchObject({ index: 2, step: { id: 'c' } });
  });

  it('Left arrow does nothing on the first step', async () => {
    const { controller } = await started();
    expect(controller.handleKey(key('ArrowLeft'))).toBe(false);
    await flush();
    expect(controller.getSnapshot()).toMatchObject({ index: 0, phase: 'shown' });
  });

  it('Right arrow on the last step completes the tour', async () => {
    const { controller, callbacks } = await started({ steps: [step('only')] });
    expect(controller.handleKey(key('ArrowRight'))).toBe(true);
    await flush(TUTORIAL.endFadeMs);
    expect(callbacks.onComplete).toHaveBeenCalledTimes(1);
    expect(callbacks.onSkip).not.toHaveBeenCalled();
  });

  it('Escape skips when skipping is allowed, and not otherwise', async () => {
    const allowed = await started();
    expect(allowed.controller.handleKey(key('Escape'))).toBe(true);
    await flush(TUTORIAL.endFadeMs);
    expect(allowed.callbacks.onSkip).toHaveBeenCalledWith(0);

    const denied = await started({ allowSkip: false });
    expect(denied.controller.handleKey(key('Escape'))).toBe(false);
    await flush(TUTORIAL.endFadeMs);
    expect(denied.controller.getSnapshot()).toMatchObject({ status: 'active', phase: 'shown' });
    expect(denied.callbacks.onSkip).not.toHaveBeenCalled();
  });

  it('ignores every key while the user types in a field', async () => {
    const { controller, callbacks } = await started();
    const input = document.createElement('input');
    const textarea = document.createElement('textarea');
    const select = document.createElement('select');
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', 'true');
    const insideEditable = document.createElement('span');
    editable.append(insideEditable);
    document.body.append(input, textarea, select, editable);

    for (const target of [input, textarea, select, editable, insideEditable]) {
      expect(isTypingTarget(target)).toBe(true);
      for (const name of ['ArrowRight', 'Enter', ' ', 'ArrowLeft', 'Escape']) {
        expect(controller.handleKey(key(name, target))).toBe(false);
      }
    }
    await flush(TUTORIAL.endFadeMs);
    expect(controller.getSnapshot()).toMatchObject({ status: 'active', index: 0 });
    expect(callbacks.onSkip).not.toHaveBeenCalled();
  });

  it('leaves Enter and Space to a focused button, and ignores modified keys and IME composition', async () => {
    const { controller } = await started();
    const button = document.createElement('button');
    document.body.append(button);
    expect(controller.handleKey(key('Enter', button))).toBe(false);
    expect(controller.handleKey(key(' ', button))).toBe(false);
    expect(controller.handleKey(key('ArrowRight', document.body, { altKey: true }))).toBe(false);
    expect(controller.handleKey(key('Enter', document.body, { isComposing: true }))).toBe(false);
    expect(controller.handleKey(key('Escape', document.body, { defaultPrevented: true }))).toBe(false);
    await flush();
    expect(controller.getSnapshot()).toMatchObject({ status: 'active', index: 0 });
    // Arrows still work from a button.
    expect(controller.handleKey(key('ArrowRight', button))).toBe(true);
  });

  it('ignores next and previous between steps and when inactive', async () => {
    const slow = vi.fn<() => Promise<void>>(() => new Promise<void>((resolve) => setTimeout(resolve, 1000)));
    const { controller } = await started({ steps: [step('a'), step('b', { beforeShow: slow }), step('c')] });
    controller.next();
    await flush();
    expect(controller.getSnapshot().phase).toBe('changing');
    expect(controller.handleKey(key('ArrowRight'))).toBe(false);
    await flush(1000);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'shown', index: 1 });
    expect(slow).toHaveBeenCalledTimes(1);

    const idle = new TutorialController({ warn: vi.fn<(message: string) => void>() });
    expect(idle.handleKey(key('ArrowRight'))).toBe(false);
    expect(idle.next()).toBe(false);
  });
});

describe('backdrop', () => {
  it('a press skips only when allowSkip is on', async () => {
    const denied = await started({ allowSkip: false });
    expect(denied.controller.handleBackdropClick()).toBe(false);
    await flush(TUTORIAL.endFadeMs);
    expect(denied.controller.getSnapshot().status).toBe('active');

    const allowed = await started({ allowSkip: true });
    expect(allowed.controller.handleBackdropClick()).toBe(true);
    await flush(TUTORIAL.endFadeMs);
    expect(allowed.controller.getSnapshot().status).toBe('inactive');
    expect(allowed.callbacks.onSkip).toHaveBeenCalledTimes(1);
  });

  it('skipping is allowed by default', async () => {
    const { controller } = await started({ allowSkip: undefined });
    expect(controller.handleBackdropClick()).toBe(true);
  });
});

describe('autoNext', () => {
  it('counts down each second and goes to the next step', async () => {
    const { controller, callbacks } = await started({ steps: [step('a', { autoNext: 3 }), step('b')] });
    expect(controller.getSnapshot().countdown).toBe(3);
    await flush(1000);
    expect(controller.getSnapshot()).toMatchObject({ countdown: 2, index: 0 });
    await flush(1000);
    expect(controller.getSnapshot()).toMatchObject({ countdown: 1, index: 0 });
    await flush(999);
    expect(controller.getSnapshot().index).toBe(0);
    await flush(1);
    expect(controller.getSnapshot()).toMatchObject({ index: 1, step: { id: 'b' }, countdown: null });
    // No countdown on a step without autoNext: it stays.
    await flush(10_000);
    expect(controller.getSnapshot().index).toBe(1);
    expect(callbacks.onComplete).not.toHaveBeenCalled();
  });

  it('stops counting when the user moves on, and completes on the last step', async () => {
    const { controller, callbacks } = await started({ steps: [step('a', { autoNext: 5 }), step('b', { autoNext: 2 })] });
    await flush(1000);
    controller.next();
    await flush();
    expect(controller.getSnapshot()).toMatchObject({ index: 1, countdown: 2 });
    await flush(1000);
    expect(controller.getSnapshot()).toMatchObject({ index: 1, countdown: 1 });
    await flush(1000);
    expect(controller.getSnapshot().status).toBe('finishing');
    await flush(TUTORIAL.endFadeMs);
    expect(callbacks.onComplete).toHaveBeenCalledTimes(1);
  });
});

describe('waitForElement', () => {
  it('looks every 100 ms, 50 times, then shows the step centred', async () => {
    const findTarget = vi.fn<(selector: string) => Element | null>(() => null);
    const { controller, callbacks } = await started({ steps: [step('a'), step('b', { target: '#late', waitForElement: true })] }, findTarget);
    findTarget.mockClear();
    controller.next();
    await flush();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'waiting', index: 1, step: null });
    expect(findTarget).toHaveBeenCalledTimes(1);

    await flush(TUTORIAL.targetPollMs * TUTORIAL.targetPollAttempts - 1);
    expect(controller.getSnapshot().phase).toBe('waiting');
    expect(findTarget).toHaveBeenCalledTimes(TUTORIAL.targetPollAttempts);

    await flush(1);
    expect(findTarget).toHaveBeenCalledTimes(TUTORIAL.targetPollAttempts + 1);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'shown', step: { id: 'b' }, target: null });
    expect(callbacks.onStepChange).toHaveBeenLastCalledWith(1, expect.objectContaining({ id: 'b' }));
  });

  it('shows the step as soon as its target appears', async () => {
    const late = document.createElement('div');
    let present = false;
    const { controller } = await started({ steps: [step('a', { target: '#late', waitForElement: true })] }, () => (present ? late : null));
    expect(controller.getSnapshot().phase).toBe('waiting');
    await flush(1000);
    present = true;
    await flush(TUTORIAL.targetPollMs);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'shown', target: late });
  });

  it('without waitForElement, a missing target shows the step centred at once', async () => {
    const { controller } = await started({ steps: [step('a', { target: '#missing' })] });
    expect(controller.getSnapshot()).toMatchObject({ phase: 'shown', target: null });
  });

  it('a skip during the wait ends the tour without showing the step', async () => {
    const { controller, callbacks } = await started({ steps: [step('a', { target: '#never', waitForElement: true })] });
    await flush(1000);
    controller.skip();
    await flush(TUTORIAL.endFadeMs);
    expect(controller.getSnapshot().status).toBe('inactive');
    expect(callbacks.onSkip).toHaveBeenCalledTimes(1);
    await flush(10_000);
    expect(callbacks.onStepChange).not.toHaveBeenCalled();
  });
});

describe('hooks', () => {
  it('runs beforeHide, afterHide, beforeShow, afterShow in order, awaiting each', async () => {
    const order: string[] = [];
    const hooks = (id: string): Partial<TutorialStep> => ({
      // Async hooks of different lengths: the order must not depend on how long each takes.
      beforeShow: () => new Promise<void>((resolve) => setTimeout(() => (order.push(`beforeShow ${id}`), resolve()), 300)),
      afterShow: () => void order.push(`afterShow ${id}`),
      beforeHide: () => new Promise<void>((resolve) => setTimeout(() => (order.push(`beforeHide ${id}`), resolve()), 200)),
      afterHide: async () => void order.push(`afterHide ${id}`),
    });
    const { controller, config } = setup({
      steps: [step('a', hooks('a')), step('b', hooks('b'))],
      onStepChange: (index) => order.push(`change ${index}`),
      onComplete: () => order.push('complete'),
    });
    controller.start(config);
    await flush(TUTORIAL.startDelayMs);
    // beforeShow is still running: the step is not on screen yet.
    expect(controller.getSnapshot().step).toBeNull();
    await flush(300);
    expect(controller.getSnapshot().step?.id).toBe('a');

    controller.next();
    await flush(200);
    // The old step stays on screen until its beforeHide is done.
    expect(controller.getSnapshot().step).toBeNull();
    await flush(300);
    expect(controller.getSnapshot().step?.id).toBe('b');

    controller.finish();
    await flush(200 + TUTORIAL.endFadeMs);
    expect(order).toEqual([
      'beforeShow a',
      'change 0',
      'afterShow a',
      'beforeHide a',
      'afterHide a',
      'beforeShow b',
      'change 1',
      'afterShow b',
      'beforeHide b',
      'afterHide b',
      'complete',
    ]);
  });

  it('a hook that throws is logged and the tour goes on', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { controller } = await started({
      steps: [
        step('a', {
          beforeShow: () => {
            throw new Error('boom');
          },
        }),
      ],
    });
    expect(controller.getSnapshot()).toMatchObject({ phase: 'shown', step: { id: 'a' } });
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });
});

describe('the end', () => {
  it('finish fades out over 300 ms, then calls onComplete once', async () => {
    const { controller, callbacks } = await started();
    controller.next();
    await flush();
    controller.next();
    await flush();
    expect(controller.getSnapshot().index).toBe(2);
    expect(controller.next()).toBe(true);
    await flush();
    expect(controller.getSnapshot()).toMatchObject({ status: 'finishing', endReason: 'complete', step: { id: 'c' } });
    // Repeated presses during the fade change nothing.
    expect(controller.finish()).toBe(false);
    expect(controller.skip()).toBe(false);
    expect(controller.handleKey(key('Escape'))).toBe(false);

    await flush(TUTORIAL.endFadeMs - 1);
    expect(callbacks.onComplete).not.toHaveBeenCalled();
    await flush(1);
    expect(controller.getSnapshot().status).toBe('inactive');
    expect(callbacks.onComplete).toHaveBeenCalledTimes(1);
    expect(callbacks.onSkip).not.toHaveBeenCalled();
    await flush(10_000);
    expect(callbacks.onComplete).toHaveBeenCalledTimes(1);
  });

  it('skip fades out over 300 ms, then calls onSkip once with the step it left', async () => {
    const { controller, callbacks } = await started();
    controller.next();
    await flush();
    expect(controller.skip()).toBe(true);
    expect(controller.skip()).toBe(false);
    await flush();
    expect(controller.getSnapshot()).toMatchObject({ status: 'finishing', endReason: 'skip' });
    await flush(TUTORIAL.endFadeMs - 1);
    expect(callbacks.onSkip).not.toHaveBeenCalled();
    await flush(1);
    expect(callbacks.onSkip).toHaveBeenCalledTimes(1);
    expect(callbacks.onSkip).toHaveBeenCalledWith(1);
    expect(callbacks.onComplete).not.toHaveBeenCalled();
  });

  it('a skip during the start delay ends without showing a step', async () => {
    const { controller, callbacks, config } = setup();
    controller.start(config);
    controller.skip();
    await flush(TUTORIAL.endFadeMs + TUTORIAL.startDelayMs);
    expect(controller.getSnapshot().status).toBe('inactive');
    expect(callbacks.onStepChange).not.toHaveBeenCalled();
    expect(callbacks.onSkip).toHaveBeenCalledTimes(1);
  });

  it('dispose stops at once, without callbacks', async () => {
    const { controller, callbacks } = await started({ steps: [step('a', { autoNext: 1 }), step('b')] });
    controller.dispose();
    expect(controller.getSnapshot().status).toBe('inactive');
    await flush(10_000);
    expect(callbacks.onStepChange).toHaveBeenCalledTimes(1);
    expect(callbacks.onComplete).not.toHaveBeenCalled();
    expect(callbacks.onSkip).not.toHaveBeenCalled();
  });
});
