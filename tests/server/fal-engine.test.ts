/**
 * The `fal` engine against a local fake of fal's queue and storage API (helpers/fake-fal.ts),
 * driven by the real @fal-ai/client: the endpoint and input of every feature and video model,
 * the try-on chain, progress, failures (422 permanent, 5xx and 503 transient, no file), cancel,
 * and the webhook URL sent at submit. No database and no real fal.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toEngineError } from '../../server/engines/fal/client.ts';
import { isPublicAddress, MAX_REDIRECTS } from '../../server/engines/fal/result-fetch.ts';
import { createFalEngine, webhookUrlFor, type FalEngine } from '../../server/engines/fal/index.ts';
import { EngineError, type EngineResult } from '../../server/engines/types.ts';
import { VIDEO_MODEL_CATALOG, VIDEO_MODELS, type VideoModel } from '../../src/contract/generation-params.ts';
import { FAKE_FAL_KEY, startFakeFal, type FakeFal } from './helpers/fake-fal.ts';
import { engineRequest, makeFalFixtures, type FalFixtures } from './helpers/fal-requests.ts';
import { captureLogs, silentLogger } from './helpers/logs.ts';

let fake: FakeFal;
let fixtures: FalFixtures;
/** Polls fast: the fake answers at once. */
const POLL_MS = 5;

const engine = (overrides: Partial<Parameters<typeof createFalEngine>[0]> = {}): FalEngine =>
  createFalEngine({
    config: { key: FAKE_FAL_KEY, queueUrl: fake.url },
    publicUrl: 'http://localhost:8080',
    logger: silentLogger(),
    pollIntervalMs: POLL_MS,
    ...overrides,
  });

/** The uploaded bytes behind a fal storage URL the engine put in an input. */
const uploaded = (url: unknown): Buffer => {
  const entry = fake.uploads.get(String(url));
  if (!entry) throw new Error(`not an upload of the fake: ${String(url)}`);
  return entry.bytes;
};
const uploadUrl = (): unknown => expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/storage\/files\//);

beforeAll(async () => {
  fake = await startFakeFal();
  fixtures = await makeFalFixtures(fake);
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.requests.length = 0;
  fake.submits.length = 0;
  fake.jobs.length = 0;
  fake.scenarios.length = 0;
  fake.defaultScenario = {};
});

