/**
 * The coded errors of no particular area (src/contract/http-errors.ts): bodies, inputs, cursors
 * and headers any route reads. Depends only on ./api-error.ts, so every module of server/http can
 * throw them.
 */
import { HTTP_MESSAGES, type HttpMessageKey } from '../../src/contract/http-errors.ts';
import { codedErrors, type CodedError } from './api-error.ts';

export type HttpError = CodedError<HttpMessageKey>;

/** `throw httpError(400, 'invalidJson')`: the contract's text for that key, with its code. */
export const httpError = codedErrors(HTTP_MESSAGES);
