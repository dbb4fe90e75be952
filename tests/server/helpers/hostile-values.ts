/**
 * The hostile input of the fuzz (tests/server/hostile-input.test.ts): values, path segments,
 * query strings, content types and malformed JSON, as fast-check arbitraries. JSON is written by
 * hand (`toJson`) so a body can carry what JSON.stringify cannot: 1e309, raw big integers,
 * `__proto__` keys.
 */
import { randomUUID } from 'node:crypto';
import * as fc from 'fast-check';
import { PageQuerySchema, QuoteQuerySchema } from '../../../src/contract/billing.schema.ts';
import { CommunityQuerySchema } from '../../../src/contract/dashboard.schema.ts';
import { GenerationListQuerySchema } from '../../../src/contract/generations.schema.ts';
import { AssetListQuerySchema } from '../../../src/contract/media.schema.ts';
import { CommentListQuerySchema, ModerationQuerySchema } from '../../../src/contract/blog-comments.schema.ts';

// ── JSON with what JSON.stringify cannot write (1e309, raw big integers, `__proto__` keys) ───

export class Raw {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}
export class Pairs {
  readonly pairs: ReadonlyArray<readonly [string, unknown]>;
  constructor(pairs: ReadonlyArray<readonly [string, unknown]>) {
    this.pairs = pairs;
  }
}

