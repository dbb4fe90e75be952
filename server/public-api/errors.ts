/**
 * Errors of the public API (`/v1`): coded errors (server/http/errors.ts) whose code is the
 * PUBLIC_API_MESSAGES key of the text, so an integration can branch on `code` and a person can
 * read the text.
 */
import { PUBLIC_API_MESSAGES, type PublicApiMessageKey } from '../../src/contract/public-api.ts';
import { codedErrors, type CodedError } from '../http/errors.ts';

export type PublicApiError = CodedError<PublicApiMessageKey>;

/** `throw publicApiError(403, 'serviceNotAllowed')`: the contract's text for that key, with its code. */
export const publicApiError = codedErrors(PUBLIC_API_MESSAGES);
