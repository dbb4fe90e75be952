// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstFrame, FIRST_FRAME_LATEST_MS } from './after-first-frame.ts';

describe('afterFirstFrame', () => {
  afterEach(() => vi.useRealTimers());

  it('runs the task once, in a task after the next frame', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    const task = vi.fn<() => void>();
    afterFirstFrame(task);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    // The frame's callbacks ran; the task waits for the paint that follows them.
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(FIRST_FRAME_LATEST_MS);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs it after FIRST_FRAME_LATEST_MS when no frame comes (a hidden tab), and never once cancelled', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    const hidden = vi.fn<() => void>();
    const cancelled = vi.fn<() => void>();
    // No frame is advanced: only timers run (a hidden tab's frames never come).
    vi.spyOn(globalThis, 'requestAnimationFrame').mockImplementation(() => 0);
    afterFirstFrame(hidden);
    const cancel = afterFirstFrame(cancelled);
    cancel();
    vi.advanceTimersByTime(FIRST_FRAME_LATEST_MS - 1);
    expect(hidden).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(hidden).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
