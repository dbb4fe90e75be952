import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_FPS } from '../../../src/contract/generation-params.ts';
import type { GenerationRequestOf } from '../../../src/contract/generations.schema.ts';
import { engineRequest, inputFile, renderSvg, sceneSvg, tempDir } from '../../../tests/fixtures/engines/images.ts';
import type { InputFile } from '../types.ts';
import { FFMPEG_PATH, parseRate, probe, runFfmpeg } from '../../ffmpeg/process.ts';
import { chooseMove, frameSize, moveFilter, runImageToVideo } from './image-to-video.ts';

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
afterAll(() => cleanup());

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

  it('writes a perspective filter evaluated per frame', () => {
    const filter = moveFilter({ name: 'zoom-in', zoom: [1, 1.2], x: [0.5, 0.5], y: [0.5, 0.4] }, 120);
    expect(filter).toMatch(/^perspective=x0='.+':interpolation=linear:eval=frame$/);
    expect(filter).toContain('(1+(0.2)*');
    expect(filter).toContain('in/119');
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
