/**
 * Image to video, locally: animated camera moves over the still (the "Ken Burns" effect), at
 * the chosen duration (5, 8, 10 s) and resolution, VIDEO_FPS frames per second, H.264 (yuv420p,
 * +faststart) in MP4, with a quiet generated audio track when asked.
 *
 * Frame size: the image's aspect ratio is kept (clamped between 9:16 and 16:9, the rest cropped),
 * with the short side 480 px (480p) or 1080 px (1080p), both sides even. A 3:2 photo at 480p
 * gives 720×480, a 2:3 portrait 480×720, a 16:9 still 854×480.
 *
 * Motion: one of a few moves (zoom in, zoom out, pan or tilt across a slightly zoomed frame),
 * chosen from the prompt when it names one ("zoom in", "phóng to", "pan left", "lia trái", …)
 * or else deterministically from the parameters and the image's size; eased in and out.
 * `camera_fixed` keeps the frame still apart from a barely visible 3% zoom. When the photo shows
 * a person, the crop and the move are framed around them (./video-framing.ts): their head and
 * body stay in every frame, the move shortened as far as that needs. The still is scaled once to
 * the frame size times the move's largest zoom (so at the closest zoom one still pixel is one
 * video pixel), a see-through backdrop shown on white; ffmpeg's perspective filter then samples
 * the moving window with sub-pixel precision each frame (no integer-step jitter, as zoompan has)
 * and it is scaled to the frame.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import sharp from 'sharp';
import { VIDEO_FPS } from '../../../src/contract/generation-params.ts';
import type { GenerationRequestOf } from '../../../src/contract/generations.schema.ts';
import { fold } from '../../../src/contract/edit-vocabulary.ts';
import { CAMERA_WORDS, type CameraMoveName } from '../../../src/contract/local-engine-plan.ts';
import { failedToProcess, type EngineRequest, type EngineResult } from '../types.ts';
import { runFfmpeg } from '../../ffmpeg/process.ts';
import { localEnginePlan } from '../../../src/contract/local-engine-plan.ts';
import { modelRuntime } from './models/client.ts';
import { modelsRan } from './models/facts.ts';
import { modelCopy } from './pixels.ts';
import { coverCrop, findSubject, heldInCrop, windowPath, type WindowPath } from './video-framing.ts';

type VideoParams = GenerationRequestOf<'image-to-video'>['params'];

export interface CameraMove {
  /** The prompt's camera words are the contract's (CAMERA_WORDS): the plan shown before the charge reads the same list. */
  name: CameraMoveName;
  /** Zoom at the start and end (1 = the whole frame). */
  zoom: [number, number];
  /** Window position within the zoom's slack, 0..1 (0 = left/top edge), at the start and end. */
  x: [number, number];
  y: [number, number];
}

export const CAMERA_MOVES: Readonly<Record<CameraMove['name'], CameraMove>> = {
  'zoom-in': { name: 'zoom-in', zoom: [1, 1.18], x: [0.5, 0.5], y: [0.5, 0.4] },
  'zoom-out': { name: 'zoom-out', zoom: [1.18, 1], x: [0.5, 0.5], y: [0.4, 0.5] },
  'pan-left': { name: 'pan-left', zoom: [1.15, 1.15], x: [1, 0], y: [0.45, 0.45] },
  'pan-right': { name: 'pan-right', zoom: [1.15, 1.15], x: [0, 1], y: [0.45, 0.45] },
  'tilt-up': { name: 'tilt-up', zoom: [1.15, 1.15], x: [0.5, 0.5], y: [1, 0] },
  'tilt-down': { name: 'tilt-down', zoom: [1.15, 1.15], x: [0.5, 0.5], y: [0, 1] },
  fixed: { name: 'fixed', zoom: [1, 1.03], x: [0.5, 0.5], y: [0.5, 0.5] },
};

/** Short side of each resolution, px. */
const SHORT_SIDE: Readonly<Record<VideoParams['resolution'], number>> = { '480p': 480, '1080p': 1080 };
/** Widest and tallest frame allowed (width / height). */
const MAX_ASPECT = 16 / 9;

/** The nearest even size (yuv420p needs even sides), at least 2 px. */
const even = (value: number): number => Math.max(2, Math.round(value / 2) * 2);

