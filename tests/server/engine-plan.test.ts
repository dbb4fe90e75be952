/**
 * The built-in engine's honesty (docs/product-rules.md#engine-plan), through the real local
 * engine and the queue: a request it can do none of is refused before anything is charged, one
 * it can do in part is refused until the request accepts the rest, the completed job carries
 * what was done and what was not, and a background removal that would lose the subject fails
 * and is refunded. The studio and /v1 answer alike.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERATION_MESSAGES } from '../../src/contract/generation-messages.ts';
import { GenerationSchema } from '../../src/contract/generations.schema.ts';
import { PlanRefusalBodySchema } from '../../src/contract/engine-plan.schema.ts';
import { API_TOKEN_SERVICES } from '../../src/contract/token-terms.ts';
import { coffeePhotoSvg, woodProductSvg } from '../fixtures/engines/images.ts';
import { DRIVER } from './helpers/database.ts';
import { createGenerationsHarness, type GenerationsHarness, type Person } from './helpers/generations.ts';
import { makeImage } from './helpers/media-fixtures.ts';
import { insertToken } from './helpers/public-api.ts';

/** The instruction of the report: a new background (cannot) and a brighter product (can). */
const BACKDROP_AND_BRIGHTER = 'Đổi nền thành màu trắng và làm sản phẩm sáng hơn';

let h: GenerationsHarness;

beforeAll(async () => {
  h = await createGenerationsHarness({ workers: 2 });
});

afterAll(async () => {
  await h?.dispose();
});

