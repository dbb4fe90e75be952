/**
 * Generations (docs/product-rules.md#entities, #generation-states, #prerequisites,
 * #credit-check, #messages-generation, #credits-prices, #video-options, #timeouts).
 *
 * One generation = one job: a feature, the input assets, the parameters. The studio screens and
 * the public API submit exactly `GenerationRequest`; the server validates it here, prices it with
 * `generationCost`, and answers `Generation`.
 *
 * Endpoints (all behind a bearer token):
 * - POST   /api/generations                 submit (header Idempotency-Key: a repeat returns the first job)
 * - GET    /api/generations?feature&status&cursor&limit   the caller's jobs, newest first
 * - GET    /api/generations/pending         the caller's queued and processing jobs
 * - GET    /api/generations/{id}            one job
 * - GET    /api/generations/events          text/event-stream of the caller's jobs (see GENERATION_EVENTS)
 * - POST   /api/generations/{id}/cancel     cancel a queued or processing job (credits refunded)
 * - POST   /api/generations/{id}/regenerate same inputs and parameters, a new job and a new charge
 * - DELETE /api/generations/{id}            forget a finished job (its results too, unless used elsewhere)
 * - GET    /api/generations/catalog         the model catalogue below, for API clients
 * - PUT    /api/generations/{id}/share      {shared}: show a completed job's result in the public
 *                                           community feed (src/contract/dashboard.schema.ts), or stop
 *
 * Imports only valibot.
 */
import * as v from 'valibot';
import { GENERATION_PAGE_MAX, GENERATION_STATUSES } from './generations.ts';
import { boundedNumber, CURSOR_MAX, integer, queryInteger, safeString, text } from './input.schema.ts';
import { AssetSchema } from './media.schema.ts';
import { FEATURES, type Feature, PRICED_PER_UNITS } from './tools.ts';
import { ENGINE_NAMES } from './expected-durations.ts';
import { GENERATION_STAGES, type GenerationStage } from './generation-stages.ts';
import { AcceptNotDoneSchema, EnginePlanSchema } from './engine-plan.schema.ts';
import {
  ASPECT_RATIOS,
  BODY_LIMITS,
  BODY_TYPES,
  GARMENT_CATEGORIES,
  GENDERS,
  HAIRSTYLES,
  HAIR_CATEGORIES,
  MAX_GARMENTS,
  SKIN_TONES,
  SUBJECT_DETECTION,
  UPSCALE_FACTORS,
  UPSCALE_IMAGE_MODELS,
  UPSCALE_OUTPUT_FORMATS,
  VIDEO_DURATIONS,
  VIDEO_MODELS,
  VIDEO_RESOLUTIONS,
  VIDEO_TARGET_FPS,
  VIDEO_TARGET_RESOLUTIONS,
} from './generation-params.ts';

// ── Requests ──────────────────────────────────────────────────────────────────────────

/** An asset id as sent: any safe text (one that is no asset's id answers like someone else's: assetNotFound). */
const assetId = v.pipe(text(64), v.minLength(1));
const prompt = v.pipe(safeString(), v.trim(), v.maxLength(2000));
const unit = boundedNumber(0, 1);
/** The not-done items (codes of a 422 `partialPlan`) the caller agrees to (docs/product-rules.md#engine-plan). */
const accept = { accept_not_done: AcceptNotDoneSchema };

export const TryOnRequestSchema = v.object({
  feature: v.literal('virtual-tryon'),
  ...accept,
  inputs: v.object({
    model: v.nullish(assetId),
    garments: v.optional(v.pipe(v.array(v.object({ asset_id: assetId, category: v.picklist(GARMENT_CATEGORIES) })), v.maxLength(MAX_GARMENTS)), []),
  }),
  params: v.optional(v.object({ prompt: v.optional(prompt) }), {}),
});

export const ImageEditingRequestSchema = v.object({
  feature: v.literal('image-editing'),
  ...accept,
  inputs: v.object({ images: v.optional(v.array(assetId), []) }),
  params: v.object({ prompt: v.optional(prompt, '') }),
});

export const BodyGeneratorRequestSchema = v.object({
  feature: v.literal('body-generator'),
  ...accept,
  inputs: v.optional(v.object({ face: v.nullish(assetId) }), {}),
  params: v.object({
    gender: v.nullish(v.picklist(GENDERS)),
    height: v.nullish(boundedNumber(BODY_LIMITS.height.min, BODY_LIMITS.height.max)),
    weight: v.nullish(boundedNumber(BODY_LIMITS.weight.min, BODY_LIMITS.weight.max)),
    age: v.nullish(integer(BODY_LIMITS.age.min, BODY_LIMITS.age.max)),
    skin_tone: v.nullish(v.picklist(SKIN_TONES)),
    body_type: v.nullish(v.picklist(BODY_TYPES)),
    aspect_ratio: v.nullish(v.picklist(ASPECT_RATIOS)),
    prompt: v.optional(prompt),
    style_hints: v.optional(v.pipe(v.array(v.pipe(safeString(), v.trim(), v.maxLength(60))), v.maxLength(10))),
  }),
});

