import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOUR_K_PIXELS } from '../../../src/contract/generation-params.ts';
import type { GenerationRequestOf } from '../../../src/contract/generations.schema.ts';
import { engineRequest, inputFile, makeClip, tempDir } from '../../../tests/fixtures/engines/images.ts';
import type { InputFile } from '../types.ts';
import { parseRate, probe } from '../../ffmpeg/process.ts';
import { runUpscaleVideo, upscaledFrame } from './upscaler-video.ts';

type Params = GenerationRequestOf<'upscaler-video'>['params'];
const BASE: Params = { factor: 2, target_fps: 30, h264: false };

let dir: string;
let cleanup: () => Promise<void>;
let clip: InputFile;
let silent: InputFile;
let run = 0;

beforeAll(async () => {
  ({ dir, cleanup } = await tempDir('upscale-video'));
  clip = await inputFile(await makeClip(join(dir, 'clip.mp4'), { seconds: 2, width: 240, height: 160, fps: 15, audio: true }));
  silent = await inputFile(await makeClip(join(dir, 'silent.mp4'), { seconds: 1, width: 160, height: 120, fps: 24, audio: false }));
});
afterAll(() => cleanup());

async function upscale(params: Partial<Params>, video = clip) {
  const workDir = join(dir, `run-${++run}`);
  await mkdir(workDir);
  const request = engineRequest('upscaler-video', workDir, { video }, { ...BASE, ...params });
  const result = await runUpscaleVideo(request);
  const info = await probe(result.outputs[0]!.path);
  return { result, request, info, video: info.streams.find((s) => s.codec_type === 'video')!, audio: info.streams.find((s) => s.codec_type === 'audio') };
}

describe('upscaledFrame', () => {
  it('scales by the factor or to the target height, even, capped at 4K UHD pixels', () => {
    expect(upscaledFrame(640, 360, { factor: 3 })).toEqual({ width: 1920, height: 1080, capped: false });
    expect(upscaledFrame(640, 360, { factor: 2, target_resolution: '1440p' })).toEqual({ width: 2560, height: 1440, capped: false });
    expect(upscaledFrame(360, 640, { factor: 2, target_resolution: '720p' })).toEqual({ width: 720, height: 1280, capped: false });
    const capped = upscaledFrame(1920, 1080, { factor: 4 });
    expect(capped.capped).toBe(true);
    expect(capped.width * capped.height).toBeLessThanOrEqual(FOUR_K_PIXELS);
    expect(capped).toMatchObject({ width: 3840, height: 2160 });
    expect(upscaledFrame(333, 201, { factor: 3 })).toEqual({ width: 998, height: 602, capped: false });
  });
});

// Each encodes a real video with ffmpeg: seconds of CPU, more on a loaded machine.
describe('runUpscaleVideo', { timeout: 60_000 }, () => {
  it('upscales to H.265 (hvc1) at the target fps and keeps the audio', async () => {
    const { result, request, video, audio, info } = await upscale({});
    expect(video).toMatchObject({ codec_name: 'hevc', codec_tag_string: 'hvc1', width: 480, height: 320, pix_fmt: 'yuv420p' });
    expect(parseRate(video.avg_frame_rate)).toBe(30);
    expect(Number(info.format.duration)).toBeCloseTo(2, 0);
    expect(audio?.codec_name).toBe('aac');
    expect(result.outputs[0]).toMatchObject({ kind: 'upscaled', mime: 'video/mp4', mediaType: 'video' });
    expect(result.metadata).toMatchObject({ engine: 'local', codec: 'hevc', width: 480, height: 320, fps: 30, source: { width: 240, height: 160, fps: 15 } });
    const stages = request.reports.map((r) => r.stage);
    expect(stages[0]).toBe('analyzingComposition');
    expect(stages).toContain('renderingFrames');
    expect(stages.at(-1)).toBe('finalizingVideo');
  });

  it('writes H.264 when asked, to a target resolution, at 16 fps', async () => {
    const { video, result } = await upscale({ h264: true, target_resolution: '720p', target_fps: 16 });
    expect(video).toMatchObject({ codec_name: 'h264', width: 1080, height: 720 });
    expect(parseRate(video.avg_frame_rate)).toBe(16);
    expect(result.metadata).toMatchObject({ codec: 'h264' });
  });

  it('converts to 60 fps, and has no audio when the source has none', async () => {
    const { video, audio, result } = await upscale({ factor: 3, target_fps: 60 }, silent);
    expect(video).toMatchObject({ codec_name: 'hevc', width: 480, height: 360 });
    expect(parseRate(video.avg_frame_rate)).toBe(60);
    expect(audio).toBeUndefined();
    expect(result.metadata).toMatchObject({ audio: 'none in the source' });
  });

  it('fails with a message when the file is not a video', async () => {
    const bogus = { ...clip, path: join(dir, 'missing.mp4') };
    await expect(upscale({}, bogus)).rejects.toMatchObject({ name: 'EngineError', code: 'failedToProcess' });
  });
});