const jobCount = async (userId: string) =>
  Number(
    (
      await h.database.kysely
        .selectFrom('generations')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

async function photo(person: Person) {
  return person.upload(await makeImage(96, 64, 'jpeg'), 'san-pham.jpg');
}

describe(`the built-in engine says what it cannot do before charging (${DRIVER})`, () => {
  it('refuses the backdrop + brighter instruction until the new background is accepted as not done, then charges what it did', async () => {
    const person = await h.person(5);
    const image = await photo(person);
    const body = { feature: 'image-editing', inputs: { images: [image.id] }, params: { prompt: BACKDROP_AND_BRIGHTER } };

    const refused = await person.submit(body);
    expect(refused.status).toBe(422);
    const refusal = v.parse(PlanRefusalBodySchema, refused.body);
    expect(refusal.code).toBe('partialPlan');
    expect(refusal.plan.done.map((item) => item.code)).toEqual(['brightness']);
    expect(refusal.plan.not_done).toEqual([expect.objectContaining({ code: 'replaceBackground', values: { phrase: 'Đổi nền thành màu trắng' } })]);
    expect(refusal.detail).toBe(
      'The built-in engine can do only part of this. It will do: Brightness +20%, whole image. It cannot do: A new background (a colour or a scene) instead of the old one: “Đổi nền thành màu trắng”. Accept the rest as not done (accept_not_done) or change the request.',
    );
    // Nothing charged, no job.
    expect(await h.balance(person.id)).toBe(5);
    expect(await jobCount(person.id)).toBe(0);
    // Accepting something else is not accepting this.
    expect((await person.submit({ ...body, accept_not_done: ['notUnderstood'] })).status).toBe(422);

    const accepted = await person.submit({ ...body, accept_not_done: ['replaceBackground'] });
    expect(accepted.status).toBe(202);
    const done = await person.settled(accepted.body.id, 30_000);
    expect(done).toMatchObject({ status: 'completed', cost: 1 });
    // On the result: what was done and what was not, in the job's shape.
    expect(done.plan).toEqual(refusal.plan);
    expect(await h.balance(person.id)).toBe(4);

    // Regenerating repeats what its owner accepted: no second refusal.
    const again = await person.call('POST', `/api/generations/${done.id}/regenerate`);
    expect(again.status).toBe(202);
    expect(v.parse(GenerationSchema, again.body).plan).toEqual(refusal.plan);
  });

  it('refuses with cannotDo, uncharged, a request it can do none of', async () => {
    const person = await h.person(5);
    const image = await photo(person);
    for (const prompt of ['Đổi nền thành màu trắng', 'draw a dragon next to her']) {
      const refused = await person.submit({
        feature: 'image-editing',
        inputs: { images: [image.id] },
        params: { prompt },
        accept_not_done: ['replaceBackground', 'notUnderstood'],
      });
      expect(refused.status, prompt).toBe(422);
      const refusal = v.parse(PlanRefusalBodySchema, refused.body);
      expect(refusal).toMatchObject({ code: 'cannotDo', plan: { done: [] } });
      expect(refusal.detail.startsWith(GENERATION_MESSAGES.cannotDo.split('{not_done}')[0]!)).toBe(true);
    }
    const hairstyle = await person.submit({ feature: 'hairstyle-changer', inputs: { image: image.id }, params: { style: 'pixie', color: '#aa3322' } });
    expect(hairstyle).toMatchObject({ status: 422, body: { code: 'maskRequired' } });
    expect(await h.balance(person.id)).toBe(5);
    expect(await jobCount(person.id)).toBe(0);
  });

  it('fails "Xóa nền" on the coffee photo and on a bottle on wood instead of erasing them, and refunds it', async () => {
    const person = await h.person(5);
    // Objects, not people, on busy backdrops: the cup on beige and the bottle on wooden planks.
    for (const [svg, name] of [
      [coffeePhotoSvg(), 'ca-phe.jpg'],
      [woodProductSvg(), 'chai-tren-go.jpg'],
    ] as const) {
      const upload = await person.upload(await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer(), name);
      const submitted = await person.submit({ feature: 'image-editing', inputs: { images: [upload.id] }, params: { prompt: 'Xóa nền' } });
      expect(submitted.status).toBe(202);
      const done = await person.settled(submitted.body.id, 30_000);
      expect(done, name).toMatchObject({
        status: 'failed',
        results: [],
        error: { code: 'backgroundNotRemoved', message: GENERATION_MESSAGES.backgroundNotRemoved },
      });
      // Nothing charged: the balance is where it was.
      expect(await h.balance(person.id)).toBe(5);
    }

    // The same chip on a product on a plain backdrop is done, and says so.
    const product = await person.upload(await sharp('public/examples/image-editing/product.webp').jpeg().toBuffer(), 'serum.jpg');
    const cut = await person.settled(
      (await person.submit({ feature: 'image-editing', inputs: { images: [product.id] }, params: { prompt: 'Xóa nền' } })).body.id,
      30_000,
    );
    expect(cut).toMatchObject({ status: 'completed', plan: { done: [{ code: 'removeBackground' }], not_done: [] } });
    expect(cut.results[0]?.mime).toBe('image/png');
    expect(await h.balance(person.id)).toBe(4);

    // A person on a busy backdrop is cut by the person mask, and the result names the models that ran.
    const portrait = await person.upload(await readFile('tests/fixtures/engines/photos/portrait-busy.jpg'), 'chan-dung.jpg');
    const personCut = await person.settled(
      (await person.submit({ feature: 'image-editing', inputs: { images: [portrait.id] }, params: { prompt: 'Xóa nền' } })).body.id,
      60_000,
    );
    expect(personCut).toMatchObject({
      status: 'completed',
      plan: {
        done: [{ code: 'removeBackground' }, { code: 'modelsRan', values: { models: expect.stringContaining('MediaPipe Selfie Segmentation') } }],
        not_done: [],
      },
    });
    expect(await h.balance(person.id)).toBe(3);
  });

  it('says that a video model is recorded, not run, before the charge and on the result', async () => {
    const person = await h.person(10);
    const still = await person.upload(await makeImage(96, 64, 'jpeg'), 'still.jpg', { role: 'image' });
    const body = { feature: 'image-to-video', inputs: { image: still.id }, params: { model: 'hailuo-02', duration: 5, resolution: '480p' } };
    const refused = await person.submit(body);
    expect(refused).toMatchObject({
      status: 422,
      body: { code: 'partialPlan', plan: { not_done: [{ code: 'videoModelNotRun', values: { model: 'Hailuo 02' } }] } },
    });
    expect(await h.balance(person.id)).toBe(10);
    const accepted = await person.submit({ ...body, accept_not_done: ['videoModelNotRun'] });
    expect(accepted.status).toBe(202);
    const done = await person.settled(accepted.body.id, 120_000);
    expect(done).toMatchObject({ status: 'completed', plan: { done: [{ code: 'cameraMove' }], not_done: [{ code: 'videoModelNotRun' }] } });
  });

  it('charges a video model the built-in engine does not run no premium: Veo 2 costs what its camera move costs', async () => {
    const person = await h.person(10);
    // 1080p is a paid-plan option (docs/product-rules.md#plan-gates).
    await h.database.kysely.updateTable('users').set({ plan: 'pro' }).where('id', '=', person.id).execute();
    const still = await person.upload(await makeImage(96, 64, 'jpeg'), 'still.jpg', { role: 'image' });
    const submitted = await person.submit({
      feature: 'image-to-video',
      inputs: { image: still.id },
      params: { model: 'veo2', duration: 5, resolution: '1080p' },
      accept_not_done: ['videoModelNotRun'],
    });
    expect(submitted.status).toBe(202);
    // The catalogue's Veo 2 price is 8 (×2 for the model): 4 here, as any model's 5 s at 1080p.
    expect(submitted.body.cost).toBe(4);
    expect(await h.balance(person.id)).toBe(6);
    const catalog = await person.call('GET', '/api/generations/catalog');
    expect(catalog.body.video_models.find((model: { id: string }) => model.id === 'veo2').options).toEqual([
      { duration: 5, resolution: '1080p', credits: 4 },
      { duration: 8, resolution: '1080p', credits: 8 },
    ]);
    expect((await person.call('POST', `/api/generations/${submitted.body.id}/cancel`)).status).toBe(200);
  });

  it('answers a /v1 caller the same refusal, uncharged, and the same job once it accepts', async () => {
    const person = await h.person(5);
    await h.database.kysely.updateTable('users').set({ plan: 'pro' }).where('id', '=', person.id).execute();
    const token = (await insertToken(h.database, person.id, { permissions: [...API_TOKEN_SERVICES] })).secret;
    const image = await photo(person);
    const post = (body: unknown) =>
      h.app.request('/v1/generations', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const body = { feature: 'image-editing', inputs: { images: [image.id] }, params: { prompt: BACKDROP_AND_BRIGHTER } };
    const refused = await post(body);
    expect(refused.status).toBe(422);
    expect(v.parse(PlanRefusalBodySchema, await refused.json())).toMatchObject({
      code: 'partialPlan',
      plan: { done: [{ code: 'brightness' }], not_done: [{ code: 'replaceBackground' }] },
    });
    expect(await h.balance(person.id)).toBe(5);
    const accepted = await post({ ...body, accept_not_done: ['replaceBackground'] });
    expect(accepted.status).toBe(202);
    expect(v.parse(GenerationSchema, await accepted.json()).plan?.not_done.map((item) => item.code)).toEqual(['replaceBackground']);
  });
});
