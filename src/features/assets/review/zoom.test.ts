import { describe, expect, test } from 'vitest';
import { clampView, fitSize, FITTED, MAX_SCALE, panBy, pinchView, swipeDirection, zoomAt } from './zoom.ts';

const stage = { width: 1000, height: 800 };

describe('zoom', () => {
  test('fits the image inside the stage without enlarging it', () => {
    expect(fitSize({ width: 2000, height: 1000 }, stage)).toEqual({ width: 1000, height: 500 });
    expect(fitSize({ width: 1200, height: 1600 }, stage)).toEqual({ width: 600, height: 800 });
    expect(fitSize({ width: 400, height: 300 }, stage)).toEqual({ width: 400, height: 300 });
    expect(fitSize({ width: 400, height: 300 }, { width: 0, height: 0 })).toEqual({ width: 0, height: 0 });
  });

  test('the fitted image cannot be panned; a zoomed one only up to its edges', () => {
    const fitted = { width: 600, height: 800 };
    expect(clampView({ scale: 1, x: 50, y: -20 }, fitted, stage)).toEqual({ scale: 1, x: 0, y: 0 });
    // At 2x the image is 1200 × 1600: 100 px to spare left and right, 400 up and down.
    expect(panBy({ scale: 2, x: 0, y: 0 }, 500, -1000, fitted, stage)).toEqual({ scale: 2, x: 100, y: -400 });
  });

  test('zooming keeps the point under the cursor in place', () => {
    const fitted = { width: 1000, height: 800 };
    const at = { x: 200, y: -100 };
    const view = zoomAt(FITTED, 2, at, fitted, stage);
    expect(view).toEqual({ scale: 2, x: -200, y: 100 });
    // The image point under `at` before (200, -100) is at (at - translation) / scale after.
    expect({ x: (at.x - view.x) / view.scale, y: (at.y - view.y) / view.scale }).toEqual({ x: 200, y: -100 });
    // Back to 1: centred again, and the scale stays within its bounds.
    expect(zoomAt(view, 0.2, at, fitted, stage)).toEqual(FITTED);
    expect(zoomAt(view, 100, at, fitted, stage).scale).toBe(MAX_SCALE);
  });

  test('a pinch follows the spread and the midpoint of the fingers', () => {
    const fitted = { width: 1000, height: 800 };
    const view = pinchView(
      FITTED,
      [
        { x: -100, y: 0 },
        { x: 100, y: 0 },
      ],
      [
        { x: -190, y: 10 },
        { x: 210, y: 10 },
      ],
      fitted,
      stage,
    );
    expect(view).toEqual({ scale: 2, x: 10, y: 10 });
  });

  test('a swipe needs 50 px, mostly sideways', () => {
    expect(swipeDirection(-80, 10)).toBe(1);
    expect(swipeDirection(80, 10)).toBe(-1);
    expect(swipeDirection(-30, 0)).toBe(0);
    expect(swipeDirection(-80, 120)).toBe(0);
  });
});
