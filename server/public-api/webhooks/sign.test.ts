import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { secretKey, signatureHeaders, signMessage } from './sign.ts';

// A fixed secret, id, time and body: the vector is computed with the reference library.
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const TIMESTAMP_SECONDS = 1_614_265_330;
const BODY = '{"type":"generation.completed","timestamp":"2026-11-27T10:00:00.000Z","data":{"generation":{"id":"g1","status":"completed"}}}';

describe('Standard Webhooks signatures', () => {
  it('match the reference library for the same secret, id, time and body', () => {
    const expected = new Webhook(SECRET).sign(ID, new Date(TIMESTAMP_SECONDS * 1000), BODY);
    expect(signMessage(SECRET, ID, TIMESTAMP_SECONDS, BODY)).toBe(expected);
  });

  it('verify with the reference library, and fail on a changed body', () => {
    const now = Math.floor(Date.now() / 1000);
    const headers = signatureHeaders(SECRET, ID, now, BODY);
    expect(headers['webhook-id']).toBe(ID);
    expect(headers['webhook-timestamp']).toBe(String(now));
    expect(new Webhook(SECRET).verify(BODY, headers)).toEqual(JSON.parse(BODY));
    expect(() => new Webhook(SECRET).verify(BODY.replace('g1', 'g2'), headers)).toThrow(/signature/i);
  });

  it('key with the decoded bytes after whsec_, and refuse an empty key', () => {
    expect(secretKey(SECRET)).toEqual(Buffer.from('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'base64'));
    expect(() => secretKey('whsec_')).toThrow(/empty/);
  });
});
