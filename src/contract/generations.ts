/**
 * The generations' plain part (docs/product-rules.md#generation-states, #timeouts,
 * #prerequisites): each tool's time limit, the prerequisites of a request and what it costs, the
 * statuses of a job, the event stream's figures and the list's page sizes. No valibot: the pages,
 * the kernel and the worker read these without loading the schemas, which are in
 * generations.schema.ts (with the endpoints); a request's and a job's types are the schemas' (a
 * type import loads nothing).
 */
import type { EngineName } from './expected-durations.ts';
import { perModeFacts, type Feature } from './tools.ts';
import type { GenerationMessageKey } from './generation-messages.ts';
import { upscaleImageCredits, upscaleVideoCredits, VIDEO_MODEL_CATALOG, videoCredits } from './generation-params.ts';
import type { GenerationRequest } from './generations.schema.ts';
import { CREDIT_PRICES } from './prices.ts';

// ── Features ──────────────────────────────────────────────────────────────────────────

/** Job time limits (docs/product-rules.md#timeouts): AI work 600 s, image editing 300 s (the tool catalogue's). */
export const FEATURE_TIMEOUT_SECONDS: Readonly<Record<Feature, number>> = /* @__PURE__ */ perModeFacts((facts) => facts.timeoutSeconds);

/** Multi-image editing: 2 to 10 images (docs/product-rules.md#multi-image); one image is a single edit. */
export const MAX_EDIT_IMAGES = 10;

/**
 * The prerequisites (docs/product-rules.md#prerequisites) and the catalogue's rules: null when the request can be priced
 * and queued, else the key of the message to show. Asset ownership and types are the server's.
 */
export function checkPrerequisites(request: GenerationRequest): GenerationMessageKey | null {
  switch (request.feature) {
    case 'virtual-tryon':
      if (!request.inputs.model && request.inputs.garments.length > 0) return 'modelFirst';
      if (!request.inputs.model || request.inputs.garments.length === 0) return 'selectModelAndGarment';
      return null;
    case 'image-editing': {
      const count = request.inputs.images.length;
      if (count === 0) return 'missingImage';
      if (count > MAX_EDIT_IMAGES) return 'imageCount';
      if (!request.params.prompt) return 'missingPrompt';
      return null;
    }
    case 'body-generator': {
      const p = request.params;
      const complete = [p.gender, p.height, p.weight, p.age, p.skin_tone, p.body_type, p.aspect_ratio].every((value) => value !== null && value !== undefined);
      return complete ? null : 'bodyParametersRequired';
    }
    case 'hairstyle-changer':
      return request.inputs.image && (request.params.style || request.inputs.reference) ? null : 'selectImageAndHairstyle';
    case 'image-to-video': {
      if (!request.inputs.image) return 'missingImage';
      const spec = VIDEO_MODEL_CATALOG[request.params.model];
      const p = request.params;
      if (!spec.options.some((option) => option.duration === p.duration && option.resolution === p.resolution)) return 'unsupportedOption';
      if (
        (p.camera_fixed !== undefined && !spec.cameraFixed) ||
        (p.cfg_scale !== undefined && !spec.cfgScale) ||
        (p.prompt_optimizer !== undefined && !spec.promptOptimizer) ||
        (p.generate_audio !== undefined && !spec.generateAudio)
      ) {
        return 'unsupportedOption';
      }
      return null;
    }
    case 'upscaler-image':
      return request.inputs.image ? null : 'missingImage';
    case 'upscaler-video':
      return request.inputs.video ? null : 'missingVideo';
  }
}

/**
 * Credits a request costs (docs/product-rules.md#credits-prices: try-on 1 per garment, body generator 1, hairstyle 1, image
 * to video 2 at 480p; the rest chosen here: image editing 1 per image, upscaler by factor and,
 * for video, by length). `videoSeconds` is the input video's duration (upscaler video only).
 * `engine`: the engine that runs it; the built-in one runs no video model, so a video costs its
 * length and resolution without the model's premium (docs/product-rules.md#engine-plan).
 * Call after `checkPrerequisites` returned null.
 */
export function generationCost(request: GenerationRequest, videoSeconds = 0, engine: EngineName = 'fal'): number {
  switch (request.feature) {
    case 'virtual-tryon':
      return request.inputs.garments.length * CREDIT_PRICES.tryOnPerGarment;
    case 'image-editing':
      return request.inputs.images.length * CREDIT_PRICES.editPerImage;
    case 'body-generator':
      return CREDIT_PRICES.bodyGenerator;
    case 'hairstyle-changer':
      return CREDIT_PRICES.hairstyle;
    case 'image-to-video': {
      const option = VIDEO_MODEL_CATALOG[request.params.model].options.find(
        (o) => o.duration === request.params.duration && o.resolution === request.params.resolution,
      );
      if (!option) throw new Error(`no price for ${request.params.model} ${request.params.duration}s ${request.params.resolution}`);
      return engine === 'local' ? videoCredits(option.duration, option.resolution) : option.credits;
    }
    case 'upscaler-image':
      return upscaleImageCredits(request.params.factor);
    case 'upscaler-video':
      return upscaleVideoCredits(videoSeconds, request.params.factor);
  }
}

export const GENERATION_STATUSES = ['queued', 'processing', 'completed', 'failed', 'cancelled'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];
export const PENDING_STATUSES: readonly GenerationStatus[] = ['queued', 'processing'];

/**
 * GET /api/generations/events: a server-sent event stream of the caller's jobs, for open tabs
 * (polling GET /api/generations/{id} stays the fallback, and the service worker's way). Bearer
 * token in the Authorization header, like every call: read it with fetch, not EventSource (which
 * cannot send headers; a token in the URL would end up in logs).
 * - On open, then on every change of status, stage or progress: `event: generation`, `data:` one
 *   `Generation` (GenerationSchema) — first the caller's pending jobs, then each job that changes,
 *   including its final state (completed, failed, cancelled).
 * - A comment line (`: ping`) every `heartbeatSeconds`; a stream silent for longer is dead.
 * - The server ends a stream after `maxStreamSeconds` (and on shutdown): reconnect.
 * - At most `maxStreamsPerAccount` open at once per account: one more answers 429 `{message}`.
 */
export const GENERATION_EVENTS = {
  path: '/api/generations/events',
  event: 'generation',
  heartbeatSeconds: 15,
  maxStreamSeconds: 600,
  maxStreamsPerAccount: 4,
} as const;

export const GENERATION_PAGE_MAX = 100;
export const GENERATION_PAGE_DEFAULT = 20;
