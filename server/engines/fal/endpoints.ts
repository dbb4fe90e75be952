/**
 * The one table from our contract (src/contract/generations.schema.ts) to fal: which endpoint runs each
 * feature and model, and how our parameters become that endpoint's input.
 *
 * Field names and allowed values come from fal's model pages (fal.ai/models/<id>/api) and from
 * the typed endpoint map shipped with @fal-ai/client 1.10 (`@fal-ai/client/endpoints`): every
 * input below is checked against that map with `satisfies`, so a misspelled field or a value the
 * endpoint does not accept fails the typecheck. Where our vocabulary and the endpoint's differ
 * (durations, resolutions, formats), the adaptation is written down here and recorded in the
 * result's metadata (`adjustments`), so nobody has to guess what was actually asked for.
 *
 * File fields carry URLs the engine uploaded to fal's storage beforehand (see index.ts).
 */
import type { EndpointTypeMap } from '@fal-ai/client/endpoints';
import type { Json } from '../../db/schema.ts';
import {
  UPSCALE_IMAGE_MODEL_LABELS,
  VIDEO_FPS,
  type GarmentCategory,
  type UpscaleImageModel,
  type VideoModel,
} from '../../../src/contract/generation-params.ts';
import type { Feature } from '../../../src/contract/tools.ts';
import type { GenerationRequestOf } from '../../../src/contract/generations.schema.ts';

export type Input<E extends keyof EndpointTypeMap> = EndpointTypeMap[E]['input'];

/** Where a result payload keeps its file(s): `{ image }`, `{ images: [] }` or `{ video }`. */
export type FalOutputShape = 'image' | 'images' | 'video';

/** One queue request to make. */
export interface FalCall {
  /** fal endpoint id (`owner/app[/path]`). */
  endpoint: string;
  /** The endpoint's input as sent (file fields hold URLs). */
  input: { [key: string]: unknown };
  output: FalOutputShape;
  /** Recorded on the result: our model name, and every value adapted to fit the endpoint. */
  notes: { [key: string]: Json };
}

// ── Endpoint ids ──────────────────────────────────────────────────────────────────────

export const FAL_ENDPOINTS = {
  /** Topaz image upscale: `{ image }`. */
  upscaleImage: 'fal-ai/topaz/upscale/image',
  /** Topaz video upscale: `{ video }`. */
  upscaleVideo: 'fal-ai/topaz/upscale/video',
  /** FASHN try-on v1.6: one garment per call, `{ images: [] }`. */
  tryOn: 'fal-ai/fashn/tryon/v1.6',
  /** FLUX.1 Kontext [pro]: an instruction edit of one image, `{ images: [], seed }`. */
  edit: 'fal-ai/flux-pro/kontext',
  /** Nano Banana edit: one instruction over several images (`image_urls`), `{ images: [] }`. */
  multiEdit: 'fal-ai/nano-banana/edit',
  /** FLUX.1 [pro] Fill: inpaints the white area of a mask, `{ images: [], seed }`. */
  inpaint: 'fal-ai/flux-pro/v1/fill',
  /** FLUX.1 [dev] text to image, `{ images: [], seed }`. */
  textToImage: 'fal-ai/flux/dev',
  /** FLUX PuLID: text to image keeping the identity of a reference face, `{ images: [], seed }`. */
  identity: 'fal-ai/flux-pulid',
  /** Image to video, by model (Hailuo 02 has one endpoint per resolution), `{ video }`. */
  video: {
    'seedance-v1': 'fal-ai/bytedance/seedance/v1/pro/image-to-video',
    veo2: 'fal-ai/veo2/image-to-video',
    veo3: 'fal-ai/veo3/image-to-video',
    'hailuo-02-standard': 'fal-ai/minimax/hailuo-02/standard/image-to-video',
    'hailuo-02-pro': 'fal-ai/minimax/hailuo-02/pro/image-to-video',
    'kling-2.1': 'fal-ai/kling-video/v2.1/master/image-to-video',
    'kling-2.5-turbo': 'fal-ai/kling-video/v2.5-turbo/pro/image-to-video',
  },
} as const satisfies { [key: string]: keyof EndpointTypeMap | { [key: string]: keyof EndpointTypeMap } };