/** The frame size for an image of `width`×`height` (see the module comment). */
export function frameSize(width: number, height: number, resolution: VideoParams['resolution']): { width: number; height: number } {
  const aspect = Math.min(MAX_ASPECT, Math.max(1 / MAX_ASPECT, width / height));
  const short = SHORT_SIDE[resolution];
  return aspect >= 1 ? { width: even(short * aspect), height: short } : { width: short, height: even(short / aspect) };
}

/** The move for these parameters (see the module comment). */
export function chooseMove(params: VideoParams, image: { width: number; height: number }): { move: CameraMove; reason: string } {
  if (params.camera_fixed) return { move: CAMERA_MOVES.fixed, reason: 'camera_fixed' };
  const prompt = fold(params.prompt ?? '');
  for (const [pattern, name] of CAMERA_WORDS) if (pattern.test(prompt)) return { move: CAMERA_MOVES[name], reason: 'prompt' };
  // Portraits tilt, landscapes pan; both may zoom.
  const choices: CameraMove['name'][] =
    image.height > image.width ? ['zoom-in', 'zoom-out', 'tilt-down', 'tilt-up'] : ['zoom-in', 'zoom-out', 'pan-right', 'pan-left'];
  const seed = createHash('sha256')
    .update(JSON.stringify([params.model, params.duration, params.resolution, params.prompt ?? '', params.cfg_scale ?? null, image.width, image.height]))
    .digest();
  return { move: CAMERA_MOVES[choices[seed[0]! % choices.length]!], reason: 'chosen from the parameters' };
}

/**
 * The perspective filter's corner expressions for a camera path over `frames` frames: the
 * window's position and side (still units, ./video-framing.ts) interpolated linearly, eased with
 * smoothstep, so every frame's window lies between the two ends and holds what both hold.
 */
export function moveFilter(path: WindowPath, frames: number): string {
  const last = Math.max(1, frames - 1);
  const e = `(min(in/${last},1)*min(in/${last},1)*(3-2*min(in/${last},1)))`;
  const lerp = (a: number, b: number) => {
    const start = Number(a.toFixed(6));
    const change = Number((b - a).toFixed(6));
    return change === 0 ? `${start}` : `(${start}+(${change})*${e})`;
  };
  const size = lerp(path.from.size, path.to.size);
  const cw = `(W*${size})`;
  const ch = `(H*${size})`;
  const cx = `(W*${lerp(path.from.x, path.to.x)})`;
  const cy = `(H*${lerp(path.from.y, path.to.y)})`;
  const corners = {
    x0: cx,
    y0: cy,
    x1: `${cx}+${cw}`,
    y1: cy,
    x2: cx,
    y2: `${cy}+${ch}`,
    x3: `${cx}+${cw}`,
    y3: `${cy}+${ch}`,
  };
  const list = Object.entries(corners)
    .map(([key, value]) => `${key}='${value}'`)
    .join(':');
  return `perspective=${list}:interpolation=linear:eval=frame`;
}

const round = (value: number) => Number(value.toFixed(3));

/** Long side of the copy the models look at, px: enough for a body and a face, quick at any photo size. */
const DETECTION_SIDE_PX = 640;

/** Soft pink noise, low-passed at 1.2 kHz, mean level about -30 dBFS, half-second fades: a quiet room tone. */
export function ambientAudioFilter(seconds: number): string {
  return `anoisesrc=color=pink:amplitude=0.2:seed=7:duration=${seconds}:sample_rate=48000,lowpass=f=1200,afade=t=in:d=0.5,afade=t=out:st=${Math.max(0, seconds - 0.5)}:d=0.5`;
}

