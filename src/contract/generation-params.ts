/**
 * The tools' parameter vocabularies and the model catalogue: the values each studio offers
 * (garment categories, body limits, hairstyles, video durations and resolutions, upscale factors)
 * and the video and upscale models with their prices.
 *
 * Plain: imports only the price list (prices.ts).
 */
import { CREDIT_PRICES } from './prices.ts';

// ── Parameter vocabularies (docs/product-rules.md#entities) ───────────────────────────

export const GARMENT_CATEGORIES = ['tops', 'bottoms', 'dresses', 'outerwear'] as const;
export type GarmentCategory = (typeof GARMENT_CATEGORIES)[number];
/** At most this many garments in one try-on (each costs a credit and one engine pass). */
export const MAX_GARMENTS = 5;

export const GENDERS = ['female', 'male'] as const;
export const SKIN_TONES = ['fair', 'light', 'medium', 'olive', 'tan', 'brown', 'dark'] as const;
/** docs/product-rules.md#body-parameters: ectomorph (slim/lean), mesomorph (athletic/muscular), endomorph (full/curvy). */
export const BODY_TYPES = ['ectomorph', 'mesomorph', 'endomorph'] as const;
export const ASPECT_RATIOS = ['1:1', '3:4', '4:3', '2:3', '9:16', '16:9'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];
/** Body generator ranges: height in cm, weight in kg, age in years. */
export const BODY_LIMITS = { height: { min: 140, max: 210 }, weight: { min: 35, max: 150 }, age: { min: 18, max: 80 } } as const;

export const HAIRSTYLES_FEMALE = [
  'long-straight-layer',
  'long-loose-curls',
  'short-layered',
  'modern-bob',
  'female-mullet-layer',
  'hime',
  'pixie',
  'short-c-curl',
  'noodle-curls',
  'long-straight-middle-part',
] as const;
export const HAIRSTYLES_MALE = [
  'undercut',
  'side-part',
  'mullet',
  'short-quiff',
  'pompadour',
  'mens-layer',
  'crew-cut',
  'two-block',
  'french-crop',
  'mohican',
] as const;
export const HAIRSTYLES = [...HAIRSTYLES_FEMALE, ...HAIRSTYLES_MALE] as const;
export type Hairstyle = (typeof HAIRSTYLES)[number];
/** Hairstyle categories, a filter of the style list (docs/product-rules.md#hairstyle). */
export const HAIR_CATEGORIES = ['all', 'short', 'medium', 'long', 'curly', 'updo'] as const;

export const VIDEO_DURATIONS = [5, 8, 10] as const;
export type VideoDuration = (typeof VIDEO_DURATIONS)[number];
export const VIDEO_RESOLUTIONS = ['480p', '1080p'] as const;
export type VideoResolution = (typeof VIDEO_RESOLUTIONS)[number];
/** Frame rate of image-to-video results, in frames per second. */
export const VIDEO_FPS = 24;

export const UPSCALE_FACTORS = [2, 3, 4] as const;
export const UPSCALE_OUTPUT_FORMATS = ['jpeg', 'png', 'webp'] as const;
export const SUBJECT_DETECTION = ['all', 'foreground', 'background'] as const;
export const VIDEO_TARGET_FPS = [16, 30, 60] as const;
export const VIDEO_TARGET_RESOLUTIONS = ['720p', '1080p', '1440p', '2160p'] as const;
/** Outputs with more pixels than 4K UHD (3840×2160) carry the `over4k` warning (docs/product-rules.md#over-4k). */
export const FOUR_K_PIXELS = 3840 * 2160;

// ── Model catalogue ───────────────────────────────────────────────────────────────────

export const VIDEO_MODELS = ['seedance-v1', 'veo2', 'veo3', 'hailuo-02', 'kling-2.1', 'kling-2.5-turbo'] as const;
export type VideoModel = (typeof VIDEO_MODELS)[number];

