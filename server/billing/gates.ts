/**
 * What an account's plan lets it do, enforced by the server (the pages only show it): the HD gate
 * on generation requests, the watermark on results, the queue priority and the API gate. The
 * plan is the `users.plan` column (written by the billing service when a plan starts or lapses);
 * these functions only read it, and treat any text that is not a plan of the catalogue as free.
 *
 * Pure functions: no database, no HTTP. Imports only the contract and the error class.
 */
import { GENERATION_MESSAGES, type GenerationRequest } from '../../src/contract/generations.ts';
import { PLAN_IDS, PLAN_LIST, PLANS, type PlanFeatures, type PlanId } from '../../src/contract/plans.ts';
import { CodedError } from '../http/api-error.ts';

const KNOWN_PLANS: ReadonlySet<string> = new Set(PLAN_IDS);

/** The plan a `users.plan` text stands for: itself when the catalogue knows it, else free. */
export function planIdOf(plan: string | null | undefined): PlanId {
  return plan && KNOWN_PLANS.has(plan) ? (plan as PlanId) : 'free';
}

/** What the plan unlocks; unknown text (a plan retired from the catalogue, a typo) gets free's. */
export function planFeatures(plan: string | null | undefined): PlanFeatures {
  return PLANS[planIdOf(plan)].features;
}

/**
 * Video target heights the upscaler offers that count as HD. 720p and 1080p are what a ×2 of
 * everyday sources reaches, and a ×2 is free whatever its result; 1440p and 2160p are the ×3/×4
 * tier, so they need a plan with `hd` like a ×3/×4 factor does.
 */
const HD_TARGET_RESOLUTIONS: ReadonlySet<string> = new Set(['1440p', '2160p']);

/** Largest upscale factor without `hd`. */
const FREE_UPSCALE_FACTOR = 2;

/** The option of a request that only an `hd` plan may ask for. */
export type HdOption = 'video1080p' | 'upscaleFactor' | 'upscaleTargetResolution';

export interface PlanRequirement {
  /** The plan feature the request needs. */
  feature: 'hd';
  /** What in the request needs it. */
  option: HdOption;
  /** The cheapest plan that unlocks it (the upgrade the pages suggest). */
  plan: PlanId;
}

/** The lowest-ranked plan with `feature`. */
function cheapestWith(feature: 'hd'): PlanId {
  const plan = PLAN_LIST.find((candidate) => candidate.features[feature]);
  if (!plan) throw new Error(`no plan of the catalogue has ${feature}`);
  return plan.id;
}

/**
 * Which option of a generation request needs a paid plan (docs/product-rules.md#billing): a
 * 1080p image-to-video, an image or video upscale by more than ×2, or a video upscale to a target
 * height above 1080p. Null when any plan may run it.
 */
export function requiredPlanFor(request: GenerationRequest): PlanRequirement | null {
  let option: HdOption | null = null;
  switch (request.feature) {
    case 'image-to-video':
      if (request.params.resolution === '1080p') option = 'video1080p';
      break;
    case 'upscaler-image':
      if (request.params.factor > FREE_UPSCALE_FACTOR) option = 'upscaleFactor';
      break;
    case 'upscaler-video':
      if (request.params.target_resolution !== undefined && HD_TARGET_RESOLUTIONS.has(request.params.target_resolution)) option = 'upscaleTargetResolution';
      // The target height replaces the factor when both are set (the contract): the factor counts only alone.
      else if (request.params.target_resolution === undefined && request.params.factor > FREE_UPSCALE_FACTOR) option = 'upscaleFactor';
      break;
    default:
      break;
  }
  return option === null ? null : { feature: 'hd', option, plan: cheapestWith('hd') };
}

/**
 * Refuses a request the plan does not allow, before anything is charged or written.
 * @throws CodedError 403 planRequired, with `feature`, `option` and `required_plan` in the body
 */
export function assertGenerationAllowed(plan: string | null | undefined, request: GenerationRequest): void {
  const requirement = requiredPlanFor(request);
  if (!requirement || planFeatures(plan)[requirement.feature]) return;
  throw new CodedError(403, 'planRequired', GENERATION_MESSAGES.planRequired, {
    fields: { feature: requirement.feature, option: requirement.option, required_plan: requirement.plan },
  });
}

/** pg-boss priority of the plan's jobs: a higher number is fetched first (0 standard … 3 highest). */
export function queuePriority(plan: string | null | undefined): number {
  return planFeatures(plan).priority;
}

/** Whether the plan may use the public API and API tokens (/api-management). */
export function planAllowsApi(plan: string | null | undefined): boolean {
  return planFeatures(plan).api;
}

/** Whether results made on the plan carry the Atelier watermark (and are served watermarked while it lasts). */
export function planWatermarks(plan: string | null | undefined): boolean {
  return planFeatures(plan).watermark;
}