/**
 * How long a request usually runs once it has started, in seconds, per feature: the progress
 * estimate rises toward 90% over about this time. The processing times of docs/product-rules.md#processing-times
 * (try-on 30-45 s per garment, image upscale 30-60 s, video upscale 2-5 minutes, general wait
 * 2-3 minutes); fal's model pages for the rest.
 */
export const TYPICAL_SECONDS: Readonly<Record<Feature, number>> = {
  'virtual-tryon': 35,
  'image-editing': 15,
  'body-generator': 15,
  'hairstyle-changer': 20,
  'image-to-video': 150,
  'upscaler-image': 45,
  'upscaler-video': 210,
};

// ── Upscaler ──────────────────────────────────────────────────────────────────────────

/** Our model ids → Topaz's model names: the contract's labels are Topaz's own names (checked here). */
const TOPAZ_IMAGE_MODELS: Readonly<Record<UpscaleImageModel, Input<'fal-ai/topaz/upscale/image'>['model']>> = UPSCALE_IMAGE_MODEL_LABELS;

const SUBJECT_DETECTION = { all: 'All', foreground: 'Foreground', background: 'Background' } as const;

/**
 * Topaz image upscale. Topaz writes JPEG or PNG only: a WebP request asks for PNG (lossless) and
 * the engine converts the result to WebP (`convert_to: 'webp'`).
 */
export function upscaleImageCall(params: GenerationRequestOf<'upscaler-image'>['params'], imageUrl: string): FalCall & { convertTo: 'webp' | null } {
  const webp = params.output_format === 'webp';
  const input = {
    image_url: imageUrl,
    model: TOPAZ_IMAGE_MODELS[params.model],
    upscale_factor: params.factor,
    output_format: params.output_format === 'webp' ? 'png' : params.output_format,
    subject_detection: SUBJECT_DETECTION[params.subject_detection],
    face_enhancement: params.face_enhancement,
    face_enhancement_strength: params.face_enhancement_strength,
    face_enhancement_creativity: params.face_enhancement_creativity,
    crop_to_fill: params.crop_to_fill,
  } satisfies Input<'fal-ai/topaz/upscale/image'>;
  const notes: { [key: string]: Json } = { model: params.model, model_label: UPSCALE_IMAGE_MODEL_LABELS[params.model], factor: params.factor };
  if (webp) notes.adjustments = ['Topaz writes JPEG or PNG: asked for PNG and converted it to WebP'];
  return { endpoint: FAL_ENDPOINTS.upscaleImage, input, output: 'image', notes, convertTo: webp ? 'webp' : null };
}

/** Output heights of the target resolutions, in pixels. */
const TARGET_HEIGHT_PX = { '720p': 720, '1080p': 1080, '1440p': 1440, '2160p': 2160 } as const;
/** Topaz's upscale factor range for video (fal's page: 1 to 4). */
const VIDEO_FACTOR_RANGE = { min: 1, max: 4 } as const;

/**
 * Topaz video upscale. Topaz has no target resolution: a `target_resolution` becomes the factor
 * that reaches that height from the input's (kept within 1-4, two decimals). `target_fps` turns
 * on Topaz's frame interpolation; `h264` picks H.264 over Topaz's default H.265.
 */