export function toJson(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (value instanceof Pairs) return `{${value.pairs.map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') return toJson(new Pairs(Object.entries(value)));
  return JSON.stringify(value) ?? 'null';
}

// ── Hostile values ──────────────────────────────────────────────────────────────────────

export const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  'tail\ud83d',
  '\ud83d\ude00',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%2e%2e%2f',
  '\u202e\u2066rtl',
  '\ufeff',
  '\uffff\ufffe',
  'Z\u0364\u0351\u0313\u0324\u0354',
  '\u{1f937}\u{1f3fd}\u200d\u2640\ufe0f',
  '1e308',
  '-1e308',
  '9'.repeat(400),
  'NaN',
  'Infinity',
  '__proto__',
  'constructor',
  "' OR 1=1 --",
  '%_\\',
  '<script>alert(1)</script>',
  '',
  ' ',
  '2025-02-30',
  '9999-99-99T99:99:99Z',
  '\n\r\t',
] as const;

export const hostileString = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.tuple(fc.string({ maxLength: 10 }), fc.constantFrom('\u0000', '\ud800', '\udfff')).map(([text, bad]) => `${text}${bad}${text}`) },
  { weight: 1, arbitrary: fc.integer({ min: 300, max: 20_000 }).map((length) => 'ż'.repeat(length)) },
);
export const hostileNumber = fc.constantFrom<unknown>(
  new Raw('1e308'),
  new Raw('-1e308'),
  new Raw('1e309'),
  new Raw('-1e309'),
  new Raw('1e-400'),
  new Raw('123456789012345678901234567890'),
  new Raw('-123456789012345678901234567890'),
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  2 ** 31,
  -1,
  0.5,
  -0,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
);
const deepNesting = fc.integer({ min: 20, max: 4_000 }).map((depth) => new Raw(`${'['.repeat(depth)}${']'.repeat(depth)}`));
const protoObject = fc.constantFrom<unknown>(
  new Pairs([['__proto__', { role: 'admin', credits: 1e9 }]]),
  new Pairs([['constructor', { prototype: { polluted: true } }]]),
  new Pairs([
    ['__proto__', null],
    ['toString', 1],
  ]),
  new Pairs([
    ['hasOwnProperty', 'x'],
    ['valueOf', []],
  ]),
);
const wrongType = fc.constantFrom<unknown>(null, true, false, 0, [], {}, [1, 2, 3], 'text', [null]);
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(hostileString, hostileNumber, deepNesting, protoObject, wrongType);

// ── Path params, queries, headers ──────────────────────────────────────────────────────

/** Percent-encodes a string as its UTF-16 code units would go over the wire (lone surrogates as WTF-8). */
export function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    let out = '';
    for (const unit of text) {
      const code = unit.codePointAt(0) ?? 0;
      if (code >= 0xd800 && code <= 0xdfff)
        out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
      else out += encodeURIComponent(unit);
    }
    return out;
  }
}

export const RAW_SEGMENTS = [
  '%00',
  '%ED%A0%80',
  '%FF',
  '%C0%AE%C0%AE',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%',
  '%zz',
  '1e308',
  '-1',
  '0',
  'null',
  'undefined',
  '%E2%80%AE',
];

export interface Fixtures {
  /** Ids a path param may take: real ones of the signed-in person, someone else's, unknown ones (and a post's preview image name). */
  realIds: string[];
  emails: string[];
}

export function paramArbitrary(fixtures: Fixtures, method: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    { weight: 4, arbitrary: hostileString.map(encodeSegment) },
    { weight: 1, arbitrary: fc.constant(randomUUID()) },
    { weight: 1, arbitrary: fc.uuid().map((id) => id.toUpperCase()) },
    // Never delete the fixtures themselves: later runs need them.
    ...(method === 'DELETE' ? [] : [{ weight: 2, arbitrary: fc.constantFrom(...fixtures.realIds) }]),
  );
}

/** Known query keys per route (from the contract), beside random ones. */
const QUERY_KEYS: Record<string, readonly string[]> = {
  'GET /api/generations': Object.keys(GenerationListQuerySchema.entries),
  'GET /v1/generations': Object.keys(GenerationListQuerySchema.entries),
  'GET /api/assets': Object.keys(AssetListQuerySchema.entries),
  'GET /api/community': Object.keys(CommunityQuerySchema.entries),
  'GET /api/media/:assetId/:variant': ['exp', 'sig'],
  'HEAD /api/media/:assetId/:variant': ['exp', 'sig'],
  'GET /api/billing/quote': Object.keys(QuoteQuerySchema.entries),
  'GET /api/billing/payments': Object.keys(PageQuerySchema.entries),
  'GET /api/billing/activity': Object.keys(PageQuerySchema.entries),
  // VNPay's IPN is a GET whose query is the notification.
  'GET /api/billing/webhooks/:provider': ['vnp_TxnRef', 'vnp_Amount', 'vnp_ResponseCode', 'vnp_TransactionStatus', 'vnp_SecureHash'],
  'GET /billing/sandbox/:orderId': ['sig'],
  'POST /billing/sandbox/:orderId/:action': ['sig'],
  'GET /api/blog/posts/:postId/comments': Object.keys(CommentListQuerySchema.entries),
  'GET /api/admin/blog/comments': Object.keys(ModerationQuerySchema.entries),
  // The mails' links: the token is the whole request.
  'GET /newsletter/confirm': ['token'],
  'POST /newsletter/confirm': ['token'],
  'GET /newsletter/unsubscribe': ['token'],
  'POST /newsletter/unsubscribe': ['token'],
};

function cursorLike(value: unknown): string {
  return Buffer.from(toJson(value)).toString('base64url');
}

export function queryArbitrary(route: string): fc.Arbitrary<string> {
  const keys = [...(QUERY_KEYS[route] ?? []), 'q', 'limit', 'cursor', '__proto__', 'a[b]'];
  const value = fc.oneof(
    hostileString,
    fc.constantFrom(
      '1e308',
      '-1',
      '0',
      '101',
      '99999999999999999999',
      '1.5',
      'newest',
      'largest',
      'image',
      'upload',
      'mask',
      'model',
      '2025-01-01',
      'pack_50',
      'premium',
      'enterprise',
      'annual',
      'monthly',
      'pending',
      'approved',
      'hidden',
    ),
    // Cursors: base64url JSON of the right shape with hostile parts.
    fc.tuple(fc.constantFrom('newest', 'oldest', 'name', 'largest'), hostileValue, hostileValue).map(cursorLike),
    fc.tuple(hostileValue, hostileValue).map(cursorLike),
    fc.tuple(fc.constantFrom('largest'), hostileNumber, fc.constant(randomUUID())).map(cursorLike),
  );
  return fc
    .array(fc.tuple(fc.constantFrom(...keys), value), { maxLength: 4 })
    .map((pairs) => pairs.map(([key, item]) => `${encodeSegment(key)}=${encodeSegment(item)}`).join('&'));
}

export const CONTENT_TYPES = [
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=zzz',
  'application/json; charset=utf-16le',
  'application/xml',
  null,
] as const;

export const MALFORMED = [
  '{',
  '{"a":',
  'nan',
  '{"a":1}}',
  "{'a':1}",
  '[1,]',
  '\u0000',
  '',
  ' ',
  'null',
  '"text"',
  '1e309',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '\ufeff{}',
];
