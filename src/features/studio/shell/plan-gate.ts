import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { planAllows, type GatedChoice } from '../../../contract/plan-gates.ts';
import { getSession, sessionUserAtom } from '../../../lib/session.ts';

/**
 * The account's plan as the server last told it: the session's user (GET /auth/profile, kept
 * across reloads and offline), or undefined when it has not said yet (an old saved session, the
 * first check still under way). A 403 `planRequired` (`refusal`, the studio's refused submit)
 * means the plan changed since: the profile is read again, so the gates follow the server.
 */
export function useAccountPlan(refusal?: string | null): string | undefined {
  useEffect(() => {
    if (refusal === 'planRequired') void getSession().validate();
  }, [refusal]);
  return useAtomValue(sessionUserAtom)?.plan;
}

/**
 * Whether a studio closes this choice (a paid-plan badge, the option disabled, Generate
 * disabled): the plan is known and the contract's rule refuses it, as the server would with 403.
 * An unknown plan closes nothing: the server decides, and its refusal is shown.
 */
export function gated(plan: string | undefined, choice: GatedChoice): boolean {
  return plan !== undefined && !planAllows(plan, choice);
}
