/**
 * What any string or number the API accepts must be, whatever the field: every request, query
 * and path-param schema of the contract builds on these, so hostile text is a clear 422 at the
 * door instead of a database error deep inside (Postgres refuses NUL in text; an unpaired UTF-16
 * surrogate is not Unicode and cannot be encoded; 1e308 passes `integer()` but no column holds it).
 *
 * Imports only valibot.
 */
import * as v from 'valibot';

const NUL = String.fromCharCode(0);
/** A UTF-16 surrogate without its other half. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const UNSAFE_TEXT_MESSAGE = 'Text must not contain NUL characters or broken Unicode';

/** True when `value` can be stored and sent as is: no NUL, no lone surrogate. */
export function isSafeText(value: string): boolean {
  return !value.includes(NUL) && !LONE_SURROGATE.test(value);
}

/**
 * Any string the API accepts: no NUL, no lone surrogate. Add a length bound with `text(max)`
 * (or an explicit `maxLength` where the bound comes with its own message).
 */
export function safeString() {
  return v.pipe(v.string(), v.check(isSafeText, UNSAFE_TEXT_MESSAGE));
}

/** A safe string of at most `max` UTF-16 code units. */
export function text(max: number) {
  return v.pipe(safeString(), v.maxLength(max));
}

/** Any number the API accepts: finite, and within what a double counts exactly (±2^53). */
export function safeNumber() {
  return v.pipe(v.number(), v.finite(), v.minValue(-Number.MAX_SAFE_INTEGER), v.maxValue(Number.MAX_SAFE_INTEGER));
}

/** A whole number from `min` to `max`. */
export function integer(min: number, max: number, message?: string) {
  return v.pipe(v.number(message), v.finite(message), v.safeInteger(message), v.minValue(min, message), v.maxValue(max, message));
}

/** A number from `min` to `max` (fractions allowed). */
export function boundedNumber(min: number, max: number) {
  return v.pipe(v.number(), v.finite(), v.minValue(min), v.maxValue(max));
}

/**
 * A query-string number (`?limit=20`): digits only, read as an integer from `min` to `max`.
 * At most 9 digits, so `99999999999999999999` is refused as text before it becomes a number.
 */
export function queryInteger(min: number, max: number) {
  return v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number), v.minValue(min), v.maxValue(max));
}

/**
 * The id of a stored record (an account, an asset, a job): the server makes every one with
 * `crypto.randomUUID()`. A path param that is not one names nothing: servers answer it exactly
 * like an unknown id (404), without reaching the database.
 */
export const RecordIdSchema = v.pipe(v.string(), v.uuid());

/** Longest list cursor the server hands out, in characters (base64url of a small JSON tuple). */
export const CURSOR_MAX = 1024;
