import { useAtomValue } from 'jotai';
import { PLANS, type PlanId } from '../../../contract/plans.ts';
import { sessionUserAtom } from '../../../lib/session.ts';

/**
 * Whether the signed-in account's plan lacks HD (1080p video, ×3/×4 upscales): the studios then
 * mark those options "paid plan" and say so when one is chosen. Only a hint; the server refuses
 * them anyway (server/billing/gates.ts). False while the plan is not known (an old saved
 * session), so a paying account is never told it cannot.
 */
export function hdLockedFor(plan: string | undefined): boolean {
  if (plan === undefined) return false;
  return !(Object.hasOwn(PLANS, plan) ? PLANS[plan as PlanId].features.hd : false);
}

export function useHdLocked(): boolean {
  return hdLockedFor(useAtomValue(sessionUserAtom)?.plan);
}
