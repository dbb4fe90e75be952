import * as v from 'valibot';
import { UpscaleImageRequestSchema, UpscaleVideoRequestSchema, type GenerationRequestOf } from '../../../contract/generations.schema.ts';
import type { UPSCALE_FACTORS, VIDEO_TARGET_RESOLUTIONS } from '../../../contract/generation-params.ts';
import { RECOMMENDED_VIDEO_SECONDS } from '../../../contract/media.ts';
import type { Asset } from '../../../contract/media.schema.ts';
import { exceeds4k } from '../../assets/over4k/Over4kWarning.tsx';
import { costOf } from '../../generations/credits.ts';

/**
 * The upscaler's parameters (docs/product-rules.md#upscaler, #uploads, #over-4k,
 * #video-options): defaults straight from the contract's schemas, the planned output size, the
 * video's factor-or-target-resolution choice, the long-video check and the prices.
 */

export type ImageUpscaleParams = GenerationRequestOf<'upscaler-image'>['params'];
export type VideoUpscaleParams = GenerationRequestOf<'upscaler-video'>['params'];
export type UpscaleFactor = (typeof UPSCALE_FACTORS)[number];
export type TargetResolution = (typeof VIDEO_TARGET_RESOLUTIONS)[number];
export type UpscalerMode = 'image' | 'video';

/** The schema's defaults (Standard V2, 2×, JPEG, all subjects, no face enhancement, no crop). */
export const DEFAULT_UPSCALE_IMAGE_PARAMS: ImageUpscaleParams = v.parse(UpscaleImageRequestSchema.entries.params, {});
/** The schema's defaults (2×, 30 fps, H.265). */
export const DEFAULT_UPSCALE_VIDEO_PARAMS: VideoUpscaleParams = v.parse(UpscaleVideoRequestSchema.entries.params, {});

export interface Size {
  width: number;
  height: number;
}

/** The output of an image upscale: each side times the factor, in px. */
export function plannedSize(input: Size, factor: number): Size {
  return { width: Math.round(input.width * factor), height: Math.round(input.height * factor) };
}

/** Whether the planned output is above 4K UHD (docs/product-rules.md#over-4k). */
export function plannedOver4k(input: Size, factor: number): boolean {
  return exceeds4k(plannedSize(input, factor));
}

export function imageUpscaleCost(params: ImageUpscaleParams): number | null {
  return costOf({ feature: 'upscaler-image', inputs: { image: null }, params });
}

// ── Video ─────────────────────────────────────────────────────────────────────────────

/** A video upscale is sized either by a factor or by a target resolution, never both. */
export type VideoSizing = 'factor' | 'resolution';

export function videoSizing(params: VideoUpscaleParams): VideoSizing {
  return params.target_resolution === undefined ? 'factor' : 'resolution';
}

/** Where a switch to "target resolution" starts: Full HD, the most common delivery size. */
export const DEFAULT_TARGET_RESOLUTION: TargetResolution = '1080p';

/**
 * Switches the sizing. A target resolution replaces the factor on the server, which still prices
 * the job by `factor`: the factor goes back to its default (2×) so a factor chosen before and
 * now hidden does not raise the price. `factor`/`target` are what to restore (the last choice).
 */
export function withVideoSizing(
  params: VideoUpscaleParams,
  sizing: VideoSizing,
  restore: { factor?: UpscaleFactor; target?: TargetResolution } = {},
): VideoUpscaleParams {
  const { target_resolution: _dropped, ...rest } = params;
  if (sizing === 'factor') return { ...rest, factor: restore.factor ?? params.factor };
  return { ...rest, factor: DEFAULT_UPSCALE_VIDEO_PARAMS.factor, target_resolution: restore.target ?? params.target_resolution ?? DEFAULT_TARGET_RESOLUTION };
}

/** Length of the input video in seconds (0 while unknown). */
export function videoSeconds(video: Pick<Asset, 'duration_seconds'> | null | undefined): number {
  return video?.duration_seconds ?? 0;
}

/** docs/product-rules.md#long-video: videos are recommended under 30 s; the server marks longer ones `longVideo`. */
export function isLongVideo(video: Pick<Asset, 'duration_seconds' | 'warnings'> | null | undefined): boolean {
  if (!video) return false;
  return video.warnings.includes('longVideo') || videoSeconds(video) > RECOMMENDED_VIDEO_SECONDS;
}

/** Credits of a video upscale of this input (null input: priced as the shortest, one 10 s block). */
export function videoUpscaleCost(params: VideoUpscaleParams, video: Pick<Asset, 'duration_seconds'> | null | undefined): number | null {
  return costOf({ feature: 'upscaler-video', inputs: { video: null }, params }, videoSeconds(video));
}
