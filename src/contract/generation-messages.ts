/**
 * The generation messages, by stable key: also the `code` of error bodies and of a failed job's
 * error. The SPA loads none of it (it words the keys itself); the stages a running job reports,
 * which it does load, are in generation-stages.ts.
 *
 * Plain: imports only generation-call-messages.ts, the answers of a call that the public
 * /api-docs page lists too.
 */
import { GENERATION_CALL_MESSAGES } from './generation-call-messages.ts';

/** The texts of docs/product-rules.md#messages, by a stable key (also the `code` of error bodies and of a failed job's error). */
export const GENERATION_MESSAGES = {
  ...GENERATION_CALL_MESSAGES,
  generationFailed: 'Generation Failed',
  failedToProcess: 'Failed to process generation',
  serverTimeout: 'Server timeout. Please try again in a few moments.',
  selectModelAndGarment: 'Please select both model and garment before generating.',
  missingResult: 'Missing Result',
  noResultImage: 'No result image available',
  // ── Added by the server (same voice; docs/product-rules.md#messages-generation names these cases, here are their texts) ──
  /** Hairstyle needs image and hairstyle (docs/product-rules.md#prerequisites). */
  selectImageAndHairstyle: 'Please upload a photo and choose a hairstyle before generating.',
  /** Body generator needs all body parameters (docs/product-rules.md#prerequisites). */
  bodyParametersRequired: 'Please fill in all body parameters before generating.',
  /** Image editing, image to video, upscaler image: no image. */
  missingImage: 'Please upload an image before generating.',
  /** Upscaler video: no video. */
  missingVideo: 'Please upload a video before generating.',
  /** Image editing: no description of the edits. */
  missingPrompt: 'Please describe the edits you want.',
  /** Multi-image editing takes 2-10 images (docs/product-rules.md#multi-image). */
  imageCount: 'Please select between 2 and 10 images.',
  /** Garment choice requires a model first (docs/product-rules.md#prerequisites). */
  modelFirst: 'Please select a model first.',
  /** Hairstyle on the local engine without a brush mask. */
  maskRequired: 'Please paint over the hair with the brush to mark the area to change.',
  /** Try-on on the local engine: the person mask finds no one in the model photo. */
  personNotFound: 'No person could be found in the model photo. Please use a full-body photo.',
  /** Try-on on the local engine: the pose model does not find shoulders, hips, knees and ankles in the model photo (spec §5: a full-body photo). */
  modelNotFullBody: 'The model photo does not show the whole body. Please use a full-body photo. Your credits were refunded.',
  /** Try-on on the local engine: a garment does not stand out from its photo's backdrop. */
  garmentNotFound: 'A garment could not be separated from its background. Please use a photo of the garment on a plain background.',
  /** 422 (docs/product-rules.md#engine-plan): the engine can do none of the request; `{not_done}` names what. The body carries the plan. */
  cannotDo: 'The built-in engine cannot do this: {not_done}. Nothing was charged.',
  /** 422: the engine can do only part of the request, which did not accept the rest; the body carries the plan. */
  partialPlan:
    'The built-in engine can do only part of this. It will do: {done}. It cannot do: {not_done}. Accept the rest as not done (accept_not_done) or change the request.',
  /** Local background removal found no person and no plain backdrop (or would lose the subject): the job fails and is refunded. */
  backgroundNotRemoved:
    'The background could not be removed from this photo: except for people, the built-in engine needs a plain backdrop that differs from the subject. Your credits were refunded.',
  /** Image editing on the local engine: an instruction it does not understand; `{edits}` lists what it does. */
  unknownEdit: 'The local engine could not understand this edit. It understands: {edits}.',
  /** The job was cancelled by its owner. */
  cancelled: 'Generation cancelled.',
  /** 409 on delete of a job still running. */
  stillRunning: 'This generation is still running. Cancel it first.',
  /** 409: sharing a job that has not completed (PUT /api/generations/{id}/share). */
  notShareable: 'Only a completed generation can be shared.',
  /** 400: Idempotency-Key reused with another request body. */
  idempotencyMismatch: 'This Idempotency-Key was already used for a different request.',
  /** 403: an HD option (1080p video, ×3/×4 upscale) on a plan without `hd` (server/billing/gates.ts). */
  planRequired: '1080p video and ×3, ×4 upscales are for paid plans. Upgrade to use them.',
  /** 503: a job stream asked for while the server shuts down. */
  serverRestarting: 'The server is restarting. Please try again in a moment.',
  /** 429: the account has as many job streams open as it may (one per tab). */
  tooManyStreams: 'Too many open job streams for this account. Please close another tab and try again.',
} as const;
export type GenerationMessageKey = keyof typeof GENERATION_MESSAGES;

export function insufficientCreditsText(cost: number, balance: number): string {
  return GENERATION_CALL_MESSAGES.insufficientCredits
    .replace('{cost}', String(cost))
    .replace('{balance}', String(balance))
    .replace('{shortage}', String(Math.max(0, cost - balance)));
}
