import type { GenerationMessageKey } from '../../../contract/generation-messages.ts';
import type { GenerationStage } from '../../../contract/generation-stages.ts';
import { checkPrerequisites } from '../../../contract/generations.ts';
import type { GenerationRequestOf } from '../../../contract/generations.schema.ts';
import type { Asset } from '../../../contract/media.schema.ts';
import type { VideoParams } from './video-params.ts';

/**
 * The step logic of /image-to-video (docs/product-rules.md#studio-flows: Upload Image → Configure
 * Parameters → Generate Video → View Result, with Back and Next), kept apart from React so it
 * is tested on its own. No UI text here: the screen translates the message keys.
 */

/** The form's steps; the fourth (View Result) is reached only by a job. */
export const FORM_STEPS = ['upload', 'configure', 'generate'] as const;
export type FormStep = (typeof FORM_STEPS)[number];
export const RESULT_STEP = 'result';

/** The request the screen submits. */
export function videoRequest(image: Asset | null, params: VideoParams): GenerationRequestOf<'image-to-video'> {
  return { feature: 'image-to-video', inputs: { image: image?.id ?? null }, params };
}

/**
 * Why Next is disabled on a step (a prerequisite message key, docs/product-rules.md#prerequisites), or null when the step is complete:
 * Upload needs an image; Configure needs params the chosen model accepts (the form keeps them
 * so, but an old job's params could reach it). The last form step has no Next.
 */
export function nextBlocker(step: FormStep, image: Asset | null, params: VideoParams): GenerationMessageKey | null {
  if (step === 'upload') return image ? null : 'missingImage';
  if (step === 'configure') return checkPrerequisites(videoRequest(image, params));
  return null;
}

/** The stages of a video job in the order the engines report them (docs/product-rules.md#generation-stages). */
export const VIDEO_STAGES = ['generatingMotion', 'renderingFrames', 'finalizingVideo'] as const satisfies readonly GenerationStage[];
export type VideoStage = (typeof VIDEO_STAGES)[number];
export type StageState = 'done' | 'current' | 'todo';

/**
 * Each video stage's state from the job's current stage: while queued (or before the first
 * report) all are still to come; a completed job has done them all.
 */
export function videoStageStates(stage: GenerationStage | null, completed = false): Record<VideoStage, StageState> {
  const at = completed ? VIDEO_STAGES.length : VIDEO_STAGES.indexOf(stage as VideoStage);
  const state = (index: number): StageState => (at < 0 ? 'todo' : index < at ? 'done' : index === at ? 'current' : 'todo');
  return { generatingMotion: state(0), renderingFrames: state(1), finalizingVideo: state(2) };
}
