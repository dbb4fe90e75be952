/**
 * The paging cursors of the API: opaque to clients, base64url JSON of the last row's keys
 * (e.g. `[created_at, id]`). Each list declares its cursor's shape as a valibot schema; a cursor
 * that is not one this server gave out is a 422 validation error, whatever is wrong with it.
 */
import * as v from 'valibot';
import { httpError, type HttpError } from './http-error.ts';

/** The cursor of a row whose keys are `keys` (JSON values). */
export function encodeCursor(keys: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(keys)).toString('base64url');
}

/**
 * The keys `cursor` holds, as `schema` reads them.
 * @throws HttpError 422 `invalidCursor` when it is not base64url JSON of that shape.
 */
export function decodeCursor<const S extends v.GenericSchema>(cursor: string, schema: S): v.InferOutput<S> {
  try {
    return v.parse(schema, JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch (error) {
    throw invalidCursor(error);
  }
}

/** The 422 of a cursor this server did not give out; `cause` is what reading it threw. */
export function invalidCursor(cause: unknown): HttpError {
  return httpError(422, 'invalidCursor', { cause });
}
