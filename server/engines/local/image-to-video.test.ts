import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_FPS } from '../../../src/contract/generation-params.ts';
import type { GenerationRequestOf } from '../../../src/contract/generations.schema.ts';
import { engineRequest, inputFile, renderSvg, sceneSvg, tempDir } from '../../../tests/fixtures/engines/images.ts';
import type { InputFile } from '../types.ts';
import { FFMPEG_PATH, parseRate, probe, runFfmpeg } from '../../ffmpeg/process.ts';
import { CAMERA_MOVES, chooseMove, frameSize, moveFilter, runImageToVideo } from './image-to-video.ts';
import { modelRuntime } from './models/client.ts';
import { modelLabel } from './models/facts.ts';
import { coverCrop, findSubject, heldInCrop, holds, inCrop, windowOn, windowPath, type Box, type WindowPath } from './video-framing.ts';

const PHOTOS = join(import.meta.dirname, '../../../tests/fixtures/engines/photos');

type Params = GenerationRequestOf<'image-to-video'>['params'];
const BASE: Params = { model: 'seedance-v1', duration: 5, resolution: '480p' };

let dir: string;
let cleanup: () => Promise<void>;
let still: InputFile;
let run = 0;
/** First-to-last frame difference of the zoom-in clip (the fixed camera is compared with it). */
let zoomDifference = 0;

beforeAll(async () => {
  ({ dir, cleanup } = await tempDir('i2v'));
  still = await inputFile(await renderSvg(sceneSvg(600, 400), join(dir, 'still.png')));
});
afterAll(async () => {
  await modelRuntime().close();
  await cleanup();
});

async function animate(params: Partial<Params>) {
  const workDir = join(dir, `run-${++run}`);
  await mkdir(workDir);
  const request = engineRequest('image-to-video', workDir, { image: still }, { ...BASE, ...params });
  const result = await runImageToVideo(request);
  return { result, request, path: result.outputs[0]!.path };
}

/** Frame `index` of a video as a small raw RGB buffer (80×54). */
async function frame(path: string, index: number): Promise<Buffer> {
  const out = join(dir, `frame-${++run}.png`);
  await runFfmpeg({ args: ['-y', '-i', path, '-vf', `select=eq(n\\,${index}),scale=80:54`, '-frames:v', '1', out], signal: new AbortController().signal });
  return sharp(out).removeAlpha().raw().toBuffer();
}
/** Ids of running processes whose command line mentions `text` (Linux /proc). */
async function processesMentioning(text: string): Promise<string[]> {
  const found: string[] = [];
  for (const pid of (await readdir('/proc')).filter((name) => /^\d+$/.test(name))) {
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes(text)) found.push(pid);
  }
  return found;
}

const difference = (a: Buffer, b: Buffer) => a.reduce((sum, value, i) => sum + Math.abs(value - b[i]!), 0) / a.length;

describe('frameSize and camera moves', () => {
  it('keeps the aspect with the short side 480 or 1080, within 9:16 and 16:9, even sides', () => {
    expect(frameSize(600, 400, '480p')).toEqual({ width: 720, height: 480 });
    expect(frameSize(400, 600, '480p')).toEqual({ width: 480, height: 720 });
    expect(frameSize(1920, 1080, '1080p')).toEqual({ width: 1920, height: 1080 });
    expect(frameSize(1600, 900, '480p')).toEqual({ width: 854, height: 480 });
    expect(frameSize(3000, 500, '480p')).toEqual({ width: 854, height: 480 });
    expect(frameSize(1000, 1001, '1080p')).toEqual({ width: 1080, height: 1082 });
  });

  it('takes the move from the prompt, keeps the camera still when asked, else picks one deterministically', () => {
    const size = { width: 600, height: 400 };
    expect(chooseMove({ ...BASE, prompt: 'slow zoom in on the dress' }, size).move.name).toBe('zoom-in');
    expect(chooseMove({ ...BASE, prompt: 'lia trái chậm' }, size).move.name).toBe('pan-left');
    expect(chooseMove({ ...BASE, camera_fixed: true, prompt: 'zoom in' }, size).move.name).toBe('fixed');
    const picked = chooseMove({ ...BASE, prompt: 'a model walking' }, size);
    expect(chooseMove({ ...BASE, prompt: 'a model walking' }, size)).toEqual(picked);
    expect(['zoom-in', 'zoom-out', 'pan-left', 'pan-right']).toContain(picked.move.name);
    expect(['zoom-in', 'zoom-out', 'tilt-up', 'tilt-down']).toContain(
      chooseMove({ ...BASE, prompt: 'a model walking' }, { width: 400, height: 600 }).move.name,
    );
  });

  it('writes a perspective filter evaluated per frame, the window moving linearly between its ends', () => {
    const filter = moveFilter({ from: { x: 0, y: 0, size: 1 }, to: { x: 0.1, y: 0.05, size: 0.8 } }, 120);
    expect(filter).toMatch(/^perspective=x0='.+':interpolation=linear:eval=frame$/);
    expect(filter).toContain('(W*(1+(-0.2)*');
    expect(filter).toContain('(W*(0+(0.1)*');
    expect(filter).toContain('in/119');
  });
});

