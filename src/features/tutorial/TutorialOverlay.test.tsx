// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { TutorialController } from './controller.ts';
import { TutorialOverlay } from './TutorialOverlay.tsx';
import { TUTORIAL, type TutorialConfig, type TutorialStep } from './types.ts';
import { renderWithProviders } from '../../../tests/fixtures/render.tsx';

const TARGET_BOX = { top: 100, left: 200, width: 120, height: 40 };

function addTarget(name: string, box = TARGET_BOX): HTMLElement {
  const element = document.createElement('button');
  element.dataset.tutorial = name;
  element.textContent = name;
  // happy-dom does no layout: the target reports the box a browser would.
  element.getBoundingClientRect = () =>
    ({ ...box, x: box.left, y: box.top, right: box.left + box.width, bottom: box.top + box.height, toJSON: () => box }) as DOMRect;
  document.body.append(element);
  return element;
}

const steps: TutorialStep[] = [
  { id: 'picker', target: '[data-tutorial="picker"]', title: 'Chọn người mẫu', content: 'Ảnh toàn thân.', highlightPadding: 10, highlightRadius: 6 },
  { id: 'intro', title: 'Giữa chừng', content: 'Không có mục tiêu.', showSkip: false, autoNext: 4 },
  { id: 'generate', target: '[data-tutorial="generate"]', title: 'Tạo ảnh', content: 'Tốn tín dụng.', disableInteraction: true, showPrevious: false },
];

