import { expectedOnEveryEngine } from '../../contract/expected-durations.ts';
import { FEATURES, type Feature } from '../../contract/tools.ts';

/**
 * The waits a pre-rendered public page can promise. It does not know which engine will run a
 * tool (the built-in one answers in seconds, a hosted one in up to minutes), so it says what holds
 * on every engine: "under N minutes", N the longest expected wait of the contract's declaration
 * (src/contract/expected-durations.ts) rounded up to whole minutes.
 */
export function minutesAtMost(feature: Feature): number {
  return Math.max(1, Math.ceil(expectedOnEveryEngine(feature).max / 60));
}

/** The same over every tool: what a page about all of them can promise. */
export const LONGEST_MINUTES = Math.max(...FEATURES.map(minutesAtMost));
