import {
  VIDEO_DURATIONS,
  VIDEO_MODEL_CATALOG,
  VIDEO_RESOLUTIONS,
  videoCredits,
  type VideoDuration,
  type VideoModel,
  type VideoResolution,
} from '../../../contract/generation-params.ts';
import type { EngineName } from '../../../contract/expected-durations.ts';
import type { GenerationRequestOf } from '../../../contract/generations.schema.ts';
import { costOf } from '../../generations/credits.ts';

/**
 * What the image-to-video form offers for each model (docs/product-rules.md#image-to-video,
 * #video-options), from the contract's VIDEO_MODEL_CATALOG only: a duration × resolution the model
 * does not list cannot be chosen, and a flag the model refuses is never in the params, so every
 * params object made here passes `checkPrerequisites` (given an image) and has a price.
 */

export type VideoParams = GenerationRequestOf<'image-to-video'>['params'];
/** The optional flags of the catalogue, by their params key. */
export type VideoFlag = 'camera_fixed' | 'cfg_scale' | 'prompt_optimizer' | 'generate_audio';

export interface VisibleFields {
  /** Durations the model offers (at some resolution), shortest first. */
  durations: VideoDuration[];
  /** Resolutions the model offers (at some duration), lowest first. */
  resolutions: VideoResolution[];
  camera_fixed: boolean;
  cfg_scale: boolean;
  prompt_optimizer: boolean;
  generate_audio: boolean;
}

export function visibleFields(model: VideoModel): VisibleFields {
  const spec = VIDEO_MODEL_CATALOG[model];
  return {
    durations: VIDEO_DURATIONS.filter((d) => spec.options.some((o) => o.duration === d)),
    resolutions: VIDEO_RESOLUTIONS.filter((r) => spec.options.some((o) => o.resolution === r)),
    camera_fixed: spec.cameraFixed,
    cfg_scale: spec.cfgScale,
    prompt_optimizer: spec.promptOptimizer,
    generate_audio: spec.generateAudio,
  };
}

/** Resolutions the model offers at this duration. */
export function resolutionsAt(model: VideoModel, duration: VideoDuration): VideoResolution[] {
  const options = VIDEO_MODEL_CATALOG[model].options;
  return VIDEO_RESOLUTIONS.filter((r) => options.some((o) => o.duration === duration && o.resolution === r));
}

/** Durations at which the model offers this resolution (for the "only at …" hint). */
export function durationsWith(model: VideoModel, resolution: VideoResolution): VideoDuration[] {
  const options = VIDEO_MODEL_CATALOG[model].options;
  return VIDEO_DURATIONS.filter((d) => options.some((o) => o.resolution === resolution && o.duration === d));
}

export function isOffered(model: VideoModel, duration: VideoDuration, resolution: VideoResolution): boolean {
  return VIDEO_MODEL_CATALOG[model].options.some((o) => o.duration === duration && o.resolution === resolution);
}

/**
 * Values a flag starts at when a model accepts it and nothing was chosen before: the providers'
 * own behaviour (Seedance moves the camera, Kling's guidance default is 0.5, Hailuo optimises
 * prompts) except Veo 3's audio, which the server also leaves off unless asked (it costs more there).
 */
export const FLAG_DEFAULTS = { camera_fixed: false, cfg_scale: 0.5, prompt_optimizer: true, generate_audio: false } as const satisfies Record<
  VideoFlag,
  boolean | number
>;

/**
 * The nearest offered combination to a wanted one: the same resolution if the model has it,
 * then the closest duration, then the cheaper. Keeping the resolution first follows what a
 * person sees most (sharpness); the duration then moves as little as possible.
 */
export function nearestOption(model: VideoModel, duration: VideoDuration | undefined, resolution: VideoResolution | undefined) {
  const options = VIDEO_MODEL_CATALOG[model].options;
  const wantDuration = duration ?? VIDEO_DURATIONS[0];
  const score = (o: (typeof options)[number]) => [o.resolution === resolution ? 0 : 1, Math.abs(o.duration - wantDuration), o.credits];
  let best = options[0]!;
  for (const option of options.slice(1)) {
    const [a, b] = [score(option), score(best)];
    const index = a.findIndex((value, i) => value !== b[i]);
    if (index !== -1 && a[index]! < b[index]!) best = option;
  }
  return best;
}

/**
 * The params for `model`, keeping what it can of `previous`: the nearest offered duration ×
 * resolution, the prompt, and each flag the model accepts (its previous value, else its
 * default); flags the model refuses are left out.
 */
export function paramsForModel(model: VideoModel, previous: Partial<VideoParams> = {}): VideoParams {
  const option = nearestOption(model, previous.duration, previous.resolution);
  const fields = visibleFields(model);
  const params: VideoParams = { model, duration: option.duration, resolution: option.resolution };
  if (previous.prompt !== undefined && previous.prompt !== '') params.prompt = previous.prompt;
  if (fields.camera_fixed) params.camera_fixed = previous.camera_fixed ?? FLAG_DEFAULTS.camera_fixed;
  if (fields.cfg_scale) params.cfg_scale = previous.cfg_scale ?? FLAG_DEFAULTS.cfg_scale;
  if (fields.prompt_optimizer) params.prompt_optimizer = previous.prompt_optimizer ?? FLAG_DEFAULTS.prompt_optimizer;
  if (fields.generate_audio) params.generate_audio = previous.generate_audio ?? FLAG_DEFAULTS.generate_audio;
  return params;
}

/** The form's starting params: the contract's default model (Seedance v1) at its defaults (5 s, 480p). */
export const DEFAULT_VIDEO_PARAMS: VideoParams = paramsForModel('seedance-v1', { duration: 5, resolution: '480p' });

/**
 * A new duration: kept with the current resolution when offered, else the resolution moves to
 * one the model has at that duration (durations stay selectable; resolutions are the ones greyed out).
 */
export function withDuration(params: VideoParams, duration: VideoDuration): VideoParams {
  if (isOffered(params.model, duration, params.resolution)) return { ...params, duration };
  const resolution = resolutionsAt(params.model, duration)[0];
  return resolution ? { ...params, duration, resolution } : params;
}

/** A new resolution: only one offered at the current duration is taken (others are disabled in the form). */
export function withResolution(params: VideoParams, resolution: VideoResolution): VideoParams {
  return isOffered(params.model, params.duration, resolution) ? { ...params, resolution } : params;
}

/** Credits of these params on the engine (the catalogue's price of the combination, without the model premium on the built-in one); null if not offered. */
export function videoParamsCost(params: VideoParams, engine: EngineName | null = null): number | null {
  return costOf({ feature: 'image-to-video', inputs: { image: null }, params }, 0, engine);
}

/** The cheapest price of a model on the engine, for its card in the picker. */
export function lowestCredits(model: VideoModel, engine: EngineName | null = null): number {
  return Math.min(...VIDEO_MODEL_CATALOG[model].options.map((o) => (engine === 'local' ? videoCredits(o.duration, o.resolution) : o.credits)));
}

/** Same params (key order aside; an absent key and an undefined one are the same). */
export function sameVideoParams(a: VideoParams, b: VideoParams): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof VideoParams)[]);
  return [...keys].every((key) => a[key] === b[key]);
}
