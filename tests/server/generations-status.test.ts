/**
 * GET /api/generations/{id}, the status every open tab and the service worker poll: ONE database
 * statement per call (the account and token check, the job and its assets together), with the
 * answers of the full guard and of the other job routes unchanged.
 */
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GenerationPageSchema, GenerationSchema } from '../../src/contract/generations.schema.ts';
import type { Asset } from '../../src/contract/media.schema.ts';
import { createSessionsRepository, startSessionToken } from '../../server/auth/sessions.ts';
import { createAccessTokens } from '../../server/auth/tokens.ts';
import { TEST_SIGNING_KEY } from './helpers/app.ts';
import { DRIVER } from './helpers/database.ts';
import { createGenerationsHarness, type GenerationsHarness } from './helpers/generations.ts';
import { makeImage } from './helpers/media-fixtures.ts';
import { createTestEngine } from './helpers/test-engine.ts';

const HOUR_MS = 3_600_000;

let h: GenerationsHarness;

beforeAll(async () => {
  h = await createGenerationsHarness({ engine: createTestEngine(), workers: 1 });
});

afterAll(async () => {
  await h?.dispose();
});

const tokens = createAccessTokens({ secret: TEST_SIGNING_KEY, ttlSeconds: 3_600, now: Date.now });

/** A token of a new session (another device) of `person`. */
const sessionToken = (person: { id: string; email: string }): Promise<string> =>
  startSessionToken({ sessions: createSessionsRepository(h.database), tokens, now: Date.now }, { id: person.id, name: 'Trần Văn Minh', email: person.email });

/** Signed with the right key but naming no session (as tokens from before sessions did). */
const sessionlessToken = (person: { id: string; email: string }): Promise<string> =>
  tokens.issue({ id: person.id, name: 'Trần Văn Minh', email: person.email, sid: '' }, new Date(Date.now() + HOUR_MS));

/** Signed media URLs carry their own expiry: compare everything else exactly. */
const withoutLinks = ({ url, thumbnail_url, poster_url, urls_expire_at, ...rest }: Asset) => ({
  ...rest,
  links: [url, thumbnail_url, poster_url, urls_expire_at].map((link) => typeof link),
});

const get = (token: string | null, id: string) => h.app.request(`/api/generations/${id}`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});

describe(`job status in one read (${DRIVER})`, () => {
  it('answers a job with its input and result assets in ONE statement, the same body as the list', async () => {
    const person = await h.person();
    const image = await person.upload(await makeImage(64, 48, 'png'), 'a.png');
    const { body } = await person.submit({ feature: 'upscaler-image', inputs: { image: image.id }, params: {} });
    const done = await person.settled(body.id);
    expect(done.status).toBe('completed');

    const { result, queries } = await h.queriesDuring(() => person.call('GET', `/api/generations/${body.id}`));
    expect(result.status).toBe(200);
    expect(queries).toEqual(['SelectQueryNode']);
    expect(result.headers.get('cache-control')).toBe('no-store');

    const status = v.parse(GenerationSchema, result.body);
    expect(status.input_assets.map((asset) => asset.id)).toEqual([image.id]);
    expect(status.results).toHaveLength(1);
    const listed = v.parse(GenerationPageSchema, (await person.call('GET', '/api/generations')).body).items.find((item) => item.id === body.id);
    const unsigned = (job: typeof status) => ({ ...job, input_assets: job.input_assets.map(withoutLinks), results: job.results.map(withoutLinks) });
    expect(listed && unsigned(listed)).toEqual(unsigned(status));
    expect(Object.keys(status).toSorted()).toEqual(Object.keys(listed ?? {}).toSorted());
  });

  it("answers someone else's job, an unknown id and a malformed id 404, in one statement", async () => {
    const owner = await h.person();
    const other = await h.person();
    const { body } = await owner.submit({
      feature: 'body-generator',
      inputs: {},
      params: { gender: 'female', height: 165, weight: 55, age: 28, skin_tone: 'light', body_type: 'mesomorph', aspect_ratio: '3:4' },
    });
    const reads = [];
    for (const id of [body.id, randomUUID(), 'not-a-job']) {
      const { result, queries } = await h.queriesDuring(() => other.call('GET', `/api/generations/${id}`));
      expect(result).toMatchObject({ status: 404, body: { code: 'notFound', message: expect.any(String) } });
      expect(result.body.detail).toBeUndefined();
      reads.push(queries.length);
    }
    // A malformed id is no job id: it is not put in the query, which still checks the account.
    expect(reads).toEqual([1, 1, 1]);
    await owner.settled(body.id);
  });

  it('refuses what the full guard refuses, with the same 401 answers', async () => {
    const person = await h.person();
    const { body } = await person.submit({
      feature: 'body-generator',
      inputs: {},
      params: { gender: 'male', height: 175, weight: 70, age: 30, skin_tone: 'medium', body_type: 'mesomorph', aspect_ratio: '3:4' },
    });
    await person.settled(body.id);

    const missing = await get(null, body.id);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ code: 'signInRequired' });
    expect(missing.headers.get('www-authenticate')).toBe('Bearer');
    const forged = await get(`${person.token}x`, body.id);
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ code: 'sessionExpired' });

    // A revoked session's token stops at once, here and at the guard of the other routes, while
    // another session of the same account goes on; a token naming no session never counts.
    const other = await sessionToken(person);
    const revoked = await sessionToken(person);
    expect((await get(revoked, body.id)).status).toBe(200);
    expect((await h.app.request('/auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${revoked}` } })).status).toBe(204);
    const after = await get(revoked, body.id);
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ code: 'sessionExpired' });
    expect((await h.app.request('/api/generations/pending', { headers: { Authorization: `Bearer ${revoked}` } })).status).toBe(401);
    expect((await get(other, body.id)).status).toBe(200);
    expect((await get(await sessionlessToken(person), body.id)).status).toBe(401);
    expect((await h.app.request('/api/generations/pending', { headers: { Authorization: `Bearer ${await sessionlessToken(person)}` } })).status).toBe(401);

    // A deleted account's token stops at once, for its own (now gone) job too.
    const token = await sessionToken(person);
    await h.database.kysely.deleteFrom('users').where('id', '=', person.id).execute();
    const gone = await get(token, body.id);
    expect(gone.status).toBe(401);
    expect(await gone.json()).toMatchObject({ code: 'sessionExpired' });
  });
});