export function upscaleVideoCall(params: GenerationRequestOf<'upscaler-video'>['params'], videoUrl: string, inputHeight: number): FalCall & { factor: number } {
  let factor: number = params.factor;
  const adjustments: Json[] = [];
  if (params.target_resolution) {
    const exact = TARGET_HEIGHT_PX[params.target_resolution] / Math.max(1, inputHeight);
    factor = Math.round(Math.min(VIDEO_FACTOR_RANGE.max, Math.max(VIDEO_FACTOR_RANGE.min, exact)) * 100) / 100;
    adjustments.push(`target_resolution ${params.target_resolution} from a ${inputHeight}px input: upscale factor ${factor}`);
  }
  const input = {
    video_url: videoUrl,
    upscale_factor: factor,
    target_fps: params.target_fps,
    H264_output: params.h264,
  } satisfies Input<'fal-ai/topaz/upscale/video'>;
  const notes: { [key: string]: Json } = { model: 'Proteus', factor, target_fps: params.target_fps, codec: params.h264 ? 'h264' : 'h265' };
  if (adjustments.length > 0) notes.adjustments = adjustments;
  return { endpoint: FAL_ENDPOINTS.upscaleVideo, input, output: 'video', notes, factor };
}

// ── Image to video ────────────────────────────────────────────────────────────────────

/** The video endpoints all require a prompt; ours is optional (docs/product-rules.md#photo-guidance), so this stands in. */
export const DEFAULT_VIDEO_PROMPT = 'Bring the photo to life with natural, subtle motion and a slow, smooth camera move; keep the subject and the composition.';

/**
 * Image to video for the six models of VIDEO_MODEL_CATALOG. The request was validated against
 * the catalogue, so only the combinations listed there arrive here.
 */
export function videoCall(params: GenerationRequestOf<'image-to-video'>['params'], imageUrl: string): FalCall {
  const prompt = params.prompt || DEFAULT_VIDEO_PROMPT;
  const notes: { [key: string]: Json } = { model: params.model, duration_seconds: params.duration, resolution: params.resolution, fps: VIDEO_FPS };
  if (!params.prompt) notes.prompt = 'default';
  const adjustments: string[] = [];
  const model: VideoModel = params.model;
  let call: Omit<FalCall, 'notes'>;
  switch (model) {
    case 'seedance-v1': {
      // Seedance takes durations '2'-'12' as strings and 480p/720p/1080p directly.
      const input = {
        prompt,
        image_url: imageUrl,
        duration: String(params.duration) as '5' | '10',
        resolution: params.resolution,
        ...(params.camera_fixed === undefined ? {} : { camera_fixed: params.camera_fixed }),
      } satisfies Input<'fal-ai/bytedance/seedance/v1/pro/image-to-video'>;
      call = { endpoint: FAL_ENDPOINTS.video['seedance-v1'], input, output: 'video' };
      break;
    }
    case 'veo2': {
      // Veo 2 takes '5s'-'8s' and has no resolution field: it renders at its own 720p.
      const input = {
        prompt,
        image_url: imageUrl,
        duration: `${params.duration}s` as '5s' | '8s',
      } satisfies Input<'fal-ai/veo2/image-to-video'>;
      adjustments.push("Veo 2 has no resolution setting: the video comes at the model's own resolution (720p)");
      call = { endpoint: FAL_ENDPOINTS.video.veo2, input, output: 'video' };
      break;
    }
    case 'veo3': {
      // Veo 3 generates audio unless told not to (and audio costs more there): off unless asked.
      const input = {
        prompt,
        image_url: imageUrl,
        duration: '8s',
        resolution: '1080p',
        generate_audio: params.generate_audio ?? false,
      } satisfies Input<'fal-ai/veo3/image-to-video'>;
      notes.generate_audio = input.generate_audio;
      call = { endpoint: FAL_ENDPOINTS.video.veo3, input, output: 'video' };
      break;
    }
    case 'hailuo-02': {
      // Hailuo 02 makes 6 s or 10 s clips: our 5 s becomes 6 s. 480p runs on the standard
      // endpoint at its smallest size, 512P; 1080p is the pro endpoint (6 s only, no size field).
      const promptOptimizer = params.prompt_optimizer === undefined ? {} : { prompt_optimizer: params.prompt_optimizer };
      if (params.duration === 5) {
        adjustments.push('Hailuo 02 makes 6 s or 10 s videos: 5 s was sent as 6 s');
        notes.duration_seconds = 6;
      }
      if (params.resolution === '1080p') {
        const input = { prompt, image_url: imageUrl, ...promptOptimizer } satisfies Input<'fal-ai/minimax/hailuo-02/pro/image-to-video'>;
        call = { endpoint: FAL_ENDPOINTS.video['hailuo-02-pro'], input, output: 'video' };
      } else {
        const input = {
          prompt,
          image_url: imageUrl,
          duration: params.duration === 10 ? '10' : '6',
          resolution: '512P',
          ...promptOptimizer,
        } satisfies Input<'fal-ai/minimax/hailuo-02/standard/image-to-video'>;
        adjustments.push("480p runs as Hailuo 02's 512P");
        call = { endpoint: FAL_ENDPOINTS.video['hailuo-02-standard'], input, output: 'video' };
      }
      break;
    }
    case 'kling-2.1':
    case 'kling-2.5-turbo': {
      // Kling takes '5' or '10' and a cfg_scale of 0-1 (ours has the same range).
      const input = {
        prompt,
        image_url: imageUrl,
        duration: String(params.duration) as '5' | '10',
        ...(params.cfg_scale === undefined ? {} : { cfg_scale: params.cfg_scale }),
      } satisfies Input<'fal-ai/kling-video/v2.1/master/image-to-video'> & Input<'fal-ai/kling-video/v2.5-turbo/pro/image-to-video'>;
      call = { endpoint: FAL_ENDPOINTS.video[model], input, output: 'video' };
      break;
    }
  }
  if (adjustments.length > 0) notes.adjustments = adjustments;
  return { ...call, notes };
}

