/**
 * Path params, validated with the contract like bodies and queries. A record id that is not one
 * (src/contract/input.schema.ts RecordIdSchema) names nothing: the route answers exactly as for an
 * unknown id, so a malformed id tells a caller nothing a well-formed one would not.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import { RecordIdSchema } from '../../src/contract/input.schema.ts';

/**
 * The record id in path param `name`.
 * @param notFound the route's own answer for an unknown id
 * @throws what `notFound` returns, when the param is not a record id
 */
export function recordIdParam(c: Context, name: string, notFound: () => Error): string {
  const id = c.req.param(name);
  if (typeof id !== 'string' || !v.is(RecordIdSchema, id)) throw notFound();
  return id;
}
