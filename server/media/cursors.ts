/**
 * The library's paging and day filters: opaque cursors (base64url JSON) and calendar days.
 */
import * as v from 'valibot';
import { integer, RecordIdSchema, text } from '../../src/contract/input.schema.ts';
import type { AssetSort } from '../../src/contract/media.schema.ts';
import { decodeCursor as decodeKeys, encodeCursor as encodeKeys } from '../http/cursor.ts';
import { mediaError } from './errors.ts';
import type { AssetCursor } from './repository.ts';

const IdSchema = RecordIdSchema;
const TimeSchema = v.pipe(v.string(), v.isoTimestamp());
/**
 * A cursor is base64url JSON `[sort, key, id]`: the key is the last row's created_at (newest,
 * oldest), name (name) or bytes (largest). `[created_at, id]` is the cursor of the time before
 * sorts, read as newest.
 */
const CursorSchema = v.union([
  v.tuple([v.picklist(['newest', 'oldest']), TimeSchema, IdSchema]),
  v.tuple([v.literal('name'), text(500), IdSchema]),
  v.tuple([v.literal('largest'), integer(0, Number.MAX_SAFE_INTEGER), IdSchema]),
  v.tuple([TimeSchema, IdSchema]),
]);

export function encodeCursor(cursor: AssetCursor): string {
  const key = cursor.sort === 'name' ? cursor.name : cursor.sort === 'largest' ? cursor.bytes : cursor.createdAt.toISOString();
  return encodeKeys([cursor.sort, key, cursor.id]);
}

export function decodeCursor(cursor: string, sort: AssetSort): AssetCursor {
  let decoded: AssetCursor;
  const parts = decodeKeys(cursor, CursorSchema);
  if (parts.length === 2) decoded = { sort: 'newest', createdAt: new Date(parts[0]), id: parts[1] };
  else if (parts[0] === 'name') decoded = { sort: 'name', name: parts[1], id: parts[2] };
  else if (parts[0] === 'largest') decoded = { sort: 'largest', bytes: parts[1], id: parts[2] };
  else decoded = { sort: parts[0], createdAt: new Date(parts[1]), id: parts[2] };
  if (decoded.sort !== sort) {
    throw mediaError(400, 'cursorOrderMismatch', { values: { cursorOrder: decoded.sort, order: sort } });
  }
  return decoded;
}

export const DAY_MS = 86_400_000;

/** 00:00 UTC of a YYYY-MM-DD day; a day that does not exist (2025-02-30) is a 422. */
export function startOfDay(day: string, field: 'from' | 'to'): Date {
  const at = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== day) throw mediaError(422, 'invalidDay', { values: { field } });
  return at;
}