/** Every eased frame's window of a path (smoothstep, as the filter eases). */
const frames = (path: WindowPath, count = 120) =>
  Array.from({ length: count }, (_, i) => {
    const t = i / (count - 1);
    return windowOn(path, t * t * (3 - 2 * t));
  });

describe('framing around the person', () => {
  it('keeps a head near the top in every frame of a zoom-in that would cut it off', () => {
    // A figure from 2% to 80% of the frame's height, its head at the top.
    const figure: Box = { left: 0.4, top: 0.02, right: 0.6, bottom: 0.8 };
    const head: Box = { left: 0.45, top: 0.02, right: 0.55, bottom: 0.12 };
    const plain = windowPath(CAMERA_MOVES['zoom-in'], null);
    expect(frames(plain).some((window) => !holds(window, head))).toBe(true);
    const held = windowPath(CAMERA_MOVES['zoom-in'], figure);
    for (const window of frames(held)) {
      expect(holds(window, figure)).toBe(true);
      expect(window.x).toBeGreaterThanOrEqual(0);
      expect(window.y).toBeGreaterThanOrEqual(0);
      expect(window.x + window.size).toBeLessThanOrEqual(1 + 1e-9);
      expect(window.y + window.size).toBeLessThanOrEqual(1 + 1e-9);
    }
    // Still a zoom, as far as the figure allows.
    expect(held.to.size).toBeLessThan(held.from.size);
  });

  it('keeps the subject in every frame of each move, the pans and tilts shortened where they must be', () => {
    const subject: Box = { left: 0.05, top: 0.3, right: 0.4, bottom: 0.9 };
    for (const move of Object.values(CAMERA_MOVES)) {
      for (const window of frames(windowPath(move, subject))) expect(holds(window, subject), move.name).toBe(true);
    }
  });

  it('crops the photo to the frame around the subject rather than its middle', () => {
    // A tall photo (1:3) for a 9:16 frame, the person in its top third.
    const crop = coverCrop({ width: 600, height: 1800 }, 9 / 16, { left: 0.3, top: 0.05, right: 0.7, bottom: 0.4 }, null);
    expect(crop).toMatchObject({ width: 600, height: 1067 });
    expect(crop.top).toBeLessThanOrEqual(0.05 * 1800);
    // Without a subject, the middle.
    expect(coverCrop({ width: 600, height: 1800 }, 9 / 16, null, null).top).toBe(Math.round((1800 - 1067) / 2));
  });

  it('finds the model of the full-body photo and holds her head and body in every frame of a zoom-in', async () => {
    const { data, info } = await sharp(join(PHOTOS, 'full-body-model.jpg')).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const subject = await findSubject({ data: new Uint8Array(data), width: info.width, height: info.height }, modelRuntime());
    expect(subject).not.toBeNull();
    // The figure stands at x 250–480, head at y ~40, feet at y ~590 of 628; the face is too small
    // for the face model, so the head comes from the body model's points.
    expect(subject!.face).not.toBeNull();
    expect(subject!.face!.top * 628).toBeLessThan(40);
    expect(subject!.face!.bottom * 628).toBeGreaterThan(60);
    expect(subject!.face!.left * 628).toBeGreaterThan(250);
    expect(subject!.face!.right * 628).toBeLessThan(400);
    expect(subject!.box.bottom * 628).toBeGreaterThan(580);
    const crop = coverCrop(info, 1, subject!.box, subject!.face);
    const path = windowPath(CAMERA_MOVES['zoom-in'], heldInCrop(subject!, crop, info));
    const head = inCrop(subject!.face!, crop, info);
    for (const window of frames(path)) {
      expect(holds(window, head)).toBe(true);
      expect(holds(window, inCrop(subject!.box, crop, info))).toBe(true);
    }
  });
});