export async function runImageToVideo(request: EngineRequest<'image-to-video'>, options: { ffmpegPath?: string } = {}): Promise<EngineResult> {
  const { inputs, params, report, signal, workDir } = request;
  report('generatingMotion', 5);
  const meta = await sharp(inputs.image.path).metadata();
  const image = { width: meta.autoOrient.width, height: meta.autoOrient.height };
  const frame = frameSize(image.width, image.height, params.resolution);
  const { move, reason } = chooseMove(params, image);
  // The person in the photo, found on a copy at most DETECTION_SIDE_PX long, held in every frame.
  const subject = await findSubject(await modelCopy(inputs.image.path, DETECTION_SIDE_PX), modelRuntime(), signal);
  signal.throwIfAborted();
  const crop = coverCrop(image, frame.width / frame.height, subject?.box ?? null, subject?.face ?? null);
  const path = windowPath(move, subject ? heldInCrop(subject, crop, image) : null);
  const maxZoom = 1 / Math.min(path.from.size, path.to.size);
  // The still at the frame size times the largest zoom: the window never upsamples the still.
  // A see-through backdrop is shown on white, as the studio shows it (never black).
  const still = join(workDir, 'still.png');
  const stillWidth = Math.round((frame.width * maxZoom) / 2) * 2;
  const stillHeight = Math.round((frame.height * maxZoom) / 2) * 2;
  await sharp(inputs.image.path)
    .autoOrient()
    .extract(crop)
    .resize(stillWidth, stillHeight, { fit: 'fill', kernel: 'lanczos3' })
    .flatten({ background: '#ffffff' })
    .png({ compressionLevel: 1 })
    .toFile(still);
  signal.throwIfAborted();
  report('generatingMotion', 15);

  const seconds = params.duration;
  const frames = seconds * VIDEO_FPS;
  const audio = params.generate_audio === true;
  const name = 'video.mp4';
  const output = join(workDir, name);
  // x264 "medium" at 480p, "veryfast" at 1080p (a 10 s 1080p clip in ~15 s on two cores); CRF 20.
  const preset = params.resolution === '1080p' ? 'veryfast' : 'medium';
  const args = ['-y', '-loop', '1', '-framerate', String(VIDEO_FPS), '-t', String(seconds), '-i', still];
  if (audio) args.push('-f', 'lavfi', '-i', ambientAudioFilter(seconds));
  args.push(
    '-vf',
    `${moveFilter(path, frames)},scale=${frame.width}:${frame.height}:flags=lanczos,setsar=1,format=yuv420p`,
    '-map',
    '0:v',
    ...(audio ? ['-map', '1:a', '-c:a', 'aac', '-b:a', '96k'] : ['-an']),
    '-c:v',
    'libx264',
    '-preset',
    preset,
    '-crf',
    '20',
    '-r',
    String(VIDEO_FPS),
    '-frames:v',
    String(frames),
    '-movflags',
    '+faststart',
    output,
  );
  report('renderingFrames', 15);
  await runFfmpeg({
    args,
    signal,
    outputSeconds: seconds,
    ffmpegPath: options.ffmpegPath,
    fail: failedToProcess,
    onProgress: (fraction) => report('renderingFrames', Math.round(15 + 75 * fraction)),
  });
  report('finalizingVideo', 95);

  const ran = subject ? modelsRan(subject.models) : null;
  const plan = ran ? localEnginePlan({ feature: 'image-to-video', inputs: { image: inputs.image.assetId }, params }) : null;
  return {
    ...(plan && ran ? { plan: { done: [...plan.done, ran.item], not_done: plan.not_done } } : {}),
    outputs: [{ path: output, mediaType: 'video', mime: 'video/mp4', kind: 'video', roles: ['video'], name }],
    metadata: {
      engine: 'local',
      method: 'camera move over the still (perspective-sampled zoom and pan), H.264',
      model: params.model,
      requested_model_note: 'The local engine animates the still itself; the chosen model is recorded, not run.',
      camera: { move: move.name, reason, zoom: [round(1 / path.from.size), round(1 / path.to.size)] },
      framing: subject
        ? {
            subject: 'person',
            held: { left: round(subject.box.left), top: round(subject.box.top), right: round(subject.box.right), bottom: round(subject.box.bottom) },
          }
        : { subject: 'none found: the move as defined, centred' },
      ...(ran ? { models: ran.labels } : {}),
      width: frame.width,
      height: frame.height,
      fps: VIDEO_FPS,
      duration_seconds: seconds,
      audio: audio ? 'generated ambient tone (pink noise, about -30 dBFS)' : 'none',
      notes: [
        'Local engine: the picture does not move by itself; a virtual camera zooms and pans over it.',
        ...(params.prompt ? ['The prompt is read only for camera words (zoom in/out, pan, tilt).'] : []),
        ...(params.cfg_scale !== undefined || params.prompt_optimizer !== undefined
          ? ['cfg_scale and prompt_optimizer apply to generative models; recorded, not used.']
          : []),
      ],
    },
  };
}