describe('upscaler', () => {
  it('sends an image to Topaz with every setting mapped and stores the upscaled file', async () => {
    const { request } = await engineRequest(
      {
        feature: 'upscaler-image',
        inputs: { image: 'a' },
        params: {
          model: 'high-fidelity-v2',
          factor: 4,
          output_format: 'png',
          subject_detection: 'foreground',
          face_enhancement: true,
          face_enhancement_strength: 0.6,
          face_enhancement_creativity: 0.2,
          crop_to_fill: true,
        },
      },
      { image: fixtures.file('photo.jpg') },
    );
    const result = await engine().run(request);

    expect(fake.submits).toHaveLength(1);
    const [submit] = fake.submits;
    expect(submit?.endpoint).toBe('fal-ai/topaz/upscale/image');
    expect(submit?.input).toEqual({
      image_url: uploadUrl(),
      model: 'High Fidelity V2',
      upscale_factor: 4,
      output_format: 'png',
      subject_detection: 'Foreground',
      face_enhancement: true,
      face_enhancement_strength: 0.6,
      face_enhancement_creativity: 0.2,
      crop_to_fill: true,
    });
    // fal reads the very bytes of the input (uploaded to its storage, not a localhost URL).
    expect(uploaded(submit?.input.image_url).equals(await readFile(fixtures.file('photo.jpg').path))).toBe(true);
    // fal keeps the photo and the result a day, not forever.
    const lifecycles = fake.requests.filter((r) => r.path === '/storage/upload/initiate' || r.path === '/fal-ai/topaz/upscale/image').map((r) => r.lifecycle);
    expect(lifecycles).toEqual(['{"expiration_duration_seconds":86400}', '{"expiration_duration_seconds":86400}']);
    // Every queue and storage call carried the key.
    expect(
      fake.requests
        .filter((r) => !r.path.startsWith('/results/') && !r.path.startsWith('/storage/put/'))
        .every((r) => r.authorization === `Key ${FAKE_FAL_KEY}`),
    ).toBe(true);

    expect(result.outputs).toHaveLength(1);
    const [output] = result.outputs;
    expect(output).toMatchObject({ mediaType: 'image', mime: 'image/png', kind: 'upscaled', roles: ['image'], name: 'upscaled-4x.png', warnings: [] });
    expect((await readFile(output?.path ?? '')).equals(fake.png)).toBe(true);
    expect(result.metadata).toMatchObject({
      engine: 'fal',
      endpoint: 'fal-ai/topaz/upscale/image',
      request_id: fake.jobs[0]?.requestId,
      model: 'high-fidelity-v2',
      factor: 4,
    });
  });

  it('asks Topaz for PNG when WebP is wanted, converts it, and flags a result above 4K', async () => {
    const big = await sharp({ create: { width: 4000, height: 2200, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    const bigUrl = fake.serve('big.png', big, 'image/png');
    fake.scenarios.push({ result: () => ({ image: { url: bigUrl, content_type: 'image/png', width: 4000, height: 2200 } }) });
    const { request } = await engineRequest(
      { feature: 'upscaler-image', inputs: { image: 'a' }, params: { output_format: 'webp', factor: 2 } },
      { image: fixtures.file('photo.jpg') },
    );
    const result = await engine().run(request);

    expect(fake.submits[0]?.input).toMatchObject({
      model: 'Standard V2',
      upscale_factor: 2,
      output_format: 'png',
      subject_detection: 'All',
      face_enhancement: false,
    });
    const [output] = result.outputs;
    expect(output).toMatchObject({ mime: 'image/webp', name: 'upscaled-2x.webp', warnings: ['over4k'], metadata: { width: 4000, height: 2200 } });
    expect((await sharp(output?.path ?? '').metadata()).format).toBe('webp');
    expect(result.metadata.adjustments).toEqual([expect.stringContaining('WebP')]);
  });

  it('sends a video to Topaz: factor, frame rate, H.264, and a target resolution as a factor', async () => {
    const clip = fixtures.file('clip.mp4');
    const first = await engineRequest(
      { feature: 'upscaler-video', inputs: { video: 'v' }, params: { factor: 3, target_fps: 60, h264: true } },
      { video: clip },
    );
    const result = await engine().run(first.request);
    expect(fake.submits[0]).toMatchObject({
      endpoint: 'fal-ai/topaz/upscale/video',
      input: { video_url: uploadUrl(), upscale_factor: 3, target_fps: 60, H264_output: true },
    });
    expect(result.outputs[0]).toMatchObject({
      mediaType: 'video',
      mime: 'video/mp4',
      kind: 'upscaled',
      roles: ['video'],
      name: 'upscaled-3x.mp4',
      warnings: [],
    });
    expect(result.metadata).toMatchObject({ codec: 'h264', target_fps: 60 });

    // 64 px high → 1080p is beyond 4×: the factor stops at Topaz's 4.
    const second = await engineRequest({ feature: 'upscaler-video', inputs: { video: 'v' }, params: { target_resolution: '1080p' } }, { video: clip });
    const capped = await engine().run(second.request);
    expect(fake.submits[1]?.input).toEqual({ video_url: uploadUrl(), upscale_factor: 4, target_fps: 30, H264_output: false });
    expect(capped.metadata).toMatchObject({ codec: 'h265', factor: 4 });
  });
});

describe('image to video', () => {
  /** Expected endpoint and input per model, for the first (cheapest) catalogue option and for the last. */
  const expected: Record<VideoModel, (option: { duration: number; resolution: string }) => { endpoint: string; input: Record<string, unknown> }> = {
    'seedance-v1': (o) => ({
      endpoint: 'fal-ai/bytedance/seedance/v1/pro/image-to-video',
      input: { duration: String(o.duration), resolution: o.resolution, camera_fixed: true },
    }),
    veo2: (o) => ({ endpoint: 'fal-ai/veo2/image-to-video', input: { duration: `${o.duration}s` } }),
    veo3: () => ({ endpoint: 'fal-ai/veo3/image-to-video', input: { duration: '8s', resolution: '1080p', generate_audio: true } }),
    'hailuo-02': (o) =>
      o.resolution === '1080p'
        ? { endpoint: 'fal-ai/minimax/hailuo-02/pro/image-to-video', input: { prompt_optimizer: false } }
        : {
            endpoint: 'fal-ai/minimax/hailuo-02/standard/image-to-video',
            input: { duration: o.duration === 5 ? '6' : '10', resolution: '512P', prompt_optimizer: false },
          },
    'kling-2.1': (o) => ({ endpoint: 'fal-ai/kling-video/v2.1/master/image-to-video', input: { duration: String(o.duration), cfg_scale: 0.7 } }),
    'kling-2.5-turbo': (o) => ({ endpoint: 'fal-ai/kling-video/v2.5-turbo/pro/image-to-video', input: { duration: String(o.duration), cfg_scale: 0.7 } }),
  };
  const flags: Record<VideoModel, Record<string, unknown>> = {
    'seedance-v1': { camera_fixed: true },
    veo2: {},
    veo3: { generate_audio: true },
    'hailuo-02': { prompt_optimizer: false },
    'kling-2.1': { cfg_scale: 0.7 },
    'kling-2.5-turbo': { cfg_scale: 0.7 },
  };
  const cases = VIDEO_MODELS.flatMap((model) => {
    const { options } = VIDEO_MODEL_CATALOG[model];
    const picked = [options[0], options.at(-1)].filter((option, index, all) => option && all.indexOf(option) === index);
    return picked.map((option) => ({ model, duration: option?.duration ?? 5, resolution: option?.resolution ?? '480p' }));
  });

  it.each(cases)('$model at $duration s $resolution', async ({ model, duration, resolution }) => {
    const { request } = await engineRequest(
      { feature: 'image-to-video', inputs: { image: 'i' }, params: { model, duration, resolution, prompt: 'She turns and smiles', ...flags[model] } },
      { image: fixtures.file('portrait.png') },
    );
    const result = await engine().run(request);
    const want = expected[model]({ duration, resolution });
    expect(fake.submits).toHaveLength(1);
    expect(fake.submits[0]?.endpoint).toBe(want.endpoint);
    expect(fake.submits[0]?.input).toEqual({ prompt: 'She turns and smiles', image_url: uploadUrl(), ...want.input });
    expect(result.outputs[0]).toMatchObject({ mediaType: 'video', mime: 'video/mp4', kind: 'video', roles: ['video'], name: 'video.mp4' });
    expect(result.metadata).toMatchObject({ engine: 'fal', endpoint: want.endpoint, model, resolution, seed: 7 });
    // fal's Hailuo makes 6 s clips at least: the metadata says what was really made, and why.
    const stretched = model === 'hailuo-02' && duration === 5;
    expect(result.metadata.duration_seconds).toBe(stretched ? 6 : duration);
    expect(JSON.stringify(result.metadata.adjustments ?? []).includes('5 s was sent as 6 s')).toBe(stretched);
  });

  it('stands in a prompt when none is given (the endpoints require one) and says so', async () => {
    const { request } = await engineRequest({ feature: 'image-to-video', inputs: { image: 'i' }, params: {} }, { image: fixtures.file('portrait.png') });
    const result = await engine().run(request);
    expect(fake.submits[0]?.endpoint).toBe('fal-ai/bytedance/seedance/v1/pro/image-to-video');
    expect(fake.submits[0]?.input).toEqual({ prompt: expect.stringMatching(/\w{10}/), image_url: uploadUrl(), duration: '5', resolution: '480p' });
    expect(result.metadata.prompt).toBe('default');
  });
});

describe('virtual try-on', () => {
  it('chains one call per garment in dressing order, each on the previous result', async () => {
    const garments = [
      { ...fixtures.file('jacket.png'), category: 'outerwear' as const },
      { ...fixtures.file('top.png'), category: 'tops' as const },
      { ...fixtures.file('bottom.png'), category: 'bottoms' as const },
    ];
    const { request, reports } = await engineRequest(
      {
        feature: 'virtual-tryon',
        inputs: { model: 'm', garments: garments.map((garment) => ({ asset_id: garment.assetId, category: garment.category })) },
      },
      { model: fixtures.file('model.png'), garments },
    );
    const result = await engine().run(request);

    expect(fake.submits.map((submit) => submit.endpoint)).toEqual(['fal-ai/fashn/tryon/v1.6', 'fal-ai/fashn/tryon/v1.6', 'fal-ai/fashn/tryon/v1.6']);
    const [first, second, third] = fake.submits.map((submit) => submit.input);
    // Bottoms first, then the top, then the jacket (an upper-body garment for FASHN).
    expect(first).toEqual({ model_image: uploadUrl(), garment_image: uploadUrl(), category: 'bottoms', output_format: 'png' });
    expect(uploaded(first?.model_image).equals(await readFile(fixtures.file('model.png').path))).toBe(true);
    expect(uploaded(first?.garment_image).equals(await readFile(fixtures.file('bottom.png').path))).toBe(true);
    expect(second).toMatchObject({ model_image: fake.jobs[0]?.resultUrls[0], category: 'tops' });
    expect(uploaded(second?.garment_image).equals(await readFile(fixtures.file('top.png').path))).toBe(true);
    expect(third).toMatchObject({ model_image: fake.jobs[1]?.resultUrls[0], category: 'tops' });
    expect(uploaded(third?.garment_image).equals(await readFile(fixtures.file('jacket.png').path))).toBe(true);

    expect(result.outputs).toHaveLength(1);
    expect(result.outputs[0]).toMatchObject({ mediaType: 'image', mime: 'image/png', kind: 'image', roles: ['image', 'model'], name: 'tryon-result.png' });
    expect(result.metadata).toMatchObject({
      engine: 'fal',
      endpoint: 'fal-ai/fashn/tryon/v1.6',
      request_id: fake.jobs[2]?.requestId,
      request_ids: fake.jobs.map((job) => job.requestId),
      garments: [
        { asset_id: 'asset-bottom.png', category: 'bottoms', fal_category: 'bottoms' },
        { asset_id: 'asset-top.png', category: 'tops', fal_category: 'tops' },
        { asset_id: 'asset-jacket.png', category: 'outerwear', fal_category: 'tops' },
      ],
    });
    // Progress runs across the three calls, never backwards.
    const percents = reports.map((report) => report.percent);
    expect(percents).toEqual([...percents].toSorted((a, b) => a - b));
    expect(reports.map((report) => report.stage)).toEqual(expect.arrayContaining(['queued', 'analyzingPose', 'processingGarment', 'generatingResult']));
  });

  it('sends a dress as a one-piece', async () => {
    const garments = [{ ...fixtures.file('dress.png'), category: 'dresses' as const }];
    const { request } = await engineRequest(
      { feature: 'virtual-tryon', inputs: { model: 'm', garments: [{ asset_id: 'd', category: 'dresses' }] } },
      { model: fixtures.file('model.png'), garments },
    );
    await engine().run(request);
    expect(fake.submits[0]?.input).toMatchObject({ category: 'one-pieces' });
  });
});

describe('image editing, hairstyle, body generator', () => {
  it('edits one image with Kontext and several with one multi-image call', async () => {
    const one = await engineRequest(
      { feature: 'image-editing', inputs: { images: ['a'] }, params: { prompt: 'Make the sky pink' } },
      { images: [fixtures.file('photo.jpg')] },
    );
    const single = await engine().run(one.request);
    expect(fake.submits[0]).toMatchObject({
      endpoint: 'fal-ai/flux-pro/kontext',
      input: { prompt: 'Make the sky pink', image_url: uploadUrl(), output_format: 'png' },
    });
    expect(single.outputs[0]).toMatchObject({ kind: 'image', roles: ['image'], name: 'edited.png', mime: 'image/png' });

    const images = [fixtures.file('photo.jpg'), fixtures.file('photo2.png'), fixtures.file('photo3.png')];
    const many = await engineRequest(
      { feature: 'image-editing', inputs: { images: ['a', 'b', 'c'] }, params: { prompt: 'Same warm grade on all' } },
      { images },
    );
    const multi = await engine().run(many.request);
    expect(fake.submits[1]?.endpoint).toBe('fal-ai/nano-banana/edit');
    expect(fake.submits[1]?.input).toEqual({
      prompt: 'Same warm grade on all',
      image_urls: [uploadUrl(), uploadUrl(), uploadUrl()],
      num_images: 1,
      output_format: 'png',
    });
    const urls = (fake.submits[1]?.input.image_urls ?? []) as string[];
    for (const [index, url] of urls.entries()) expect(uploaded(url).equals(await readFile(images[index]?.path ?? ''))).toBe(true);
    expect(multi.metadata).toMatchObject({ endpoint: 'fal-ai/nano-banana/edit', images: 3 });
  });

  it('inpaints the hair with FLUX Fill, the mask brought to the photo size, the prompt from style and colour', async () => {
    const portrait = fixtures.file('portrait.png');
    const { request } = await engineRequest(
      { feature: 'hairstyle-changer', inputs: { image: 'p', mask: 'm' }, params: { style: 'modern-bob', color: '#d4aa64', prompt: 'glossy finish' } },
      { image: portrait, mask: fixtures.file('mask.png'), reference: null },
    );
    const result = await engine().run(request);
    const [submit] = fake.submits;
    expect(submit?.endpoint).toBe('fal-ai/flux-pro/v1/fill');
    expect(submit?.input).toEqual({ image_url: uploadUrl(), mask_url: uploadUrl(), prompt: expect.any(String), output_format: 'png' });
    expect(submit?.input.prompt).toEqual(expect.stringContaining('chin-length bob'));
    expect(submit?.input.prompt).toEqual(expect.stringContaining('golden blonde'));
    expect(submit?.input.prompt).toEqual(expect.stringContaining('glossy finish'));
    const mask = await sharp(uploaded(submit?.input.mask_url)).metadata();
    expect([mask.width, mask.height]).toEqual([portrait.width, portrait.height]);
    expect(result.metadata).toMatchObject({ endpoint: 'fal-ai/flux-pro/v1/fill', mode: 'mask', style: 'modern-bob', color: '#d4aa64' });
    expect(result.outputs[0]).toMatchObject({ name: 'hairstyle.png', kind: 'image' });
  });

  it('uses an instruction edit without a mask, and the reference photo when one is given', async () => {
    const portrait = fixtures.file('portrait.png');
    const plain = await engineRequest(
      { feature: 'hairstyle-changer', inputs: { image: 'p' }, params: { style: 'undercut' } },
      { image: portrait, mask: null, reference: null },
    );
    await engine().run(plain.request);
    expect(fake.submits[0]).toMatchObject({
      endpoint: 'fal-ai/flux-pro/kontext',
      input: { image_url: uploadUrl(), prompt: expect.stringContaining('undercut') },
    });

    const styled = await engineRequest(
      { feature: 'hairstyle-changer', inputs: { image: 'p', reference: 'r' }, params: {} },
      { image: portrait, mask: null, reference: fixtures.file('reference.png') },
    );
    await engine().run(styled.request);
    expect(fake.submits[1]).toMatchObject({
      endpoint: 'fal-ai/nano-banana/edit',
      input: { image_urls: [uploadUrl(), uploadUrl()], prompt: expect.stringContaining('second image') },
    });
    const [photoUrl, referenceUrl] = (fake.submits[1]?.input.image_urls ?? []) as string[];
    expect(uploaded(photoUrl).equals(await readFile(portrait.path))).toBe(true);
    expect(uploaded(referenceUrl).equals(await readFile(fixtures.file('reference.png').path))).toBe(true);
  });

  it('generates a body from the parameters, and keeps a given face with PuLID', async () => {
    const params = {
      gender: 'female',
      height: 168,
      weight: 55,
      age: 27,
      skin_tone: 'olive',
      body_type: 'mesomorph',
      aspect_ratio: '3:4',
      style_hints: ['streetwear'],
    };
    const text = await engineRequest({ feature: 'body-generator', params }, { face: null });
    const plain = await engine().run(text.request);
    expect(fake.submits[0]?.endpoint).toBe('fal-ai/flux/dev');
    expect(fake.submits[0]?.input).toEqual({ prompt: expect.any(String), image_size: { width: 960, height: 1280 }, num_images: 1, output_format: 'png' });
    const prompt = String(fake.submits[0]?.input.prompt);
    for (const part of ['27-year-old woman', '168 cm', '55 kg', 'athletic, muscular', 'olive skin', 'streetwear']) expect(prompt).toContain(part);
    expect(plain.outputs[0]).toMatchObject({ name: 'body-model.png', roles: ['image', 'model'] });
    expect(plain.metadata).toMatchObject({ model: 'flux-dev', face: false, aspect_ratio: '3:4' });

    const withFace = await engineRequest(
      { feature: 'body-generator', inputs: { face: 'f' }, params: { ...params, aspect_ratio: '16:9' } },
      { face: fixtures.file('face.png') },
    );
    await engine().run(withFace.request);
    expect(fake.submits[1]?.endpoint).toBe('fal-ai/flux-pulid');
    expect(fake.submits[1]?.input).toEqual({ prompt, reference_image_url: uploadUrl(), image_size: { width: 1280, height: 720 } });
    expect(uploaded(fake.submits[1]?.input.reference_image_url).equals(await readFile(fixtures.file('face.png').path))).toBe(true);
  });
});

describe('progress', () => {
  it("follows the queue (waiting, running with the model's own percentages, downloading), never backwards", async () => {
    fake.scenarios.push({ queuePolls: 3, progressPolls: 4, logs: ['Loading model', 'Upscaling 30%', 'Upscaling 70%', 'Encoding'] });
    const { request, reports } = await engineRequest({ feature: 'upscaler-image', inputs: { image: 'a' }, params: {} }, { image: fixtures.file('photo.jpg') });
    await engine().run(request);

    expect(fake.jobs[0]?.statusPolls).toBe(8);
    const percents = reports.map((report) => report.percent);
    expect(percents).toEqual([...percents].toSorted((a, b) => a - b));
    expect(reports[0]?.stage).toBe('queued');
    expect(reports.filter((report) => report.stage === 'queued').length).toBeGreaterThan(1);
    // The log's 70% shows: 5 + 87 × (0.1 + 0.8 × 0.7) ≈ 62%.
    expect(reports.some((report) => report.percent >= 60 && report.percent < 90)).toBe(true);
    expect(reports.at(-1)).toEqual({ stage: 'generatingResult', percent: 95 });
    expect(new Set(reports.map((report) => `${report.stage}:${report.percent}`)).size).toBe(reports.length);
  });

  it('holds its percentage when fal puts a running request back in the queue', async () => {
    fake.scenarios.push({
      sequence: ['IN_QUEUE', 'IN_PROGRESS', 'IN_PROGRESS', 'IN_QUEUE', 'IN_PROGRESS'],
      logs: ['Upscaling 50%', 'Upscaling 60%', 'Upscaling 10%'],
    });
    const { request, reports } = await engineRequest({ feature: 'upscaler-image', inputs: { image: 'a' }, params: {} }, { image: fixtures.file('photo.jpg') });
    await engine().run(request);
    const percents = reports.map((report) => report.percent);
    expect(percents).toEqual([...percents].toSorted((a, b) => a - b));
    // Back in the queue: the stage says so, the bar stays where it was.
    const requeued = reports.findLastIndex((report) => report.stage === 'queued');
    expect(reports[requeued - 1]?.stage).not.toBe('queued');
    expect(reports[requeued]?.percent).toBe(reports[requeued - 1]?.percent);
  });

  it('shows the video stages', async () => {
    fake.scenarios.push({ queuePolls: 1, progressPolls: 3, logs: ['10%', '60%', '90%'] });
    const { request, reports } = await engineRequest(
      { feature: 'image-to-video', inputs: { image: 'i' }, params: {} },
      { image: fixtures.file('portrait.png') },
    );
    await engine().run(request);
    expect(reports.map((report) => report.stage)).toEqual(expect.arrayContaining(['queued', 'generatingMotion', 'renderingFrames', 'finalizingVideo']));
  });
});

const upscale = async (signal?: AbortSignal) =>
  engineRequest({ feature: 'upscaler-image', inputs: { image: 'a' }, params: {} }, { image: fixtures.file('photo.jpg') }, signal ? { signal } : {});

/** The EngineError a run failed with. */
async function failure(promise: Promise<EngineResult>): Promise<EngineError> {
  const error: unknown = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

describe('failures', () => {
  it("a 422 validation error is permanent; the provider's detail goes to the log only", async () => {
    const detail = [{ loc: ['body', 'image_url'], msg: 'Image too small: secret-provider-detail', type: 'value_error' }];
    fake.scenarios.push({ submitError: { status: 422, body: { detail } } });
    const logs = captureLogs();
    const { request } = await upscale();
    const error = await failure(engine({ logger: logs.logger }).run(request));
    expect(error).toMatchObject({ code: 'failedToProcess', transient: false, message: 'Failed to process generation' });
    expect(fake.submits).toHaveLength(1);
    expect(JSON.stringify(logs.lines)).toContain('secret-provider-detail');
  });

  it("a request that fails on fal's side (500 at the result) is transient", async () => {
    fake.scenarios.push({ resultError: { status: 500, body: { detail: 'CUDA out of memory', error_type: 'internal_error' } } });
    const { request } = await upscale();
    const error = await failure(engine().run(request));
    expect(error).toMatchObject({ code: 'failedToProcess', transient: true });
  });

  it('a 422 at the result (the model refused the input) is permanent', async () => {
    fake.scenarios.push({
      resultError: { status: 422, body: { detail: [{ loc: ['body', 'prompt'], msg: 'Unsafe content', type: 'content_policy_violation' }] } },
    });
    const { request } = await upscale();
    expect(await failure(engine().run(request))).toMatchObject({ code: 'failedToProcess', transient: false });
  });

  it("a 503 is transient, after the client's own retries", async () => {
    const busy = { submitError: { status: 503, body: { detail: 'No runner available', error_type: 'runner_scheduling_failure' } } };
    fake.scenarios.push(busy, busy, busy, busy);
    const { request } = await upscale();
    const error = await failure(engine().run(request));
    expect(error).toMatchObject({ code: 'serverTimeout', transient: true });
    // @fal-ai/client retried the submit three times (1 s, 2 s, 4 s apart) before giving up.
    expect(fake.submits.map((submit) => submit.status)).toEqual([503, 503, 503, 503]);
  }, 20_000);

  it('a rejected key is permanent and logged as such', async () => {
    const logs = captureLogs();
    const { request } = await upscale();
    const error = await failure(
      createFalEngine({ config: { key: 'wrong', queueUrl: fake.url }, publicUrl: 'http://localhost:8080', logger: logs.logger, pollIntervalMs: POLL_MS }).run(
        request,
      ),
    );
    expect(error).toMatchObject({ code: 'failedToProcess', transient: false });
    expect(logs.lines.some((line) => String(line.msg).includes('FAL_KEY'))).toBe(true);
  });

  it('a result without a file is a missing result', async () => {
    fake.scenarios.push({ result: () => ({ images: [], seed: 1 }) });
    const { request } = await upscale();
    expect(await failure(engine().run(request))).toMatchObject({ code: 'missingResult', message: 'Missing Result', transient: false });
  });

  it('a result file that cannot be fetched is transient; one that is gone is a missing result', async () => {
    // The connection is cut before any answer: the download (our own, after fal answered) fails.
    fake.scenarios.push({ result: () => ({ image: { url: `${fake.url}/reset` } }) });
    const unreachable = await upscale();
    expect(await failure(engine().run(unreachable.request))).toMatchObject({ code: 'serverTimeout', transient: true });

    fake.scenarios.push({ result: () => ({ image: { url: `${fake.url}/custom/expired.png` } }) });
    const gone = await upscale();
    expect(await failure(engine().run(gone.request))).toMatchObject({ code: 'missingResult', transient: false });
  });

  it('fal out of reach is transient (the error the client throws once its own retries are spent)', () => {
    const refused = new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }) });
    expect(toEngineError(refused, silentLogger(), { endpoint: 'fal-ai/topaz/upscale/image', step: 'submit' })).toMatchObject({
      code: 'serverTimeout',
      transient: true,
    });
    expect(toEngineError(new RangeError('a bug'), silentLogger(), { endpoint: 'fal-ai/topaz/upscale/image', step: 'submit' })).toMatchObject({
      code: 'failedToProcess',
      transient: false,
    });
  });
});

