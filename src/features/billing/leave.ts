/**
 * Sends the browser to a page outside the SPA: the payment provider's checkout, or the sandbox's
 * hosted page. A module of its own so the screens' tests can watch it instead of navigating.
 */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
