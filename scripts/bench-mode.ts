/**
 * The benchmarks' two modes. `npm run bench` measures at full size and prints the figures;
 * `npm run bench -- --smoke` (a step of `npm test`) runs every bench through the same code at
 * tiny sizes, in seconds, asserting no figure: it fails only when a bench throws or could not
 * measure at all, so that a change that breaks a bench (a schema change, a renamed test id)
 * shows in the tests instead of on the next full run.
 */
export const SMOKE = process.argv.includes('--smoke');

/** The full run's value, or the smoke run's. */
export function sized<T>(full: T, smoke: T): T {
  return SMOKE ? smoke : full;
}

/**
 * In a smoke run, throws when `measured` is false: the bench ran but produced no measurement
 * (every request failed, no mark was seen). A full run prints what it got instead.
 */
export function smokeRequires(measured: boolean, what: string): void {
  if (SMOKE && !measured) throw new Error(`bench smoke: ${what}`);
}
