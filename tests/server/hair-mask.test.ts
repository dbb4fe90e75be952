/**
 * The proposed hair mask (src/contract/hair-mask.ts): a portrait of the caller's library
 * answers a PNG mask at its size covering the hair and not the face; a photo without a face a coded
 * 422; another account's image a 404 exactly like an unknown one; a video 422; past the hourly
 * limit a 429 with its wait; no sign-in 401; a body over its limit 413. Nothing is charged.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { HAIR_MASK_BODY_MAX_BYTES, HAIR_MASK_MESSAGES, HAIR_MASK_PATH, HAIR_MASK_PER_HOUR } from '../../src/contract/hair-mask.ts';
import { HairMaskResponseSchema } from '../../src/contract/hair-mask.schema.ts';
import { modelRuntime } from '../../server/engines/local/models/client.ts';
import { createAuthRepository } from '../../server/auth/repository.ts';
import { HAIR_MASK_LIMIT } from '../../server/hairstyle/routes.ts';
import { DRIVER } from './helpers/database.ts';
import { createGenerationsHarness, type GenerationsHarness, type Person } from './helpers/generations.ts';

const PHOTOS = join(import.meta.dirname, '../fixtures/engines/photos');

let h: GenerationsHarness;

beforeAll(async () => {
  h = await createGenerationsHarness();
}, 120_000);
afterAll(async () => {
  await modelRuntime().close();
  await h?.dispose();
});

async function propose(person: Person, body: unknown) {
  const response = await h.app.request(HAIR_MASK_PATH, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { Authorization: `Bearer ${person.token}`, 'Content-Type': 'application/json' },
  });
  const text = await response.text();
  const json = text ? JSON.parse(text) : null;
  return { status: response.status, headers: response.headers, json };
}

describe(`the proposed hair mask (${DRIVER})`, { timeout: 120_000 }, () => {
  it('answers a PNG mask of a portrait at its size: the hair in it, the face and the wall not; no credits spent', async () => {
    const seller = await h.person();
    const portrait = await seller.upload(await readFile(join(PHOTOS, 'portrait-plain.jpg')), 'chan-dung.jpg');
    const before = (await seller.call('GET', '/api/me')).body;
    const answer = await propose(seller, { image: portrait.id });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(v.is(HairMaskResponseSchema, answer.json)).toBe(true);
    expect([answer.json.width, answer.json.height]).toEqual([portrait.width, portrait.height]);
    expect(answer.json.coverage).toBeGreaterThan(0.01);
    const png = Buffer.from(answer.json.png, 'base64');
    expect((await sharp(png).metadata()).format).toBe('png');
    const { data, info } = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([portrait.width, portrait.height]);
    const at = (x: number, y: number) => data[y * info.width + x]!;
    // portrait-plain.jpg: hair on top of the head, the nose, an eye, the wall.
    expect(at(280, 20)).toBeGreaterThan(170);
    expect(at(280, 260)).toBeLessThan(20);
    expect(at(205, 193)).toBeLessThan(20);
    expect(at(8, 8)).toBeLessThan(20);
    expect((await seller.call('GET', '/api/me')).body).toEqual(before);
  });

  it('answers 422 noFaceFound for a photo without a face, 422 for a video, and 404 for another account’s image exactly like an unknown one', async () => {
    const seller = await h.person();
    const other = await h.person();
    const wall = await seller.upload(
      await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c8c2b8' } })
        .png()
        .toBuffer(),
      'tuong.png',
    );
    const noFace = await propose(seller, { image: wall.id });
    expect(noFace.status).toBe(422);
    expect(noFace.json).toMatchObject({ code: 'noFaceFound', detail: HAIR_MASK_MESSAGES.noFaceFound });

    const theirs = await other.upload(await readFile(join(PHOTOS, 'portrait-busy.jpg')), 'ban.jpg');
    const refused = await propose(seller, { image: theirs.id });
    const unknown = await propose(seller, { image: '00000000-0000-4000-8000-000000000000' });
    expect(refused.status).toBe(404);
    expect(refused.json).toEqual(unknown.json);
    expect(refused.json).toMatchObject({ code: 'assetNotFound' });

    expect((await propose(seller, { image: 'not-an-id' })).status).toBe(422);
    expect((await propose(seller, {})).status).toBe(422);
    expect((await propose(seller, '{"image": ')).status).toBe(400);
    expect((await propose(seller, { image: wall.id, pad: 'x'.repeat(HAIR_MASK_BODY_MAX_BYTES) })).status).toBe(413);
    const anonymous = await h.app.request(HAIR_MASK_PATH, {
      method: 'POST',
      body: JSON.stringify({ image: wall.id }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(anonymous.status).toBe(401);
  });

  it('limits proposals per account and hour, answering 429 with the wait', async () => {
    const seller = await h.person();
    const other = await h.person();
    const portrait = await seller.upload(await readFile(join(PHOTOS, 'portrait-plain.jpg')), 'chan-dung.jpg');
    const mine = await other.upload(await readFile(join(PHOTOS, 'portrait-plain.jpg')), 'chan-dung.jpg');
    // The hour's proposals already made, as the limiter records them.
    const attempts = createAuthRepository(h.database);
    const now = new Date();
    for (let i = 0; i < HAIR_MASK_PER_HOUR; i++)
      await attempts.recordAttempt(HAIR_MASK_LIMIT.bucket, seller.id, now, new Date(now.getTime() - HAIR_MASK_LIMIT.windowMs));
    const refused = await propose(seller, { image: portrait.id });
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: 'tooManyProposals' });
    expect(refused.json.retry_after_seconds).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account is not held back by it.
    expect((await propose(other, { image: mine.id })).status).toBe(200);
  });
});