export const HairstyleRequestSchema = v.object({
  feature: v.literal('hairstyle-changer'),
  ...accept,
  inputs: v.object({
    image: v.nullish(assetId),
    /** The brush mask: white where the hair is to change (a PNG uploaded like any image). */
    mask: v.nullish(assetId),
    /** A reference photo of the wanted style, instead of a template. */
    reference: v.nullish(assetId),
  }),
  params: v.object({
    style: v.nullish(v.picklist(HAIRSTYLES)),
    gender: v.optional(v.picklist(GENDERS)),
    category: v.optional(v.picklist(HAIR_CATEGORIES)),
    /** `#rrggbb` */
    color: v.optional(v.pipe(text(7), v.regex(/^#[0-9a-f]{6}$/i))),
    prompt: v.optional(prompt),
  }),
});

export const ImageToVideoRequestSchema = v.object({
  feature: v.literal('image-to-video'),
  ...accept,
  inputs: v.object({ image: v.nullish(assetId) }),
  params: v.object({
    model: v.optional(v.picklist(VIDEO_MODELS), 'seedance-v1'),
    duration: v.optional(v.picklist(VIDEO_DURATIONS), 5),
    resolution: v.optional(v.picklist(VIDEO_RESOLUTIONS), '480p'),
    prompt: v.optional(prompt),
    camera_fixed: v.optional(v.boolean()),
    /** Guidance scale, 0 to 1 (Kling's cfg_scale). */
    cfg_scale: v.optional(unit),
    prompt_optimizer: v.optional(v.boolean()),
    generate_audio: v.optional(v.boolean()),
  }),
});

export const UpscaleImageRequestSchema = v.object({
  feature: v.literal('upscaler-image'),
  ...accept,
  inputs: v.object({ image: v.nullish(assetId) }),
  params: v.object({
    model: v.optional(v.picklist(UPSCALE_IMAGE_MODELS), 'standard-v2'),
    factor: v.optional(v.picklist(UPSCALE_FACTORS), 2),
    output_format: v.optional(v.picklist(UPSCALE_OUTPUT_FORMATS), 'jpeg'),
    subject_detection: v.optional(v.picklist(SUBJECT_DETECTION), 'all'),
    face_enhancement: v.optional(v.boolean(), false),
    face_enhancement_strength: v.optional(unit, 0.8),
    face_enhancement_creativity: v.optional(unit, 0),
    crop_to_fill: v.optional(v.boolean(), false),
  }),
});

export const UpscaleVideoRequestSchema = v.object({
  feature: v.literal('upscaler-video'),
  ...accept,
  inputs: v.object({ video: v.nullish(assetId) }),
  params: v.object({
    factor: v.optional(v.picklist(UPSCALE_FACTORS), 2),
    target_fps: v.optional(v.picklist(VIDEO_TARGET_FPS), 30),
    /** When set, the output height (the width follows the aspect ratio) instead of `factor`. */
    target_resolution: v.optional(v.picklist(VIDEO_TARGET_RESOLUTIONS)),
    /** H.264 output; the default is H.265 (docs/product-rules.md#upscaler). */
    h264: v.optional(v.boolean(), false),
  }),
});

/** POST /api/generations body. Prerequisites (docs/product-rules.md#prerequisites) are checked by `checkPrerequisites`. */
export const GenerationRequestSchema = v.variant('feature', [
  TryOnRequestSchema,
  ImageEditingRequestSchema,
  BodyGeneratorRequestSchema,
  HairstyleRequestSchema,
  ImageToVideoRequestSchema,
  UpscaleImageRequestSchema,
  UpscaleVideoRequestSchema,
]);
export type GenerationRequest = v.InferOutput<typeof GenerationRequestSchema>;
export type GenerationRequestOf<F extends Feature> = Extract<GenerationRequest, { feature: F }>;
// Every job kind of the tool catalogue has a request above: a mode added there without one fails here.
const everyFeatureHasARequest: [Exclude<Feature, GenerationRequest['feature']>] extends [never] ? true : never = true;
void everyFeatureHasARequest;

// ── Responses ─────────────────────────────────────────────────────────────────────────

export const GenerationSchema = v.object({
  id: v.string(),
  feature: v.picklist(FEATURES),
  status: v.picklist(GENERATION_STATUSES),
  /** Key of GENERATION_STAGES while queued or processing; null once ended. */
  stage: v.nullable(v.picklist(Object.keys(GENERATION_STAGES) as GenerationStage[])),
  /** 0 to 100. */
  progress: v.number(),
  /** As submitted (after defaults). */
  inputs: v.record(v.string(), v.unknown()),
  params: v.record(v.string(), v.unknown()),
  /** The input assets, so history can show them without another call (missing ones left out). */
  input_assets: v.array(AssetSchema),
  /**
   * Results: usually one asset. A multi-image edit on the local engine gives one per image (or
   * one grid); on fal, the images are combined into one result.
   */
  results: v.array(AssetSchema),
  /** Credits reserved (charged when completed, refunded when failed or cancelled). */
  cost: v.number(),
  /**
   * What the engine does of the request and what it does not (docs/product-rules.md#engine-plan):
   * the plan accepted at submit, then, once completed, what was done. Null when the engine does
   * everything asked (fal) and on jobs from before plans (also when absent: a job saved before
   * this field, on a device, reads as null).
   */
  plan: v.optional(v.nullable(EnginePlanSchema), null),
  engine: v.picklist(ENGINE_NAMES),
  /** Failed or cancelled: the message key and its text. */
  error: v.nullable(v.object({ code: v.string(), message: v.string() })),
  /** Set on a regenerated job: the one it repeats. */
  regenerated_from: v.nullable(v.string()),
  /** The owner chose to show the result in the public community feed (completed jobs only). */
  shared: v.boolean(),
  created_at: v.string(),
  started_at: v.nullable(v.string()),
  finished_at: v.nullable(v.string()),
  /** finished − started, in milliseconds. */
  processing_ms: v.nullable(v.number()),
});
export type Generation = v.InferOutput<typeof GenerationSchema>;

export const GenerationListQuerySchema = v.object({
  feature: v.optional(v.picklist(FEATURES)),
  status: v.optional(v.picklist(GENERATION_STATUSES)),
  cursor: v.optional(text(CURSOR_MAX)),
  limit: v.optional(queryInteger(1, GENERATION_PAGE_MAX)),
});

/** PUT /api/generations/{id}/share: only a completed job can be shared (409 otherwise); answers the job. */
export const ShareGenerationRequestSchema = v.object({ shared: v.boolean() });
export type ShareGenerationRequest = v.InferOutput<typeof ShareGenerationRequestSchema>;

export const GenerationPageSchema = v.object({
  items: v.array(GenerationSchema),
  next_cursor: v.nullable(v.string()),
});
export type GenerationPage = v.InferOutput<typeof GenerationPageSchema>;

/** 402 body: the credit check (docs/product-rules.md#credit-check) with numbers. */
export const InsufficientCreditsBodySchema = v.object({
  detail: v.string(),
  code: v.literal('insufficientCredits'),
  balance: v.number(),
  cost: v.number(),
  shortage: v.number(),
});

// ── Catalogue answer ──────────────────────────────────────────────────────────────────

/**
 * GET /api/generations/catalog: what each tool accepts and what it costs, for API clients (the
 * PWA reads the constants above directly). Built from the same constants and `generationCost`.
 */
export const GenerationCatalogSchema = v.object({
  features: v.array(
    v.object({
      feature: v.picklist(FEATURES),
      /** Time limit of one job, in seconds. */
      timeout_seconds: v.number(),
      /** How the price is counted: per garment, per image, per job, per option (video models), per factor, per started 10 s of video. */
      priced_per: v.picklist(PRICED_PER_UNITS),
      /** Credits per unit (garment, image, job); null where the table below gives the prices. */
      credits: v.nullable(v.number()),
    }),
  ),
  video_models: v.array(
    v.object({
      id: v.picklist(VIDEO_MODELS),
      label: v.string(),
      options: v.array(v.object({ duration: v.picklist(VIDEO_DURATIONS), resolution: v.picklist(VIDEO_RESOLUTIONS), credits: v.number() })),
      camera_fixed: v.boolean(),
      cfg_scale: v.boolean(),
      prompt_optimizer: v.boolean(),
      generate_audio: v.boolean(),
    }),
  ),
  upscale_image: v.object({
    models: v.array(v.object({ id: v.picklist(UPSCALE_IMAGE_MODELS), label: v.string() })),
    factors: v.array(v.object({ factor: v.picklist(UPSCALE_FACTORS), credits: v.number() })),
    output_formats: v.array(v.picklist(UPSCALE_OUTPUT_FORMATS)),
    subject_detection: v.array(v.picklist(SUBJECT_DETECTION)),
  }),
  upscale_video: v.object({
    /** Credits per started 10 s of input video, by factor. */
    factors: v.array(v.object({ factor: v.picklist(UPSCALE_FACTORS), credits_per_10_seconds: v.number() })),
    target_fps: v.array(v.picklist(VIDEO_TARGET_FPS)),
    target_resolutions: v.array(v.picklist(VIDEO_TARGET_RESOLUTIONS)),
  }),
});
export type GenerationCatalog = v.InferOutput<typeof GenerationCatalogSchema>;
