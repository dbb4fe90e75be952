/**
 * The plan gates, through the HTTP API with the real local engine, queue and media area: HD
 * options refused on the free plan before anything is written, the watermark on free accounts'
 * results (served instead of the clean file, which an upgrade unlocks and a lapse locks again),
 * the queue priority by plan, and the plan in the profile.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERATION_MESSAGES } from '../../src/contract/generation-messages.ts';
import type { Generation } from '../../src/contract/generations.schema.ts';
import type { PlanId } from '../../src/contract/plans.ts';
import { FFMPEG_PATH, probe, runProcess } from '../../server/ffmpeg/process.ts';
import { GENERATIONS_QUEUE } from '../../server/generations/jobs.ts';
import { DRIVER } from './helpers/database.ts';
import { createGenerationsHarness, type GenerationsHarness, type Person } from './helpers/generations.ts';
import { makeImage, makeVideo } from './helpers/media-fixtures.ts';

let h: GenerationsHarness;
let scratch: string;

beforeAll(async () => {
  // The real local engine: real images and videos to watermark.
  h = await createGenerationsHarness({ workers: 2 });
  scratch = await mkdtemp(path.join(tmpdir(), 'atelier-plan-gates-'));
}, 60_000);

afterAll(async () => {
  await h?.dispose();
  await rm(scratch, { recursive: true, force: true });
});

async function setPlan(person: Person, plan: PlanId): Promise<void> {
  await h.database.kysely.updateTable('users').set({ plan }).where('id', '=', person.id).execute();
}

/** The bytes a media URL serves (no bearer: capability URLs carry their own authorisation). */
async function fetchMedia(url: string): Promise<{ status: number; bytes: Buffer }> {
  const response = await h.app.request(url);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** The clean original as stored. */
async function storedOriginal(assetId: string): Promise<Buffer> {
  const row = await h.database.kysely.selectFrom('assets').select('storage_key').where('id', '=', assetId).executeTakeFirstOrThrow();
  return readFile(path.join(h.dataDir, 'media', row.storage_key));
}

/**
 * The share (0-1) of pixels inside a box (given as shares of the image's size) where two images
 * differ strongly (by more than STRONG in some channel, of 255): the corner mark does, the faint
 * tiles and a re-encode do not.
 */
async function changedShare(a: Buffer, b: Buffer, box: { left: number; top: number; width: number; height: number }): Promise<number> {
  const { width = 0, height = 0 } = await sharp(a).metadata();
  const region = {
    left: Math.floor(width * box.left),
    top: Math.floor(height * box.top),
    width: Math.floor(width * box.width),
    height: Math.floor(height * box.height),
  };
  const [first = Buffer.alloc(0), second = Buffer.alloc(0)] = await Promise.all(
    [a, b].map((image) => sharp(image).extract(region).removeAlpha().raw().toBuffer()),
  );
  let changed = 0;
  for (let pixel = 0; pixel < first.length; pixel += 3) {
    const delta = Math.max(...[0, 1, 2].map((channel) => Math.abs((first[pixel + channel] ?? 0) - (second[pixel + channel] ?? 0))));
    if (delta > STRONG) changed += 1;
  }
  return changed / (first.length / 3);
}

const STRONG = 48;
/** The frame at 1 s of a video file, as PNG. */
async function frame(file: string): Promise<Buffer> {
  const target = `${file}.png`;
  await runProcess(FFMPEG_PATH, ['-v', 'error', '-y', '-ss', '1', '-i', file, '-frames:v', '1', target]);
  return readFile(target);
}

const BOTTOM_RIGHT = { left: 0.7, top: 0.8, width: 0.3, height: 0.2 };
const TOP_LEFT = { left: 0, top: 0, width: 0.5, height: 0.5 };

async function upscaleImageJob(person: Person, factor: number) {
  const image = await person.upload(await makeImage(160, 120, 'png'), 'small.png', { purpose: 'upscale', role: 'image' });
  return person.submit({ feature: 'upscaler-image', inputs: { image: image.id }, params: { factor, output_format: 'png' } });
}

async function completed(person: Person, id: string, timeoutMs = 60_000): Promise<Generation> {
  const done = await person.settled(id, timeoutMs);
  expect(done.status, JSON.stringify(done.error)).toBe('completed');
  return done;
}

describe(`the HD gate (${DRIVER})`, () => {
  it('refuses 1080p video, ×3/×4 upscales and a video target above 1080p on the free plan, writing nothing', async () => {
    const person = await h.person(20);
    const image = await person.upload(await makeImage(160, 120, 'png'), 'photo.png', { role: 'image' });
    const video = await person.upload(await makeVideo(scratch, { seconds: 1, width: 64, height: 48 }), 'clip.mp4', { purpose: 'upscale', role: 'video' });
    const refused = [
      { feature: 'image-to-video', inputs: { image: image.id }, params: { resolution: '1080p' } },
      { feature: 'upscaler-image', inputs: { image: image.id }, params: { factor: 4 } },
      { feature: 'upscaler-image', inputs: { image: image.id }, params: { factor: 3 } },
      { feature: 'upscaler-video', inputs: { video: video.id }, params: { factor: 4 } },
      { feature: 'upscaler-video', inputs: { video: video.id }, params: { target_resolution: '2160p' } },
    ];
    for (const body of refused) {
      const answer = await person.submit(body);
      expect(answer, JSON.stringify(body)).toMatchObject({
        status: 403,
        body: { code: 'planRequired', detail: GENERATION_MESSAGES.planRequired, feature: 'hd', required_plan: 'basic' },
      });
    }
    // Nothing written: no job, no ledger entry besides the test's grant, no queue job.
    expect(await h.database.kysely.selectFrom('generations').select('id').where('user_id', '=', person.id).execute()).toEqual([]);
    expect((await h.ledger(person.id)).map((row) => row.kind)).toEqual(['grant']);
    expect(await h.balance(person.id)).toBe(20);
  });

  it('accepts the same requests on a paid plan', async () => {
    const person = await h.person(20);
    await setPlan(person, 'pro');
    const answer = await upscaleImageJob(person, 4);
    expect(answer.status).toBe(202);
    const done = await completed(person, answer.body.id);
    expect(done.results[0]).toMatchObject({ width: 640, height: 480 });
  });

  it('refuses a regeneration of an HD job once the plan has lapsed', async () => {
    const person = await h.person(20);
    await setPlan(person, 'starter');
    const first = await upscaleImageJob(person, 3);
    expect(first.status).toBe(202);
    await completed(person, first.body.id);
    await setPlan(person, 'free');
    const before = await h.balance(person.id);
    expect(await person.call('POST', `/api/generations/${first.body.id}/regenerate`)).toMatchObject({ status: 403, body: { code: 'planRequired' } });
    expect(await h.balance(person.id)).toBe(before);
  });
});

describe(`the watermark (${DRIVER})`, () => {
  it('serves a free account’s image result watermarked, never the clean file, until an upgrade unlocks it', async () => {
    const person = await h.person(10);
    const submitted = await upscaleImageJob(person, 2);
    expect(submitted.status).toBe(202);
    const done = await completed(person, submitted.body.id);
    const result = done.results[0]!;
    expect(result.url).toMatch(new RegExp(`^/api/media/${result.id}/watermarked\\?`));

    // The clean original's link is in none of the answers that describe the result.
    const answers = [
      done,
      (await person.call('GET', `/api/assets/${result.id}`)).body,
      (await person.call('GET', '/api/assets')).body,
      (await person.call('GET', '/api/generations')).body,
    ];
    for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(`${result.id}/original`);

    const marked = await fetchMedia(result.url);
    expect(marked.status).toBe(200);
    const clean = await storedOriginal(result.id);
    const markedInfo = await sharp(marked.bytes).metadata();
    expect(markedInfo).toMatchObject({ format: 'png', width: 320, height: 240 });
    // The corner mark changes the bottom-right corner strongly; the tiles only faintly elsewhere.
    expect(await changedShare(marked.bytes, clean, BOTTOM_RIGHT)).toBeGreaterThan(0.02);
    expect(await changedShare(marked.bytes, clean, TOP_LEFT)).toBeLessThan(0.002);
    expect(marked.bytes.equals(clean)).toBe(false);

    // The watermarked link's signature does not open the original, nor does a made-up one.
    expect((await fetchMedia(result.url.replace('/watermarked?', '/original?'))).status).toBe(403);
    const exp = new URL(result.url, 'http://x').searchParams.get('exp');
    expect((await fetchMedia(`/api/media/${result.id}/original?exp=${exp}&sig=${'0'.repeat(64)}`)).status).toBe(403);

    // An upgrade serves the same result clean…
    await setPlan(person, 'pro');
    const upgraded = (await person.call('GET', `/api/assets/${result.id}`)).body;
    expect(upgraded.url).toMatch(new RegExp(`^/api/media/${result.id}/original\\?`));
    expect((await fetchMedia(upgraded.url)).bytes.equals(clean)).toBe(true);
    expect((await person.generation(done.id)).results[0]?.url).toContain('/original?');

    // …and a lapse back to free serves it watermarked again.
    await setPlan(person, 'free');
    const lapsed = (await person.call('GET', `/api/assets/${result.id}`)).body;
    expect(lapsed.url).toContain('/watermarked?');
    expect((await fetchMedia(lapsed.url)).bytes.equals(marked.bytes)).toBe(true);
  });

  it('leaves the results of a paid plan clean, without a watermarked copy', async () => {
    const person = await h.person(10);
    await setPlan(person, 'basic');
    const done = await completed(person, (await upscaleImageJob(person, 2)).body.id);
    const result = done.results[0]!;
    expect(result.url).toContain('/original?');
    expect(await h.database.kysely.selectFrom('assets').select('watermarked_key').where('id', '=', result.id).executeTakeFirstOrThrow()).toEqual({
      watermarked_key: null,
    });
    await setPlan(person, 'free');
    expect((await person.call('GET', `/api/assets/${result.id}`)).body.url).toContain('/original?');
  });

  it('shares a free account’s result watermarked in the community feed', async () => {
    const person = await h.person(10);
    const done = await completed(person, (await upscaleImageJob(person, 2)).body.id);
    expect((await person.call('PUT', `/api/generations/${done.id}/share`, { body: { shared: true } })).status).toBe(200);
    const feed = await h.app.request('/api/community');
    const items = ((await feed.json()) as { items: Array<{ id: string; url: string }> }).items;
    const item = items.find((candidate) => candidate.id === done.id);
    expect(item?.url).toContain('/watermarked?');
    expect((await fetchMedia(item!.url)).status).toBe(200);
  });

  it('watermarks a free account’s video result in its own codec and container', async () => {
    const person = await h.person(10);
    const image = await person.upload(await makeImage(320, 240, 'jpeg'), 'still.jpg', { role: 'image' });
    const submitted = await person.submit({
      feature: 'image-to-video',
      inputs: { image: image.id },
      params: { resolution: '480p', duration: 5 },
      accept_not_done: ['videoModelNotRun'],
    });
    expect(submitted.status).toBe(202);
    const done = await completed(person, submitted.body.id, 120_000);
    const result = done.results[0]!;
    expect(result.url).toContain('/watermarked?');
    const marked = await fetchMedia(result.url);
    expect(marked.status).toBe(200);

    const markedFile = path.join(scratch, `${result.id}-marked.mp4`);
    const cleanFile = path.join(
      h.dataDir,
      'media',
      (await h.database.kysely.selectFrom('assets').select('storage_key').where('id', '=', result.id).executeTakeFirstOrThrow()).storage_key,
    );
    await writeFile(markedFile, marked.bytes);
    const [markedProbe, cleanProbe] = await Promise.all([probe(markedFile), probe(cleanFile)]);
    const stream = (probed: typeof markedProbe) => probed.streams.find((candidate) => candidate.codec_type === 'video');
    expect(stream(markedProbe)).toMatchObject({
      codec_name: stream(cleanProbe)?.codec_name,
      width: stream(cleanProbe)?.width,
      height: stream(cleanProbe)?.height,
    });
    expect(markedProbe.format.format_name).toBe(cleanProbe.format.format_name);
    expect(Math.abs(Number(markedProbe.format.duration) - Number(cleanProbe.format.duration))).toBeLessThan(0.2);

    // One frame of each: the marked one differs in its bottom-right corner.
    const [markedFrame, cleanFrame] = [await frame(markedFile), await frame(cleanFile)];
    expect(await changedShare(markedFrame, cleanFrame, BOTTOM_RIGHT)).toBeGreaterThan(0.02);
    expect(await changedShare(markedFrame, cleanFrame, TOP_LEFT)).toBeLessThan(0.01);
  }, 180_000);
});

describe(`queue priority and the profile (${DRIVER})`, () => {
  it('sends a premium account’s jobs with a higher pg-boss priority than a free account’s', async () => {
    const free = await h.person(10);
    const premium = await h.person(10);
    await setPlan(premium, 'premium');
    const BODY = {
      feature: 'body-generator',
      inputs: {},
      params: { gender: 'female', height: 165, weight: 55, age: 28, skin_tone: 'light', body_type: 'mesomorph', aspect_ratio: '3:4' },
    };
    const freeJob = await free.submit(BODY);
    const premiumJob = await premium.submit(BODY);
    const priority = async (id: string) => (await h.queue.boss.getJobById(GENERATIONS_QUEUE, id))?.priority;
    expect(await priority(freeJob.body.id)).toBe(0);
    expect(await priority(premiumJob.body.id)).toBe(3);
    await free.settled(freeJob.body.id, 60_000);
    await premium.settled(premiumJob.body.id, 60_000);
  });

  it('tells the client the account’s plan', async () => {
    const person = await h.person(1);
    expect((await person.call('GET', '/api/me')).body.plan).toBe('free');
    await setPlan(person, 'professional');
    expect((await person.call('GET', '/api/me')).body.plan).toBe('professional');
    // A plan the catalogue does not know is described (and gated) as free.
    await setPlan(person, 'retired-plan' as PlanId);
    expect((await person.call('GET', '/api/me')).body.plan).toBe('free');
  });
});
