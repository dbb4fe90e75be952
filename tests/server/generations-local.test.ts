/**
 * Generations end to end through the real local engine (sharp, ffmpeg): upload, submit, the
 * worker, the engine, the stored result, the credits — on small inputs so the suite stays fast.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERATION_MESSAGES } from '../../src/contract/generation-messages.ts';
import { upscaleVideoCredits } from '../../src/contract/generation-params.ts';
import { DRIVER } from './helpers/database.ts';
import { createGenerationsHarness, type GenerationsHarness, type Person } from './helpers/generations.ts';
import { makeImage, makeVideo } from './helpers/media-fixtures.ts';

let h: GenerationsHarness;
let person: Person;
let scratch: string;

beforeAll(async () => {
  h = await createGenerationsHarness({ workers: 2 });
  person = await h.person(50);
  scratch = await mkdtemp(path.join(tmpdir(), 'atelier-generations-local-'));
});

afterAll(async () => {
  await h?.dispose();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe(`the local engine through the queue (${DRIVER})`, () => {
  it('upscales an image 2× and charges its price', async () => {
    const before = await h.balance(person.id);
    const image = await person.upload(await makeImage(96, 64, 'png'), 'small.png', { purpose: 'upscale' });
    const { status, body } = await person.submit({ feature: 'upscaler-image', inputs: { image: image.id }, params: { factor: 2, output_format: 'png' } });
    expect(status).toBe(202);
    const done = await person.settled(body.id, 30_000);
    expect(done).toMatchObject({ status: 'completed', engine: 'local', cost: 1 });
    expect(done.results).toHaveLength(1);
    expect(done.results[0]).toMatchObject({ width: 192, height: 128, media_type: 'image', kind: 'upscaled', generation_id: body.id });
    expect(done.results[0]?.metadata).toMatchObject({ engine: 'local' });
    expect(await h.balance(person.id)).toBe(before - 1);
  });

  it('generates a body model from parameters alone, in the chosen aspect ratio', async () => {
    const { body } = await person.submit({
      feature: 'body-generator',
      inputs: {},
      params: { gender: 'female', height: 170, weight: 58, age: 30, skin_tone: 'olive', body_type: 'mesomorph', aspect_ratio: '3:4' },
    });
    const done = await person.settled(body.id, 30_000);
    expect(done.status).toBe('completed');
    const result = done.results[0];
    expect(result?.width && result.height ? result.width / result.height : 0).toBeCloseTo(3 / 4, 2);
  });

  it('refuses an edit the local engine does not understand before charging, naming it (docs/product-rules.md#engine-plan)', async () => {
    const before = await h.balance(person.id);
    const image = await person.upload(await makeImage(64, 64, 'jpeg'), 'edit.jpg');
    const { status, body } = await person.submit({ feature: 'image-editing', inputs: { images: [image.id] }, params: { prompt: 'draw a dragon next to her' } });
    expect(status).toBe(422);
    expect(body).toMatchObject({
      code: 'cannotDo',
      plan: { done: [], not_done: [{ code: 'notUnderstood', values: { phrase: 'draw a dragon next to her' } }] },
    });
    expect(body.detail).toBe(GENERATION_MESSAGES.cannotDo.replace('{not_done}', 'Not understood: “draw a dragon next to her”'));
    expect(await h.balance(person.id)).toBe(before);
  });

  it("prices a video upscale by the input video's length and runs it", async () => {
    const video = await person.upload(await makeVideo(scratch, { seconds: 3, width: 160, height: 120, fps: 10 }), 'clip.mp4', { purpose: 'upscale' });
    expect(video.duration_seconds).toBeCloseTo(3, 0);
    const { body } = await person.submit({ feature: 'upscaler-video', inputs: { video: video.id }, params: { factor: 2, target_fps: 16, h264: true } });
    expect(body.cost).toBe(upscaleVideoCredits(3, 2));
    const done = await person.settled(body.id, 60_000);
    expect(done.status).toBe('completed');
    expect(done.results[0]).toMatchObject({ media_type: 'video', width: 320, height: 240 });
    expect(done.results[0]?.codec).toMatch(/h264/);
  });
});
