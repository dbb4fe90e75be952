/**
 * GET /api/generations/catalog: what each tool accepts and what it costs, for API clients, built
 * from the contract's constants and `generationCost` (GenerationCatalogSchema).
 */
import { FEATURE_TIMEOUT_SECONDS } from '../../src/contract/generations.ts';
import type { GenerationCatalog } from '../../src/contract/generations.schema.ts';
import { FEATURES, type Feature, perModeFacts } from '../../src/contract/tools.ts';
import {
  SUBJECT_DETECTION,
  UPSCALE_FACTORS,
  UPSCALE_IMAGE_MODEL_LABELS,
  UPSCALE_IMAGE_MODELS,
  UPSCALE_OUTPUT_FORMATS,
  upscaleImageCredits,
  upscaleVideoCredits,
  VIDEO_MODEL_CATALOG,
  VIDEO_MODELS,
  VIDEO_TARGET_FPS,
  VIDEO_TARGET_RESOLUTIONS,
  videoCredits,
} from '../../src/contract/generation-params.ts';
import type { EngineName } from '../../src/contract/expected-durations.ts';
import { CREDIT_PRICES } from '../../src/contract/prices.ts';

/** Each tool's unit and the credits of one, from the tool catalogue (the options' prices: below). */
const PER_UNIT: Record<Feature, { priced_per: GenerationCatalog['features'][number]['priced_per']; credits: number | null }> = perModeFacts((facts) => ({
  priced_per: facts.pricedPer,
  credits: facts.unitPrice ? CREDIT_PRICES[facts.unitPrice] : null,
}));

/** `videoEngine`: the engine that runs image to video now (its prices: the built-in one charges no model premium). */
export function buildCatalog(videoEngine: EngineName): GenerationCatalog {
  return {
    features: FEATURES.map((feature) => ({ feature, timeout_seconds: FEATURE_TIMEOUT_SECONDS[feature], ...PER_UNIT[feature] })),
    video_models: VIDEO_MODELS.map((id) => {
      const spec = VIDEO_MODEL_CATALOG[id];
      return {
        id,
        label: spec.label,
        options: spec.options.map((option) => ({
          ...option,
          credits: videoEngine === 'local' ? videoCredits(option.duration, option.resolution) : option.credits,
        })),
        camera_fixed: spec.cameraFixed,
        cfg_scale: spec.cfgScale,
        prompt_optimizer: spec.promptOptimizer,
        generate_audio: spec.generateAudio,
      };
    }),
    upscale_image: {
      models: UPSCALE_IMAGE_MODELS.map((id) => ({ id, label: UPSCALE_IMAGE_MODEL_LABELS[id] })),
      factors: UPSCALE_FACTORS.map((factor) => ({ factor, credits: upscaleImageCredits(factor) })),
      output_formats: [...UPSCALE_OUTPUT_FORMATS],
      subject_detection: [...SUBJECT_DETECTION],
    },
    upscale_video: {
      factors: UPSCALE_FACTORS.map((factor) => ({ factor, credits_per_10_seconds: upscaleVideoCredits(10, factor) })),
      target_fps: [...VIDEO_TARGET_FPS],
      target_resolutions: [...VIDEO_TARGET_RESOLUTIONS],
    },
  };
}
