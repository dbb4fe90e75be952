import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { hasCode } from './errors.ts';

const Schema = v.tuple([v.pipe(v.string(), v.isoTimestamp()), v.string()]);

describe('paging cursors', () => {
  it('are base64url JSON of the keys, and decode back to them', () => {
    const cursor = encodeCursor(['2026-01-02T03:04:05.000Z', 'abc']);
    expect(cursor).toBe(Buffer.from('["2026-01-02T03:04:05.000Z","abc"]').toString('base64url'));
    expect(decodeCursor(cursor, Schema)).toEqual(['2026-01-02T03:04:05.000Z', 'abc']);
  });

  it.each([
    ['not base64url JSON', '%%%'],
    ['JSON of another shape', encodeCursor(['yesterday', 'abc'])],
    ['too few keys', encodeCursor(['2026-01-02T03:04:05.000Z'])],
  ])('refuse %s with a 422', (_what, cursor) => {
    let thrown: unknown;
    try {
      decodeCursor(cursor, Schema);
    } catch (error) {
      thrown = error;
    }
    expect(hasCode(thrown, 'invalidCursor')).toBe(true);
    expect(thrown).toMatchObject({ status: 422, message: 'Invalid input: cursor: not a cursor this server gave out' });
  });
});
