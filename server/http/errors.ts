/**
 * Errors as the API answers them (docs/product-rules.md#api-errors): the right status, and `{ message }` for
 * GET/HEAD or `{ detail }` for other methods, with a human sentence and its `code`, never a stack trace.
 *
 * Routes and services throw `CodedError`s, built by their area's factory (`authError`,
 * `mediaError`…, or `httpError` for what no area owns): the answer carries the text and a
 * machine-readable `code`, the key of the text in the area's message table, so the PWA can show
 * it in the person's language. `handleError`, the app's one error handler,
 * turns whatever was thrown into the answer. Unexpected errors become a 500 `internalError` whose
 * stack goes to the log only.
 */
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { errorBodyFor } from '../../src/contract/errors.schema.ts';
import { HTTP_MESSAGES } from '../../src/contract/http-errors.ts';
import { bodyTooLarge } from './body-limit.ts';
import type { AppEnv } from './types.ts';

export { ApiError, CodedError, codedErrors, hasCode, retryAfter, type CodedErrorInit, type CodedErrorOptions } from './api-error.ts';
import { ApiError, CodedError } from './api-error.ts';
import { httpError, type HttpError } from './http-error.ts';
export { httpError, type HttpError } from './http-error.ts';

/** Codes that mean "sign in (again)": their answer also carries `WWW-Authenticate: Bearer`. */
const BEARER_CHALLENGE_CODES: ReadonlySet<string> = new Set(['signInRequired', 'sessionExpired']);

/** At most this many validation problems are spelled out in one message. */
const MAX_LISTED_ISSUES = 3;

/** The first valibot issues as a list, e.g. `email: Invalid email; name: Invalid length`. */
function listIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  const parts = issues.slice(0, MAX_LISTED_ISSUES).map((issue) => {
    const where = v.getDotPath(issue);
    return where ? `${where}: ${issue.message}` : issue.message;
  });
  const more = issues.length - parts.length;
  return `${parts.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}`;
}

/** The 422 of input that fails its schema: code `invalidInput`, its text listing the first issues. */
export function invalidInput(issues: readonly v.BaseIssue<unknown>[]): HttpError {
  return httpError(422, 'invalidInput', { values: { issues: listIssues(issues) } });
}

/** One readable sentence out of valibot issues: the text of `invalidInput`. */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return HTTP_MESSAGES.invalidInput.replace('{issues}', listIssues(issues));
}

/**
 * SQLSTATE classes whose errors are the request's fault, not the server's: a "data exception"
 * (class 22: invalid byte sequence 22021, invalid text representation 22P02, numeric value out of
 * range 22003, …) or "program limit exceeded" (class 54: a value or a row too big). The answer is
 * a 400 `unstorableValue`; the contract refuses such values first (src/contract/input.schema.ts),
 * this is the safety net.
 */
const DATA_EXCEPTION_STATE = /^(?:22|54)[0-9A-Z]{3}$/;
/** How far down a chain of `cause`s a database error is looked for. */
const MAX_CAUSE_DEPTH = 5;

/** The database data exception behind `error` (itself or one of its causes), or null. */
export function dataException(error: unknown): Error | null {
  let current: unknown = error;
  for (let depth = 0; depth <= MAX_CAUSE_DEPTH && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && DATA_EXCEPTION_STATE.test(code)) return current;
    current = current.cause;
  }
  return null;
}

/** Validates input against a contract schema; invalid input is a 422 with a human message. */
export function parseInput<const S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw invalidInput(result.issues);
  return result.output;
}

/**
 * The request body parsed as JSON: malformed JSON is a 400, a body over the route's limit a 413
 * (see ./body-limit.ts: the limit stops the reading, so nothing past it is held).
 */
export async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch (error) {
    const tooLarge = bodyTooLarge(c, error);
    if (tooLarge) throw tooLarge;
    throw httpError(400, 'invalidJson');
  }
}

/** Reads and validates a JSON request body: malformed JSON is a 400, invalid content a 422. */
export async function readJsonBody<const S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  return parseInput(schema, await readJson(c));
}

/** The error answer for the current request (docs/product-rules.md#api-errors). */
export function errorResponse(c: Context, status: ContentfulStatusCode, text: string): Response {
  c.header('Cache-Control', 'no-store');
  return c.json(errorBodyFor(c.req.method, text), status);
}

/** The answer of a coded error (see CodedError), for a handler that answers rather than throws. */
export function codedErrorResponse<E extends AppEnv>(c: Context<E>, error: CodedError): Response {
  // A failure on our side: the request log line carries its cause (and stack).
  if (error.status >= 500) c.set('error', error.cause instanceof Error ? error.cause : error);
  c.header('Cache-Control', 'no-store');
  if (error.retryAfterSeconds !== null) c.header('Retry-After', String(error.retryAfterSeconds));
  if (BEARER_CHALLENGE_CODES.has(error.code)) c.header('WWW-Authenticate', 'Bearer');
  return c.json(
    {
      ...errorBodyFor(c.req.method, error.message),
      code: error.code,
      ...error.fields,
      ...(error.retryAfterSeconds !== null ? { retry_after_seconds: error.retryAfterSeconds } : {}),
    },
    error.status,
  );
}

/** The app's one error handler (mounted once, in server/app.ts; routers of the areas set none). */
export const handleError: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof CodedError) return codedErrorResponse(c, error);
  // A body read past its route's limit, however the route read it (JSON, text, bytes, form):
  // readJson answers it itself, any other reader's failure lands here and is the same 413.
  const tooLarge = bodyTooLarge(c, error);
  if (tooLarge) return codedErrorResponse(c, tooLarge);
  if (error instanceof ApiError) return errorResponse(c, error.status, error.message);
  if (error instanceof v.ValiError) return codedErrorResponse(c, invalidInput(error.issues));
  // A refusal of the framework itself (its text is its own English, for a developer): the status stays.
  if (error instanceof HTTPException && error.status < 500) return codedErrorResponse(c, httpError(error.status, 'requestRefused'));
  // Logged by the request logger, on the request's own line (a 400 at warn, a 500 with its stack).
  c.set('error', error);
  if (dataException(error)) return codedErrorResponse(c, httpError(400, 'unstorableValue'));
  return codedErrorResponse(c, httpError(500, 'internalError', { cause: error }));
};

/** The 404 of a path nothing answers: `unknownPath`. */
export function notFoundResponse<E extends AppEnv>(c: Context<E>): Response {
  return codedErrorResponse(c, httpError(404, 'unknownPath'));
}

/** JSON 404 for API paths nobody answers. */
export const jsonNotFound: NotFoundHandler<AppEnv> = (c) => notFoundResponse(c);