function setup(config: Partial<TutorialConfig> = {}) {
  const controller = new TutorialController({ warn: vi.fn<(message: string) => void>() });
  const onSkip = vi.fn<(index: number) => void>();
  const onComplete = vi.fn<() => void>();
  renderWithProviders(<TutorialOverlay controller={controller} />);
  const full: TutorialConfig = { steps, onSkip, onComplete, ...config };
  return { controller, onSkip, onComplete, config: full };
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

async function start(config: Partial<TutorialConfig> = {}) {
  const context = setup(config);
  await act(async () => {
    context.controller.start(context.config);
  });
  await advance(TUTORIAL.startDelayMs);
  return context;
}

beforeAll(() => {
  // Messages render in their Vietnamese source text.
  i18n.load('vi', {});
  i18n.activate('vi');
});
beforeEach(() => {
  vi.useFakeTimers();
  addTarget('picker');
  addTarget('generate', { top: 500, left: 600, width: 100, height: 44 });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('TutorialOverlay', () => {
  it('renders nothing while inactive, and only the backdrop during the start delay', async () => {
    const { controller, config } = setup();
    expect(screen.queryByTestId('tutorial-overlay')).toBeNull();
    await act(async () => {
      controller.start(config);
    });
    expect(screen.getByTestId('tutorial-overlay').dataset.phase).toBe('starting');
    expect(screen.getByTestId('tutorial-backdrop')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('cuts the backdrop out around the target, with the step padding and radius', async () => {
    await start();
    const cutout = screen.getByTestId('tutorial-cutout');
    // Target 200,100 120×40 grown by 10 px on each side.
    expect(cutout.getAttribute('x')).toBe('190');
    expect(cutout.getAttribute('y')).toBe('90');
    expect(cutout.getAttribute('width')).toBe('140');
    expect(cutout.getAttribute('height')).toBe('60');
    expect(cutout.getAttribute('rx')).toBe('6');
    const shade = screen.getByTestId('tutorial-backdrop');
    expect(shade.getAttribute('fill-rule')).toBe('evenodd');
    expect(shade.getAttribute('d')).toContain('M196 90H324');
    // The tooltip sits below the target (room there), 16 px from the cut-out.
    const tooltip = screen.getByTestId('tutorial-tooltip');
    expect(tooltip.dataset.side).toBe('bottom');
    expect(tooltip.style.top).toBe(`${90 + 60 + TUTORIAL.tooltipOffset}px`);
  });

  it('shows the title, content, progress and the buttons of the first step, and takes focus', async () => {
    await start();
    const dialog = screen.getByRole('dialog', { name: 'Chọn người mẫu' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByText('Ảnh toàn thân.')).toBeTruthy();
    expect(screen.getByTestId('tutorial-progress').textContent).toBe('Bước 1 / 3');
    expect(screen.getByRole('button', { name: 'Bỏ qua' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tiếp theo' })).toBeTruthy();
    // No Previous on the first step; no Finish before the last.
    expect(screen.queryByRole('button', { name: 'Bước trước' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hoàn tất' })).toBeNull();
    expect(dialog.textContent).toContain('để bỏ qua');
    expect(document.activeElement).toBe(dialog);
  });

  it('follows the step flags: Previous, no Skip, the countdown, centred without a target', async () => {
    await start();
    fireEvent.click(screen.getByRole('button', { name: 'Tiếp theo' }));
    await advance(0);
    expect(screen.getByTestId('tutorial-progress').textContent).toBe('Bước 2 / 3');
    expect(screen.getByRole('button', { name: 'Bước trước' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Bỏ qua' })).toBeNull();
    expect(screen.queryByTestId('tutorial-cutout')).toBeNull();
    expect(screen.getByTestId('tutorial-tooltip').dataset.side).toBe('center');
    expect(screen.getByTestId('tutorial-countdown').textContent).toBe('Tự động chuyển sau 4 giây');
    await advance(1000);
    expect(screen.getByTestId('tutorial-countdown').textContent).toBe('Tự động chuyển sau 3 giây');

    fireEvent.click(screen.getByRole('button', { name: 'Tiếp theo' }));
    await advance(0);
    // Last step: Finish, Previous hidden by its flag, the target blocked.
    expect(screen.getByRole('button', { name: 'Hoàn tất' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Tiếp theo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Bước trước' })).toBeNull();
    const blocker = screen.getByTestId('tutorial-blocker');
    expect(blocker.style.left).toBe('592px');
    expect(blocker.style.width).toBe('116px');
  });

  it('Escape closes after the 300 ms fade and calls onSkip once', async () => {
    const { onSkip, onComplete } = await start();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await advance(0);
    expect(screen.getByTestId('tutorial-overlay').dataset.status).toBe('finishing');
    await advance(TUTORIAL.endFadeMs - 1);
    expect(screen.queryByTestId('tutorial-overlay')).not.toBeNull();
    await advance(1);
    expect(screen.queryByTestId('tutorial-overlay')).toBeNull();
    expect(onSkip).toHaveBeenCalledTimes(1);
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('arrow keys move between steps; keys typed in a field are left alone', async () => {
    await start();
    const field = document.createElement('input');
    document.body.append(field);
    fireEvent.keyDown(field, { key: 'ArrowRight' });
    await advance(0);
    expect(screen.getByTestId('tutorial-progress').textContent).toBe('Bước 1 / 3');
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    await advance(0);
    expect(screen.getByTestId('tutorial-progress').textContent).toBe('Bước 2 / 3');
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    await advance(0);
    expect(screen.getByTestId('tutorial-progress').textContent).toBe('Bước 1 / 3');
  });

  it('a press on the backdrop skips only with allowSkip', async () => {
    const denied = await start({ allowSkip: false });
    expect(screen.queryByRole('button', { name: 'Bỏ qua' })).toBeNull();
    expect(screen.getByRole('dialog').textContent).not.toContain('để bỏ qua');
    fireEvent.click(screen.getByTestId('tutorial-backdrop'));
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await advance(TUTORIAL.endFadeMs);
    expect(screen.getByTestId('tutorial-overlay').dataset.status).toBe('active');
    expect(denied.onSkip).not.toHaveBeenCalled();
    cleanup();

    const allowed = await start({ allowSkip: true });
    fireEvent.click(screen.getByTestId('tutorial-backdrop'));
    await advance(TUTORIAL.endFadeMs);
    expect(screen.queryByTestId('tutorial-overlay')).toBeNull();
    expect(allowed.onSkip).toHaveBeenCalledTimes(1);
  });

  it('Finish on the last step completes the tour', async () => {
    const { onComplete } = await start({ steps: [steps[0]!] });
    fireEvent.click(screen.getByRole('button', { name: 'Hoàn tất' }));
    await advance(TUTORIAL.endFadeMs);
    expect(screen.queryByTestId('tutorial-overlay')).toBeNull();
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('translates descriptor texts and announces later steps politely', async () => {
    await start({
      steps: [
        { id: 'one', title: { id: 'tour.one', message: 'Một' }, content: { id: 'tour.one.body', message: 'Nội dung một' } },
        { id: 'two', title: 'Hai', content: 'Nội dung hai' },
      ],
    });
    expect(screen.getByRole('dialog', { name: 'Một' })).toBeTruthy();
    const live = document.querySelector('[aria-live="polite"]');
    expect(live?.textContent).toBe('');
    fireEvent.keyDown(document.body, { key: 'Enter' });
    await advance(0);
    expect(live?.textContent).toBe('Bước 2 / 2: Hai');
  });
});