// ── Try-on ────────────────────────────────────────────────────────────────────────────

/** Garments go on in this order (each call dresses the previous result): inner layers first. */
export const TRY_ON_ORDER: readonly GarmentCategory[] = ['bottoms', 'dresses', 'tops', 'outerwear'];

/** Our categories → FASHN's: a jacket is an upper-body garment, a dress a one-piece. */
export const TRY_ON_CATEGORY = {
  tops: 'tops',
  bottoms: 'bottoms',
  dresses: 'one-pieces',
  outerwear: 'tops',
} as const satisfies Record<GarmentCategory, Input<'fal-ai/fashn/tryon/v1.6'>['category']>;

/** The garments in dressing order (stable: two tops keep the order they were picked in). */
export function tryOnSequence<G extends { category: GarmentCategory }>(garments: readonly G[]): G[] {
  return garments.toSorted((a, b) => TRY_ON_ORDER.indexOf(a.category) - TRY_ON_ORDER.indexOf(b.category));
}

/** One garment onto the model image (the photo, or the previous call's result). */
export function tryOnCall(modelImageUrl: string, garmentImageUrl: string, category: GarmentCategory): FalCall {
  const input = {
    model_image: modelImageUrl,
    garment_image: garmentImageUrl,
    category: TRY_ON_CATEGORY[category],
    output_format: 'png',
  } satisfies Input<'fal-ai/fashn/tryon/v1.6'>;
  return { endpoint: FAL_ENDPOINTS.tryOn, input, output: 'images', notes: { category, fal_category: input.category } };
}

// ── Image editing ─────────────────────────────────────────────────────────────────────

/**
 * One image: Kontext's instruction edit. Two to ten: one Nano Banana edit over all of them, which
 * reads the instruction across the images (combine, restyle alike, …) and answers one image.
 */
export function editCall(prompt: string, imageUrls: readonly string[]): FalCall {
  if (imageUrls.length === 1) {
    const input = { prompt, image_url: imageUrls[0] ?? '', output_format: 'png' } satisfies Input<'fal-ai/flux-pro/kontext'>;
    return { endpoint: FAL_ENDPOINTS.edit, input, output: 'images', notes: { model: 'flux-pro-kontext', images: 1 } };
  }
  const input = { prompt, image_urls: [...imageUrls], num_images: 1, output_format: 'png' } satisfies Input<'fal-ai/nano-banana/edit'>;
  return { endpoint: FAL_ENDPOINTS.multiEdit, input, output: 'images', notes: { model: 'nano-banana-edit', images: imageUrls.length } };
}
