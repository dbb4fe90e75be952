/**
 * Links handed out by the public community feed stop working as soon as the owner un-shares or
 * deletes the job (or its result), while the owner's own links keep working; they are scoped to
 * the shared job and short-lived (server/media/signing.ts).
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommunityPageSchema, type CommunityItem } from '../../src/contract/dashboard.schema.ts';
import { MEDIA_MESSAGES } from '../../src/contract/media.ts';
import { SHARED_URL_TTL_SECONDS } from '../../server/media/signing.ts';
import { DRIVER } from './helpers/database.ts';
import { createGenerationsHarness, type GenerationsHarness, type Person } from './helpers/generations.ts';
import { createTestEngine } from './helpers/test-engine.ts';

const BODY = {
  feature: 'body-generator',
  inputs: {},
  params: { gender: 'female', height: 165, weight: 55, age: 28, skin_tone: 'light', body_type: 'mesomorph', aspect_ratio: '3:4' },
} as const;

let h: GenerationsHarness;

beforeAll(async () => {
  h = await createGenerationsHarness({ engine: createTestEngine(), workers: 2 });
});

afterAll(async () => {
  await h?.dispose();
});

async function sharedJob(person: Person): Promise<string> {
  const { body } = await person.submit(BODY);
  expect((await person.settled(body.id)).status).toBe('completed');
  expect((await person.call('PUT', `/api/generations/${body.id}/share`, { body: { shared: true } })).status).toBe(200);
  return body.id as string;
}

async function feedItem(id: string): Promise<CommunityItem | undefined> {
  const response = await h.app.request('/api/community?limit=48');
  return v.parse(CommunityPageSchema, await response.json()).items.find((item) => item.id === id);
}

const status = async (url: string) => (await h.app.request(url)).status;

describe(`community feed links (${DRIVER})`, () => {
  it('are scoped to the shared job and short-lived, not the owner’s own links', async () => {
    const person = await h.person(5);
    const id = await sharedJob(person);
    const item = await feedItem(id);
    const own = (await person.generation(id)).results[0];
    if (!item || !own) throw new Error('the shared job is missing from the feed');
    const url = new URL(item.url, 'http://x');
    expect(url.searchParams.get('shared')).toBe(id);
    expect(Number(url.searchParams.get('exp')) * 1000 - Date.now()).toBeLessThanOrEqual(1.5 * SHARED_URL_TTL_SECONDS * 1000);
    expect(item.url).not.toBe(own.url);
    expect(await status(item.url)).toBe(200);
    expect(await status(item.thumbnail_url)).toBe(200);

    // The scope is signed: another job's id, or none, does not pass.
    const otherJob = await sharedJob(person);
    const swapped = new URL(item.url, 'http://x');
    swapped.searchParams.set('shared', otherJob);
    expect(await status(`${swapped.pathname}${swapped.search}`)).toBe(403);
    const unscoped = new URL(item.url, 'http://x');
    unscoped.searchParams.delete('shared');
    expect(await status(`${unscoped.pathname}${unscoped.search}`)).toBe(403);
  });

  it('stop working at once when the owner un-shares; the owner’s links keep working; sharing again restores them', async () => {
    const person = await h.person(5);
    const id = await sharedJob(person);
    const item = await feedItem(id);
    if (!item) throw new Error('the shared job is missing from the feed');
    expect(await status(item.url)).toBe(200);

    expect((await person.call('PUT', `/api/generations/${id}/share`, { body: { shared: false } })).status).toBe(200);
    for (const url of [item.url, item.thumbnail_url]) {
      const response = await h.app.request(url);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'linkExpired', message: MEDIA_MESSAGES.linkExpired });
    }
    const own = (await person.generation(id)).results[0];
    expect(await status(own?.url ?? '')).toBe(200);
    expect(await status(own?.thumbnail_url ?? '')).toBe(200);

    expect((await person.call('PUT', `/api/generations/${id}/share`, { body: { shared: true } })).status).toBe(200);
    expect(await status(item.url)).toBe(200);
  });

  it('stop working when the owner deletes the job', async () => {
    const person = await h.person(5);
    const id = await sharedJob(person);
    const item = await feedItem(id);
    if (!item) throw new Error('the shared job is missing from the feed');
    expect((await person.call('DELETE', `/api/generations/${id}`)).status).toBe(204);
    expect(await status(item.url)).not.toBe(200);
    expect(await status(item.thumbnail_url)).not.toBe(200);
  });
});