export interface VideoModelSpec {
  label: string;
  /** Every duration × resolution the model accepts, with its price in credits. */
  options: ReadonlyArray<{ duration: VideoDuration; resolution: VideoResolution; credits: number }>;
  /** Optional flags it accepts; anything else is refused. */
  cameraFixed: boolean;
  cfgScale: boolean;
  promptOptimizer: boolean;
  generateAudio: boolean;
}

/**
 * Price of a video: docs/product-rules.md#credits-prices fixes 2 credits for 480p (at 5 s). Longer clips cost in proportion
 * to their length, 1080p costs twice 480p, and the premium models (Veo) cost more per second.
 */
export function videoCredits(duration: VideoDuration, resolution: VideoResolution, premium = 1): number {
  return Math.ceil((CREDIT_PRICES.video5s480p * duration) / 5) * (resolution === '1080p' ? 2 : 1) * premium;
}
const videoOptions = (durations: readonly VideoDuration[], resolutions: readonly VideoResolution[], premium = 1) =>
  durations.flatMap((duration) => resolutions.map((resolution) => ({ duration, resolution, credits: videoCredits(duration, resolution, premium) })));

export const VIDEO_MODEL_CATALOG: Readonly<Record<VideoModel, VideoModelSpec>> = {
  'seedance-v1': {
    label: 'Seedance v1',
    options: videoOptions([5, 10], ['480p', '1080p']),
    cameraFixed: true,
    cfgScale: false,
    promptOptimizer: false,
    generateAudio: false,
  },
  veo2: { label: 'Veo 2', options: videoOptions([5, 8], ['1080p'], 2), cameraFixed: false, cfgScale: false, promptOptimizer: false, generateAudio: false },
  veo3: { label: 'Veo 3', options: videoOptions([8], ['1080p'], 3), cameraFixed: false, cfgScale: false, promptOptimizer: false, generateAudio: true },
  'hailuo-02': {
    label: 'Hailuo 02',
    options: videoOptions([5, 10], ['480p']).concat(videoOptions([5], ['1080p'])),
    cameraFixed: false,
    cfgScale: false,
    promptOptimizer: true,
    generateAudio: false,
  },
  'kling-2.1': {
    label: 'Kling 2.1',
    options: videoOptions([5, 10], ['1080p']),
    cameraFixed: false,
    cfgScale: true,
    promptOptimizer: false,
    generateAudio: false,
  },
  'kling-2.5-turbo': {
    label: 'Kling 2.5 Turbo',
    options: videoOptions([5, 10], ['1080p']),
    cameraFixed: false,
    cfgScale: true,
    promptOptimizer: false,
    generateAudio: false,
  },
};

/** Topaz image models (fal's Topaz image upscale endpoint names them so). */
export const UPSCALE_IMAGE_MODELS = ['standard-v2', 'low-resolution-v2', 'cgi', 'high-fidelity-v2', 'text-refine', 'recovery-v2'] as const;
export type UpscaleImageModel = (typeof UPSCALE_IMAGE_MODELS)[number];
export const UPSCALE_IMAGE_MODEL_LABELS = {
  'standard-v2': 'Standard V2',
  'low-resolution-v2': 'Low Resolution V2',
  cgi: 'CGI',
  'high-fidelity-v2': 'High Fidelity V2',
  'text-refine': 'Text Refine',
  'recovery-v2': 'Recovery V2',
} as const satisfies Record<UpscaleImageModel, string>;

/** Credits of an image upscale: 1 at 2×, 2 at 3× and 4× (the output has 9 to 16 times the pixels). */
export function upscaleImageCredits(factor: number): number {
  return factor <= 2 ? CREDIT_PRICES.upscaleImage2x : CREDIT_PRICES.upscaleImageAbove2x;
}

/** Credits of a video upscale: 2 per started 10 s of input, doubled above 2×. */
export function upscaleVideoCredits(durationSeconds: number, factor: number): number {
  return Math.max(1, Math.ceil(durationSeconds / 10)) * CREDIT_PRICES.upscaleVideoPer10s * (factor > 2 ? 2 : 1);
}
