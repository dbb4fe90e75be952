/**
 * Auth errors: coded errors (server/http/errors.ts) whose code is the AUTH_MESSAGES key of the
 * text, so the PWA can show it in the person's language. A 429 also carries
 * `retry_after_seconds` and the Retry-After header.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import { AUTH_MESSAGES, type AuthMessageKey } from '../../src/contract/auth.schema.ts';
import { CodedError, codedErrors, invalidInput, readJson, retryAfter } from '../http/errors.ts';

export type AuthError = CodedError<AuthMessageKey>;

/** `throw authError(401, 'checkCredentials')`: the contract's text for that key (AUTH_MESSAGES), with its code. */
export const authError = codedErrors(AUTH_MESSAGES);

/** 429 'Too many attempts. Please wait {n} minutes and try again.' */
export const tooManyAttempts = (retryAfterSeconds: number): AuthError => authError(429, 'tooManyAttempts', retryAfter(retryAfterSeconds));

const KEY_BY_TEXT: ReadonlyMap<string, AuthMessageKey> = new Map(
  (Object.entries(AUTH_MESSAGES) as Array<[AuthMessageKey, string]>).map(([key, text]) => [text, key]),
);

/**
 * Validates a JSON body against an auth contract schema. When the first problem is one of the
 * contract's field messages ('Please enter a valid email', …) the 422 carries that text and its code;
 * otherwise it is the usual "Invalid input: …" sentence.
 */
export async function readAuthBody<const S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  const result = v.safeParse(schema, await readJson(c));
  if (result.success) return result.output;
  const first = result.issues[0];
  const key = first ? KEY_BY_TEXT.get(first.message) : undefined;
  if (key) throw authError(422, key);
  throw invalidInput(result.issues);
}
