import { useEffect, useState } from 'react';

/** Longest wait for the first frame, in ms: a hidden tab paints none. */
export const FIRST_FRAME_LATEST_MS = 1_000;

/**
 * Runs `task` once, after the next frame has been painted: work that the first screen does not
 * need (background job tracking, the upload outbox, rows beyond the window) then does not delay
 * it. In a tab that paints no frame (hidden), it runs after FIRST_FRAME_LATEST_MS. Returns a
 * cancel function.
 */
export function afterFirstFrame(task: () => void): () => void {
  let done = false;
  let afterPaint: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    done = true;
    cancel();
    task();
  };
  const frame = requestAnimationFrame(() => {
    // A task queued from a frame's callbacks runs after that frame is painted.
    afterPaint = setTimeout(run, 0);
  });
  const latest = setTimeout(run, FIRST_FRAME_LATEST_MS);
  const cancel = () => {
    cancelAnimationFrame(frame);
    clearTimeout(afterPaint);
    clearTimeout(latest);
  };
  return () => {
    done = true;
    cancel();
  };
}

/** False until the frame after the component mounted has been painted (see afterFirstFrame). */
export function useAfterFirstFrame(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstFrame(() => setReady(true)), []);
  return ready;
}
