/**
 * Generation errors: coded errors (server/http/errors.ts) whose code is the GENERATION_MESSAGES
 * key of the text. A 402 also carries the numbers of the credit check
 * (InsufficientCreditsBodySchema).
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { GENERATION_MESSAGES, insufficientCreditsText, type GenerationMessageKey } from '../../src/contract/generations.ts';
import { CodedError } from '../http/errors.ts';

export type GenerationError = CodedError<GenerationMessageKey>;

export function generationError(status: ContentfulStatusCode, code: GenerationMessageKey): GenerationError {
  return new CodedError(status, code, GENERATION_MESSAGES[code]);
}

/** 402 with the credit check of docs/product-rules.md#credit-check: balance, cost and shortage. */
export function insufficientCredits(balance: number, cost: number): GenerationError {
  return new CodedError(402, 'insufficientCredits', insufficientCreditsText(cost, balance), {
    fields: { balance, cost, shortage: Math.max(0, cost - balance) },
  });
}
