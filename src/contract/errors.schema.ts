/**
 * Error bodies the API answers with (docs/product-rules.md#api-errors): a failed GET (or HEAD) carries
 * `{ message }`, a failed call with any other method carries `{ detail }`. The status code is
 * always meaningful; the text is written for a person and never contains a stack trace.
 */
import * as v from 'valibot';

/** Body of a failed GET or HEAD request. */
export const GetErrorBodySchema = v.object({ message: v.string() });
export type GetErrorBody = v.InferOutput<typeof GetErrorBodySchema>;

/** Body of a failed POST, PUT, PATCH or DELETE request. */
export const MutationErrorBodySchema = v.object({ detail: v.string() });
export type MutationErrorBody = v.InferOutput<typeof MutationErrorBodySchema>;

/** Either error body; what the client parses when it does not track the method. */
export const ErrorBodySchema = v.union([GetErrorBodySchema, MutationErrorBodySchema]);
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;

/** Methods whose failures answer `{ message }`; every other method answers `{ detail }`. */
const MESSAGE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

/** Builds the error body of a request method (docs/product-rules.md#api-errors). */
export function errorBodyFor(method: string, text: string): ErrorBody {
  return MESSAGE_METHODS.has(method.toUpperCase()) ? { message: text } : { detail: text };
}

/** The human text of an error body, whichever shape it has. */
export function errorText(body: ErrorBody): string {
  return 'message' in body ? body.message : body.detail;
}
