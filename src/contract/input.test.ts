import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { UpdateMeRequestSchema, VerifyOtpRequestSchema } from './auth.schema.ts';
import { AssetListQuerySchema } from './media.schema.ts';
import { integer, isSafeText, queryInteger, RecordIdSchema, safeNumber, text } from './input.schema.ts';

describe('contract input helpers', () => {
  it('text refuses NUL and lone surrogates, and keeps every real character', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\ud800', 'x\udc00', 'end\ud83d', '\ude00start']) expect(isSafeText(bad), JSON.stringify(bad)).toBe(false);
    for (const good of ['', 'Nguyễn Thị Lan', '\u{1f937}\u{1f3fd}\u200d\u2640\ufe0f', '\ufffd', '\u202e', 'tab\tnew\nline'])
      expect(isSafeText(good), good).toBe(true);
    expect(v.is(text(5), 'abcde')).toBe(true);
    expect(v.is(text(5), 'abcdef')).toBe(false);
  });

  it('numbers are finite and bounded: 1e308, Infinity and unsafe integers are refused', () => {
    expect(v.is(integer(0, 10), 5)).toBe(true);
    for (const bad of [1e308, -1e308, Infinity, Number.NaN, 2 ** 53 + 2, 5.5, 11]) expect(v.is(integer(0, 10), bad), String(bad)).toBe(false);
    expect(v.is(safeNumber(), 1e308)).toBe(false);
    expect(v.is(safeNumber(), -12.5)).toBe(true);
    expect(v.is(queryInteger(1, 100), '99999999999999999999')).toBe(false);
    expect(v.parse(queryInteger(1, 100), '20')).toBe(20);
  });

  it('record ids are UUIDs', () => {
    expect(v.is(RecordIdSchema, crypto.randomUUID())).toBe(true);
    for (const bad of ['', '1', '../etc/passwd', `${crypto.randomUUID()}\u0000`, 'x'.repeat(36)]) expect(v.is(RecordIdSchema, bad), bad).toBe(false);
  });

  it('the contract schemas use them: a name, a query and an OTP', () => {
    expect(v.is(UpdateMeRequestSchema, { name: 'Lan\u0000' })).toBe(false);
    expect(v.is(UpdateMeRequestSchema, { name: 'Lan\ud800' })).toBe(false);
    expect(v.is(AssetListQuerySchema, { q: 'a\u0000' })).toBe(false);
    expect(v.is(AssetListQuerySchema, { cursor: 'x'.repeat(5_000) })).toBe(false);
    expect(v.is(VerifyOtpRequestSchema, { email: 'a@example.com', otp: 1e308 })).toBe(false);
  });
});