// Each renders a real video with ffmpeg: seconds of CPU, more on a loaded machine.
describe('runImageToVideo', { timeout: 60_000 }, () => {
  it('renders 5 s of 480p H.264 at 24 fps with a quiet audio track, and the picture moves', async () => {
    const { result, request, path } = await animate({ prompt: 'zoom in', generate_audio: true });
    const info = await probe(path);
    const video = info.streams.find((s) => s.codec_type === 'video')!;
    const audio = info.streams.find((s) => s.codec_type === 'audio');
    expect(video).toMatchObject({ codec_name: 'h264', width: 720, height: 480, pix_fmt: 'yuv420p' });
    expect(parseRate(video.avg_frame_rate)).toBe(VIDEO_FPS);
    expect(Number(video.nb_frames)).toBe(5 * VIDEO_FPS);
    expect(Number(info.format.duration)).toBeCloseTo(5, 1);
    expect(audio?.codec_name).toBe('aac');
    expect(result.outputs[0]).toMatchObject({ mediaType: 'video', mime: 'video/mp4', kind: 'video' });
    expect(result.metadata).toMatchObject({ engine: 'local', camera: { move: 'zoom-in', reason: 'prompt' }, width: 720, height: 480, fps: VIDEO_FPS });

    // A zoom: the first and last frames differ clearly, neighbouring frames only a little.
    const first = await frame(path, 0);
    const second = await frame(path, 1);
    const last = await frame(path, 119);
    zoomDifference = difference(first, last);
    expect(zoomDifference).toBeGreaterThan(8);
    expect(difference(first, second)).toBeLessThan(zoomDifference / 10);

    // Quiet but present: the RMS level is near -30 dBFS.
    const pcm = join(dir, 'audio.f32');
    await runFfmpeg({ args: ['-y', '-i', path, '-vn', '-ac', '1', '-f', 'f32le', pcm], signal: new AbortController().signal });
    const samples = new Float32Array((await readFile(pcm)).buffer.slice(0));
    const rms = Math.sqrt(samples.reduce((sum, x) => sum + x * x, 0) / samples.length);
    expect(20 * Math.log10(rms)).toBeGreaterThan(-40);
    expect(20 * Math.log10(rms)).toBeLessThan(-22);

    const stages = request.reports.map((r) => r.stage);
    expect(stages[0]).toBe('generatingMotion');
    expect(stages.filter((s) => s === 'renderingFrames').length).toBeGreaterThan(1);
    expect(stages.at(-1)).toBe('finalizingVideo');
    expect(stages.indexOf('renderingFrames')).toBeGreaterThan(stages.lastIndexOf('generatingMotion'));
  });

  it('shows a see-through backdrop on white, never black', async () => {
    const path = join(dir, 'cut-out.png');
    await sharp({ create: { width: 600, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 200, height: 200, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } }, left: 200, top: 100 }])
      .png()
      .toFile(path);
    const workDir = join(dir, 'cut-out');
    await mkdir(workDir);
    const { outputs } = await runImageToVideo(engineRequest('image-to-video', workDir, { image: await inputFile(path) }, { ...BASE, camera_fixed: true }));
    const first = await frame(outputs[0]!.path, 0);
    // The corner pixel of the 80×54 frame: white, and the middle red.
    expect(Math.min(first[0]!, first[1]!, first[2]!)).toBeGreaterThan(235);
    const middle = (27 * 80 + 40) * 3;
    expect(first[middle]).toBeGreaterThan(150);
    expect(first[middle + 1]).toBeLessThan(80);
  });

  it('frames the person of a photo, and says which models found her', async () => {
    const workDir = join(dir, 'person');
    await mkdir(workDir);
    const image = await inputFile(join(PHOTOS, 'full-body-model.jpg'));
    const result = await runImageToVideo(engineRequest('image-to-video', workDir, { image }, { ...BASE, prompt: 'zoom in' }));
    expect(result.metadata).toMatchObject({ framing: { subject: 'person' }, models: [modelLabel('pose'), modelLabel('person')] });
    expect(result.plan?.done.map((item) => item.code)).toEqual(['cameraMove', 'modelsRan']);
    expect(result.plan?.not_done.map((item) => item.code)).toEqual(['videoModelNotRun']);
    // The zoom in held back (it would end at 1.18): her figure fills the photo from head to feet.
    const zoom = (result.metadata.camera as { zoom: number[] }).zoom;
    expect(zoom[1]!).toBeGreaterThanOrEqual(zoom[0]!);
    expect(zoom[1]!).toBeLessThan(1.05);
  });

  it('has no audio track unless asked, and barely moves with the camera fixed', async () => {
    const { path } = await animate({ camera_fixed: true });
    const info = await probe(path);
    expect(info.streams.map((s) => s.codec_type)).toEqual(['video']);
    const first = await frame(path, 0);
    const last = await frame(path, 119);
    // A 3% zoom against the other test's 18%.
    expect(difference(first, last)).toBeLessThan(zoomDifference / 2);
  });

  it('stops ffmpeg when the job is cancelled', async () => {
    const workDir = join(dir, 'cancelled');
    await mkdir(workDir);
    const request = engineRequest('image-to-video', workDir, { image: still }, { ...BASE, duration: 10, resolution: '1080p' });
    request.report = (stage) => {
      if (stage === 'renderingFrames') request.controller.abort(new Error('cancelled by test'));
    };
    const started = Date.now();
    await expect(runImageToVideo(request, { ffmpegPath: FFMPEG_PATH })).rejects.toThrow('cancelled by test');
    expect(Date.now() - started).toBeLessThan(5000);
    // No ffmpeg is left writing into the work directory.
    expect(await processesMentioning(workDir)).toEqual([]);
  });
});
