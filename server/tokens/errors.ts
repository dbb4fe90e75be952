/**
 * Token errors: coded errors (server/http/errors.ts) whose code is the TOKEN_MESSAGES key of the
 * text, so the /api-management screen shows its own vi/en sentence for each.
 */
import * as v from 'valibot';
import { TOKEN_MESSAGES, type TokenMessageKey } from '../../src/contract/tokens.ts';
import { codedErrors, invalidInput, type CodedError } from '../http/errors.ts';

export type TokenError = CodedError<TokenMessageKey>;

export const tokenError = codedErrors(TOKEN_MESSAGES);

const CODE_OF_MESSAGE: ReadonlyMap<string, TokenMessageKey> = new Map(Object.entries(TOKEN_MESSAGES).map(([code, text]) => [text, code as TokenMessageKey]));

/**
 * Parses a management request. When the first problem is one the spec words (§5: a missing name,
 * no permission, a rate limit out of range; and the other TOKEN_MESSAGES the contract attaches),
 * the answer is exactly that sentence with its code, so the form can show it as is; any other
 * problem (a wrong type, an unknown service) is the usual 422 listing the issues.
 */
export function parseTokenInput<const S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const code = CODE_OF_MESSAGE.get(result.issues[0].message);
  if (code) throw tokenError(422, code);
  throw invalidInput(result.issues);
}
