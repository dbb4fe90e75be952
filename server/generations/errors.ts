/**
 * Generation errors: the spec's `{ detail }` / `{ message }` answer plus `code`, the
 * GENERATION_MESSAGES key of the text (like the auth and media areas' coded errors). A 402 also
 * carries the numbers of the credit check (InsufficientCreditsBodySchema).
 */
import type { ErrorHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { errorBodyFor } from '../../src/contract/errors.ts';
import { GENERATION_MESSAGES, insufficientCreditsText, type GenerationMessageKey } from '../../src/contract/generations.ts';
import { handleCodedError } from '../auth/errors.ts';
import { ApiError } from '../http/errors.ts';
import type { AppEnv } from '../http/types.ts';

export class GenerationError extends ApiError {
  readonly code: GenerationMessageKey;
  /** Extra fields of the answer (the 402's balance, cost and shortage). */
  readonly extra: Readonly<Record<string, number>>;

  constructor(status: ContentfulStatusCode, code: GenerationMessageKey, options: { text?: string; extra?: Record<string, number> } = {}) {
    super(status, options.text ?? GENERATION_MESSAGES[code]);
    this.name = 'GenerationError';
    this.code = code;
    this.extra = options.extra ?? {};
  }
}

export function generationError(status: ContentfulStatusCode, code: GenerationMessageKey): GenerationError {
  return new GenerationError(status, code);
}

/** 402 with the spec's credit check: balance, cost and shortage. */
export function insufficientCredits(balance: number, cost: number): GenerationError {
  return new GenerationError(402, 'insufficientCredits', {
    text: insufficientCreditsText(cost, balance),
    extra: { balance, cost, shortage: Math.max(0, cost - balance) },
  });
}

/**
 * The generations router's error handler: generation errors with their code, everything else (the
 * guards' auth errors, validation, the unexpected) as the app answers it.
 */
export const handleGenerationError: ErrorHandler<AppEnv> = (error, c) => {
  if (!(error instanceof GenerationError)) return handleCodedError(error, c);
  c.header('Cache-Control', 'no-store');
  return c.json({ ...errorBodyFor(c.req.method, error.message), code: error.code, ...error.extra }, error.status);
};
