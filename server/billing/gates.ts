/**
 * What an account's plan lets it do, enforced by the server (the pages only show it): the HD gate
 * on generation requests, the watermark on results, the queue priority and the API gate. The
 * plan is the `users.plan` column (written by the billing service when a plan starts or lapses);
 * these functions only read it, and treat any text that is not a plan of the catalogue as free.
 *
 * Pure functions: no database, no HTTP. Imports only the contract and the error class.
 */
import { GENERATION_MESSAGES } from '../../src/contract/generation-messages.ts';
import type { GenerationRequest } from '../../src/contract/generations.schema.ts';
import { planFeatures, requiredPlanFor } from '../../src/contract/plan-gates.ts';
// The rule of which option needs which plan is the contract's (src/contract/plan-gates.ts), which the studios show too.
import { CodedError } from '../http/api-error.ts';

/**
 * Refuses a request the plan does not allow, before anything is charged or written.
 * @throws CodedError 403 planRequired, with `feature`, `option` and `required_plan` in the body
 */
export function assertGenerationAllowed(plan: string | null | undefined, request: GenerationRequest): void {
  const requirement = requiredPlanFor(request);
  if (!requirement || planFeatures(plan)[requirement.feature]) return;
  throw new CodedError(403, 'planRequired', GENERATION_MESSAGES.planRequired, {
    fields: { feature: requirement.feature, option: requirement.option, required_plan: requirement.plan },
  });
}

/** pg-boss priority of the plan's jobs: a higher number is fetched first (0 standard … 3 highest). */
export function queuePriority(plan: string | null | undefined): number {
  return planFeatures(plan).priority;
}

/** Whether the plan may use the public API and API tokens (/api-management). */
export function planAllowsApi(plan: string | null | undefined): boolean {
  return planFeatures(plan).api;
}

/** Whether results made on the plan carry the Atelier watermark (and are served watermarked while it lasts). */
export function planWatermarks(plan: string | null | undefined): boolean {
  return planFeatures(plan).watermark;
}
