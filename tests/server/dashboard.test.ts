/**
 * The dashboard's server side: GET /api/me/stats (exact figures), sharing a result
 * (PUT /api/generations/{id}/share) and the public community feed (GET /api/community).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommunityPageSchema, UsageStatsSchema } from '../../src/contract/dashboard.schema.ts';
import { GENERATION_MESSAGES } from '../../src/contract/generation-messages.ts';
import { GenerationPageSchema, GenerationSchema } from '../../src/contract/generations.schema.ts';
import type { GenerationStatusColumn } from '../../server/db/schema.ts';
import { STORAGE_QUOTA_BYTES_BY_PLAN } from '../../server/media/quota.ts';
import { DRIVER } from './helpers/database.ts';
import { createGenerationsHarness, type GenerationsHarness, type Person } from './helpers/generations.ts';
import { makeImage } from './helpers/media-fixtures.ts';
import { abortableSleep, createTestEngine, type TestEngine } from './helpers/test-engine.ts';

const BODY = {
  feature: 'body-generator',
  inputs: {},
  params: { gender: 'female', height: 165, weight: 55, age: 28, skin_tone: 'light', body_type: 'mesomorph', aspect_ratio: '3:4' },
} as const;

const DAY_MS = 86_400_000;

let h: GenerationsHarness;
let engine: TestEngine;

beforeAll(async () => {
  engine = createTestEngine();
  h = await createGenerationsHarness({ engine, workers: 2 });
});

afterAll(async () => {
  await h?.dispose();
});

/** Every stored byte of the person's assets, as the table records it. */
async function storedBytes(userId: string): Promise<number> {
  const rows = await h.database.kysely.selectFrom('assets').select('stored_bytes').where('user_id', '=', userId).execute();
  return rows.reduce((sum, row) => sum + Number(row.stored_bytes), 0);
}

/** A job row written straight into the table (the stats only count rows). */
async function insertJob(person: Person, status: GenerationStatusColumn, createdAt: Date): Promise<string> {
  const id = randomUUID();
  await h.database.kysely
    .insertInto('generations')
    .values({
      id,
      user_id: person.id,
      feature: 'body-generator',
      status,
      stage: null,
      inputs: '{}',
      params: '{}',
      cost: 1,
      engine: 'local',
      idempotency_key: null,
      request_hash: null,
      error_code: null,
      error_message: null,
      external_id: null,
      regenerated_from: null,
      created_at: createdAt,
      started_at: null,
      finished_at: null,
    })
    .execute();
  return id;
}

async function completedJob(person: Person): Promise<string> {
  const { status, body } = await person.submit(BODY);
  expect(status).toBe(202);
  expect((await person.settled(body.id)).status).toBe('completed');
  return body.id as string;
}

async function feed(query = '') {
  const response = await h.app.request(`/api/community${query}`);
  const body: unknown = await response.json();
  return { status: response.status, headers: response.headers, body };
}

async function feedIds(): Promise<string[]> {
  const { body } = await feed('?limit=48');
  return v.parse(CommunityPageSchema, body).items.map((item) => item.id);
}

