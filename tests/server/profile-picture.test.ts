/**
 * The profile picture (src/contract/profile-picture.schema.ts): an upload or an image of the caller's
 * library becomes a square WebP of its centre without metadata, kept with the account and served
 * at an address that does not expire; another account's asset, another type, a body over the
 * limit (declared or chunked) and bytes that are no image are refused with a 4xx.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_SIDE } from '../../src/contract/profile-picture.schema.ts';
import { DRIVER } from './helpers/database.ts';
import { createGenerationsHarness, type GenerationsHarness, type Person } from './helpers/generations.ts';

let h: GenerationsHarness;

beforeAll(async () => {
  h = await createGenerationsHarness();
}, 120_000);
afterAll(async () => {
  await h?.dispose();
});

/** A 1200 × 800 JPEG with EXIF (a camera name, GPS-like comment), red on the left, blue on the right. */
async function photo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="600" height="800" fill="#f00"/><rect x="600" width="600" height="800" fill="#00f"/></svg>`;
  return sharp(Buffer.from(svg))
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Secret Phone' } })
    .toBuffer();
}

async function upload(person: Person, body: BodyInit, type: string, headers: Record<string, string> = {}) {
  const response = await h.app.request('/api/profile-picture', {
    method: 'POST',
    body,
    headers: { Authorization: `Bearer ${person.token}`, 'Content-Type': type, ...headers },
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function served(address: string) {
  const response = await h.app.request(address);
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe(`the profile picture (${DRIVER})`, { timeout: 120_000 }, () => {
  it('makes an upload a square of its centre, without metadata, served at an address that does not expire', async () => {
    const seller = await h.person();
    const answer = await upload(seller, new Uint8Array(await photo()), 'image/jpeg');
    expect(answer.status).toBe(200);
    const address: string = answer.body.profile_picture;
    expect(address).toMatch(new RegExp(`^/api/profile-picture/${seller.id}/[a-f0-9]{64}\\.webp$`));
    expect((await seller.call('GET', '/api/me')).body.profile_picture).toBe(address);

    // Served without a sign-in (the avatar shows wherever the account does), cached as immutable.
    const picture = await served(address);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');
    expect(picture.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(picture.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', PROFILE_PICTURE_SIDE, PROFILE_PICTURE_SIDE]);
    expect(meta.exif).toBeUndefined();
    expect(picture.bytes.includes('Secret Phone')).toBe(false);
    // The centre of a red|blue photo: red on the left of the square, blue on its right.
    const { data } = await sharp(picture.bytes).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number) => [...data.subarray((128 * PROFILE_PICTURE_SIDE + x) * 3, (128 * PROFILE_PICTURE_SIDE + x) * 3 + 3)];
    expect(at(20)[0]).toBeGreaterThan(200);
    expect(at(PROFILE_PICTURE_SIDE - 20)[2]).toBeGreaterThan(200);

    // Another address of the same account, or another account's: nothing.
    expect((await served(address.replace(/[a-f0-9]{64}/, '0'.repeat(64)))).status).toBe(404);
    expect((await served(address.replace(seller.id, (await h.person()).id))).status).toBe(404);
    expect((await served(`/api/profile-picture/${seller.id}/../../etc`)).status).toBe(404);
  });

  it('takes an image of the seller’s own library, and answers another account’s as if it did not exist', async () => {
    const seller = await h.person();
    const other = await h.person();
    const mine = await seller.upload(
      await sharp({ create: { width: 300, height: 500, channels: 3, background: '#0a0' } })
        .png()
        .toBuffer(),
      'toi.png',
    );
    const theirs = await other.upload(
      await sharp({ create: { width: 300, height: 300, channels: 3, background: '#a00' } })
        .png()
        .toBuffer(),
      'ban.png',
    );

    const picked = await seller.call('POST', '/api/profile-picture/from-asset', { body: { asset_id: mine.id } });
    expect(picked.status).toBe(200);
    expect((await served(picked.body.profile_picture)).status).toBe(200);

    const refused = await seller.call('POST', '/api/profile-picture/from-asset', { body: { asset_id: theirs.id } });
    const unknown = await seller.call('POST', '/api/profile-picture/from-asset', { body: { asset_id: '00000000-0000-4000-8000-000000000000' } });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual(unknown.body);
    expect((await seller.call('GET', '/api/me')).body.profile_picture).toBe(picked.body.profile_picture);
    expect((await seller.call('POST', '/api/profile-picture/from-asset', { body: { asset_id: '' } })).status).toBe(422);
    expect((await seller.call('POST', '/api/profile-picture/from-asset', { body: {} })).status).toBe(422);
  });

  it('refuses another type (415), bytes that are no image (422), a body over the limit (413, declared or chunked), and no sign-in (401)', async () => {
    const seller = await h.person();
    expect((await upload(seller, new Uint8Array(await photo()), 'image/gif')).status).toBe(415);
    expect((await upload(seller, 'not json either', 'text/plain')).status).toBe(415);
    expect((await upload(seller, new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png')).status).toBe(422);
    expect((await upload(seller, new Uint8Array(await photo()).subarray(0, 200), 'image/jpeg')).status).toBe(422);
    expect((await upload(seller, new Uint8Array(0), 'image/png')).status).toBe(422);

    const tooBig = new Uint8Array(PROFILE_PICTURE_MAX_BYTES + 1);
    expect((await upload(seller, tooBig, 'image/jpeg')).status).toBe(413);
    const chunked = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(1024 * 1024));
      },
    });
    expect((await upload(seller, chunked, 'image/jpeg')).status).toBe(413);

    const anonymous = await h.app.request('/api/profile-picture', {
      method: 'POST',
      body: new Uint8Array(await photo()),
      headers: { 'Content-Type': 'image/jpeg' },
    });
    expect(anonymous.status).toBe(401);
    expect((await seller.call('GET', '/api/me')).body.profile_picture).toBeNull();
  });
});
