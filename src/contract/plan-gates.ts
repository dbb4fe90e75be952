/**
 * What a plan lets a generation ask for (docs/product-rules.md#plan-gates): the one rule the
 * server enforces (server/billing/gates.ts answers 403 `planRequired`) and the studios show
 * before Generate (a paid-plan badge, the option disabled, Generate disabled). The plan is the
 * text of `users.plan`; text that is not a plan of the catalogue counts as free.
 *
 * Plain functions over the plan catalogue: no valibot, so a studio carries only these lines.
 */
import type { GenerationRequest } from './generations.schema.ts';
import { PLAN_IDS, PLAN_LIST, PLANS, type PlanFeatures, type PlanId } from './plans.ts';

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

/** What the gates read of a request: its tool and params (a form's choice, before its files). */
export type GatedChoice = { [R in GenerationRequest as R['feature']]: Pick<R, 'feature' | 'params'> }[GenerationRequest['feature']];

/** The lowest-ranked plan with `feature`. */
function cheapestWith(feature: 'hd'): PlanId {
  const plan = PLAN_LIST.find((candidate) => candidate.features[feature]);
  if (!plan) throw new Error(`no plan of the catalogue has ${feature}`);
  return plan.id;
}

/**
 * Which option of a generation request needs a paid plan: a 1080p image-to-video, an image or
 * video upscale by more than ×2, or a video upscale to a target height above 1080p. Null when
 * any plan may run it.
 */
export function requiredPlanFor(request: GatedChoice): PlanRequirement | null {
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

/** Whether the plan may run the choice (false exactly when the server answers 403 `planRequired`). */
export function planAllows(plan: string | null | undefined, choice: GatedChoice): boolean {
  const requirement = requiredPlanFor(choice);
  return !requirement || planFeatures(plan)[requirement.feature];
}