describe(`GET /api/me/stats (${DRIVER})`, () => {
  it('counts this month’s jobs (UTC), all-time outcomes, assets and credits exactly', async () => {
    const person = await h.person(20);
    const now = new Date();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const empty = await person.call('GET', '/api/me/stats');
    expect(empty.status).toBe(200);
    expect(v.parse(UsageStatsSchema, empty.body)).toEqual({
      generations_this_month: 0,
      month_start: monthStart.toISOString(),
      credits: 20,
      assets: 0,
      completed_total: 0,
      failed_total: 0,
      success_rate: null,
      storage_used_bytes: 0,
      storage_limit_bytes: STORAGE_QUOTA_BYTES_BY_PLAN.free,
    });

    // Through the API: one completed job (1 credit, 1 result asset) and two uploads.
    await completedJob(person);
    await person.upload(await makeImage(16, 16, 'png'), 'a.png');
    await person.upload(await makeImage(16, 16, 'png'), 'b.png');
    // Straight into the table: this month 2 completed, 2 failed, 1 cancelled, 1 queued, 1 processing;
    // last month (the last millisecond before the month) 1 completed and 1 failed.
    for (const status of ['completed', 'completed', 'failed', 'failed', 'cancelled', 'queued', 'processing'] as const)
      await insertJob(person, status, new Date(Math.max(monthStart.getTime(), now.getTime() - DAY_MS)));
    await insertJob(person, 'completed', new Date(monthStart.getTime() - 1));
    await insertJob(person, 'failed', new Date(monthStart.getTime() - 40 * DAY_MS));
    // Someone else's jobs and assets count for them only.
    const other = await h.person(5);
    await insertJob(other, 'failed', now);
    await other.upload(await makeImage(16, 16, 'png'), 'c.png');

    const stats = await person.call('GET', '/api/me/stats');
    expect(stats.headers.get('cache-control')).toBe('no-store');
    expect(v.parse(UsageStatsSchema, stats.body)).toEqual({
      generations_this_month: 8,
      month_start: monthStart.toISOString(),
      credits: 19,
      assets: 3,
      completed_total: 4,
      failed_total: 3,
      success_rate: 4 / 7,
      // The three assets' originals, thumbnails included (the other person's upload is theirs).
      storage_used_bytes: await storedBytes(person.id),
      storage_limit_bytes: STORAGE_QUOTA_BYTES_BY_PLAN.free,
    });
    expect(await storedBytes(person.id)).toBeGreaterThan(0);
  });

  it('asks for a signed-in account', async () => {
    const response = await h.app.request('/api/me/stats');
    expect(response.status).toBe(401);
  });
});

describe(`PUT /api/generations/{id}/share (${DRIVER})`, () => {
  it('shares and unshares a completed job of the owner; the job answers say so', async () => {
    const person = await h.person(5);
    const id = await completedJob(person);
    expect((await person.generation(id)).shared).toBe(false);
    const shared = await person.call('PUT', `/api/generations/${id}/share`, { body: { shared: true } });
    expect(shared.status).toBe(200);
    expect(v.parse(GenerationSchema, shared.body)).toMatchObject({ id, shared: true, status: 'completed' });
    expect((await person.generation(id)).shared).toBe(true);
    const list = v.parse(GenerationPageSchema, (await person.call('GET', '/api/generations')).body);
    expect(list.items.find((item) => item.id === id)?.shared).toBe(true);
    expect(await feedIds()).toContain(id);

    const unshared = await person.call('PUT', `/api/generations/${id}/share`, { body: { shared: false } });
    expect(unshared).toMatchObject({ status: 200, body: { id, shared: false } });
    expect(await feedIds()).not.toContain(id);
  });

  it('refuses jobs that have not completed (409), other people’s (404) and bad bodies (422)', async () => {
    const person = await h.person(5);
    const failed = await insertJob(person, 'failed', new Date());
    const refused = await person.call('PUT', `/api/generations/${failed}/share`, { body: { shared: true } });
    expect(refused).toMatchObject({ status: 409, body: { detail: GENERATION_MESSAGES.notShareable, code: 'notShareable' } });
    // Not sharing is always possible.
    expect(await person.call('PUT', `/api/generations/${failed}/share`, { body: { shared: false } })).toMatchObject({ status: 200, body: { shared: false } });

    engine.setBehaviour((run) => abortableSleep(60_000, run.signal));
    try {
      const { body: running } = await person.submit(BODY);
      expect((await person.call('PUT', `/api/generations/${running.id}/share`, { body: { shared: true } })).status).toBe(409);
      await person.call('POST', `/api/generations/${running.id}/cancel`);
    } finally {
      engine.setBehaviour(null);
    }

    const id = await completedJob(person);
    const stranger = await h.person(5);
    expect(await stranger.call('PUT', `/api/generations/${id}/share`, { body: { shared: true } })).toMatchObject({ status: 404, body: { code: 'notFound' } });
    expect((await person.call('PUT', `/api/generations/${randomUUID()}/share`, { body: { shared: true } })).status).toBe(404);
    expect((await person.call('PUT', `/api/generations/${id}/share`, { body: { shared: 'yes' } })).status).toBe(422);
    expect((await person.generation(id)).shared).toBe(false);
    expect(
      (await h.app.request(`/api/generations/${id}/share`, { method: 'PUT', body: '{"shared":true}', headers: { 'Content-Type': 'application/json' } })).status,
    ).toBe(401);
  });
});