describe('result URLs (SSRF)', () => {
  let bystander: Server;
  let bystanderUrl = '';
  let bystanderHits = 0;

  beforeAll(async () => {
    // Another service on loopback, as a database admin port or a sidecar would be.
    bystander = createServer((_request, response) => {
      bystanderHits += 1;
      response.writeHead(200, { 'Content-Type': 'image/png' }).end(fake.png);
    });
    await new Promise<void>((resolve) => bystander.listen(0, '127.0.0.1', resolve));
    bystanderUrl = `http://127.0.0.1:${(bystander.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => bystander?.close(resolve));
  });

  it('classifies addresses: public ones pass; private, loopback, link-local, unique-local, multicast, unspecified, v4-mapped do not', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001::200e']) expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '127.0.0.1',
      '127.9.9.9',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:a9fe:a9fe',
      '::ffff:10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '[::1]',
      'not-an-address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses another loopback port, the metadata address, a v6 loopback and a redirect to one, without connecting; permanent', async () => {
    const metadata = 'http://169.254.169.254/latest/meta-data/iam/security-credentials/';
    for (const url of [
      `${bystanderUrl}/result.png`,
      metadata,
      'http://[::1]:9/result.png',
      'http://[::ffff:127.0.0.1]:9/result.png',
      'http://localhost:9/result.png',
      `${fake.url}/redirect?to=${encodeURIComponent(`${bystanderUrl}/result.png`)}`,
      `${fake.url}/redirect?to=${encodeURIComponent(metadata)}`,
      'file:///etc/passwd',
    ]) {
      fake.scenarios.push({ result: () => ({ image: { url } }) });
      const { request } = await upscale();
      expect(await failure(engine().run(request)), url).toMatchObject({ code: 'failedToProcess', transient: false });
    }
    expect(bystanderHits).toBe(0);
  });

  it('follows a redirect within FAL_QUEUE_URL’s origin, but not a chain of more than MAX_REDIRECTS', async () => {
    const file = fake.serve('redirected.png', fake.png, 'image/png');
    fake.scenarios.push({ result: () => ({ image: { url: `${fake.url}/redirect?to=${encodeURIComponent(file)}` } }) });
    const { request } = await upscale();
    expect((await engine().run(request)).outputs).toHaveLength(1);

    let chain = file;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) chain = `${fake.url}/redirect?to=${encodeURIComponent(chain)}`;
    fake.scenarios.push({ result: () => ({ image: { url: chain } }) });
    const again = await upscale();
    expect(await failure(engine().run(again.request))).toMatchObject({ code: 'failedToProcess', transient: false });
  });
});

describe('cancel', () => {
  it('an aborted run cancels its fal request and stops', async () => {
    fake.scenarios.push({ never: true });
    const controller = new AbortController();
    const { request } = await engineRequest(
      { feature: 'image-to-video', inputs: { image: 'i' }, params: {} },
      { image: fixtures.file('portrait.png') },
      { signal: controller.signal },
    );
    const running = engine().run(request);
    await expect.poll(() => fake.jobs[0]?.statusPolls ?? 0).toBeGreaterThan(2);
    const reason = new Error('cancelled by its owner');
    controller.abort(reason);
    await expect(running).rejects.toBe(reason);

    const job = fake.jobs[0];
    expect(job?.cancelled).toBe(true);
    expect(fake.requests.filter((r) => r.method === 'PUT' && r.path === `/fal-ai/bytedance/requests/${job?.requestId}/cancel`)).toHaveLength(1);
    // Nothing more after the cancel: no result fetched, no more polls.
    const polls = job?.statusPolls;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 10));
    expect(job?.statusPolls).toBe(polls);
    expect(fake.requests.some((r) => r.method === 'GET' && r.path === `/fal-ai/bytedance/requests/${job?.requestId}`)).toBe(false);
  });
});

describe('webhook URL', () => {
  it('is sent when PUBLIC_URL is public, and not for local addresses', async () => {
    const { request } = await engineRequest({ feature: 'upscaler-image', inputs: { image: 'a' }, params: {} }, { image: fixtures.file('photo.jpg') });
    await engine({ publicUrl: 'https://atelier.example/' }).run(request);
    expect(fake.submits[0]?.webhookUrl).toBe('https://atelier.example/api/engines/fal/webhook');

    const local = await engineRequest({ feature: 'upscaler-image', inputs: { image: 'a' }, params: {} }, { image: fixtures.file('photo.jpg') });
    await engine({ publicUrl: 'http://localhost:8080' }).run(local.request);
    expect(fake.submits[1]?.webhookUrl).toBeNull();

    for (const url of [
      'http://127.0.0.1:8080',
      'http://[::1]:8080',
      'http://192.168.1.20',
      'http://10.0.0.5:8080',
      'http://studio.local',
      'http://app.localhost',
    ]) {
      expect(webhookUrlFor(url)).toBeNull();
    }
    expect(webhookUrlFor('https://studio.atelier.vn/app')).toBe('https://studio.atelier.vn/app/api/engines/fal/webhook');
  });
});
