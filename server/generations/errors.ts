/**
 * Generation errors: coded errors (server/http/errors.ts) whose code is the GENERATION_MESSAGES
 * key of the text. A 402 also carries the numbers of the credit check
 * (InsufficientCreditsBodySchema).
 */
import { GENERATION_MESSAGES, insufficientCreditsText, type GenerationMessageKey } from '../../src/contract/generation-messages.ts';
import type { EnginePlan } from '../../src/contract/engine-plan.schema.ts';
import { planItemsText } from '../../src/contract/engine-plan-texts.ts';
import { CodedError, codedErrors } from '../http/errors.ts';

export type GenerationError = CodedError<GenerationMessageKey>;

export const generationError = codedErrors(GENERATION_MESSAGES);

/**
 * 422 with the engine's plan (docs/product-rules.md#engine-plan): it can do none of the request
 * (`cannotDo`), or only part and the request did not accept the rest (`partialPlan`).
 */
export function planRefusal(code: 'cannotDo' | 'partialPlan', plan: EnginePlan): GenerationError {
  const text = GENERATION_MESSAGES[code].replace('{done}', planItemsText(plan.done)).replace('{not_done}', planItemsText(plan.not_done));
  return new CodedError(422, code, text, { fields: { plan } });
}

/** 402 with the credit check of docs/product-rules.md#credit-check: balance, cost and shortage. */
export function insufficientCredits(balance: number, cost: number): GenerationError {
  return new CodedError(402, 'insufficientCredits', insufficientCreditsText(cost, balance), {
    fields: { balance, cost, shortage: Math.max(0, cost - balance) },
  });
}