describe(`GET /api/community (${DRIVER})`, () => {
  it('is public: shared results newest share first, first names only, working URLs, short public caching', async () => {
    const ana = await h.person(5, { name: '  Ana   Lima  ' });
    const nameless = await h.person(5, { name: '' });
    const first = await completedJob(ana);
    const second = await completedJob(nameless);
    const hidden = await completedJob(ana);
    await ana.call('PUT', `/api/generations/${first}/share`, { body: { shared: true } });
    // Two shares in the same millisecond would be ordered by id instead.
    await sleep(5);
    await nameless.call('PUT', `/api/generations/${second}/share`, { body: { shared: true } });
    // Sharing again keeps the first share time (and so its place).
    await ana.call('PUT', `/api/generations/${first}/share`, { body: { shared: true } });

    const result = await feed();
    expect(result.status).toBe(200);
    expect(result.headers.get('cache-control')).toBe('public, max-age=30');
    const page = v.parse(CommunityPageSchema, result.body);
    const ids = page.items.map((item) => item.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(ids).not.toContain(hidden);
    const item = page.items.find((entry) => entry.id === first);
    expect(item).toMatchObject({ feature: 'body-generator', media_type: 'image', width: 16, height: 16, author: 'Ana', poster_url: null });
    expect(page.items.find((entry) => entry.id === second)?.author).toBe('Atelier');
    // Nothing private: exactly the contract's fields.
    expect(Object.keys(item ?? {}).toSorted()).toEqual([
      'author',
      'feature',
      'height',
      'id',
      'media_type',
      'poster_url',
      'shared_at',
      'thumbnail_url',
      'url',
      'width',
    ]);
    const job = await ana.generation(first);
    expect(item?.url.split('?')[0]).toBe(job.results[0]?.url.split('?')[0]);
    for (const url of [item?.url, item?.thumbnail_url]) expect((await h.app.request(url ?? '')).status).toBe(200);
  });

  it('drops a shared job when the job or its result is deleted', async () => {
    const person = await h.person(5);
    const byJob = await completedJob(person);
    const byResult = await completedJob(person);
    for (const id of [byJob, byResult]) await person.call('PUT', `/api/generations/${id}/share`, { body: { shared: true } });
    expect(await feedIds()).toEqual(expect.arrayContaining([byJob, byResult]));

    expect((await person.call('DELETE', `/api/generations/${byJob}`)).status).toBe(204);
    const result = (await person.generation(byResult)).results[0];
    expect((await person.call('DELETE', `/api/assets/${result?.id}`)).status).toBe(204);
    const ids = await feedIds();
    expect(ids).not.toContain(byJob);
    expect(ids).not.toContain(byResult);
  });

  it('answers `limit` items (12 by default, at most 48) and refuses other limits', async () => {
    const person = await h.person(20);
    for (let index = 0; index < 14; index += 1) {
      const id = await completedJob(person);
      await person.call('PUT', `/api/generations/${id}/share`, { body: { shared: true } });
    }
    expect(v.parse(CommunityPageSchema, (await feed()).body).items).toHaveLength(12);
    expect(v.parse(CommunityPageSchema, (await feed('?limit=3')).body).items).toHaveLength(3);
    for (const limit of ['0', '49', 'x']) expect((await feed(`?limit=${limit}`)).status).toBe(422);
  });
});
