/**
 * Keeps a pointer's moves coming to `element` while it is down, even outside it. A pointer the
 * browser does not know as active (a synthetic event) cannot be captured: the gesture then
 * works without capture.
 */
export function capturePointer(element: Element, pointerId: number): void {
  try {
    element.setPointerCapture?.(pointerId);
  } catch {
    // NotFoundError: not an active pointer.
  }
}
