/**
 * What an engine will do of a request and what it will not (docs/product-rules.md#engine-plan):
 * an engine that cannot do everything asked says so before anything is charged, and a job it
 * did in part carries, on its result, the list of what was done and what was not.
 *
 * A plan is two lists of items, each a stable `code` (the studios show it in words in both
 * languages), the English `text` (for API callers; `{placeholders}` filled from `values`) and
 * its `values`. The submit refuses a request whose plan has nothing done (422 `cannotDo`), and
 * one whose plan leaves something undone unless the request accepts each of those codes in
 * `accept_not_done` (422 `partialPlan`); both answers carry the plan.
 *
 * Imports only valibot.
 */
import * as v from 'valibot';

/**
 * The items' stable codes (their English texts: engine-plan-texts.ts, which lists them as
 * PLAN_ITEM_CODES; the studios' words: src/features/generations/plan/). A type only: an answer may
 * carry a code this version does not know (a newer server), which reads as its English text.
 */
export type PlanItemCode =
  | 'brightness'
  | 'contrast'
  | 'saturation'
  | 'warmth'
  | 'grayscale'
  | 'sepia'
  | 'invert'
  | 'autoLevels'
  | 'sharpen'
  | 'blur'
  | 'crop'
  | 'rotate'
  | 'flipHorizontal'
  | 'flipVertical'
  | 'removeBackground'
  | 'resizeWidth'
  | 'resizeHeight'
  | 'resizeBoth'
  | 'resizeLongest'
  | 'grid'
  | 'replaceBackground'
  | 'notUnderstood'
  | 'gridNeedsImages'
  | 'cameraMove'
  | 'ambientSound'
  | 'videoModelNotRun'
  | 'promptBeyondCamera'
  | 'guidanceScale'
  | 'promptOptimizer'
  | 'garmentsPlaced'
  | 'figureRendered'
  | 'faceComposited'
  | 'faceNotFound'
  | 'hintsBeyondColourAndHair'
  | 'hairRecoloured'
  | 'hairstyleShape'
  | 'hairNotFound'
  | 'referencePhoto'
  | 'imageEnlarged'
  | 'imageEnlargedModel'
  | 'imageResampled'
  | 'esrganSkipped'
  | 'esrganSlow'
  | 'sharpenSubject'
  | 'sharpenBackground'
  | 'subjectNotFound'
  | 'faceRegion'
  | 'noFaceToEnhance'
  | 'faceCreativity'
  | 'outputCapped'
  | 'croppedAroundSubject'
  | 'croppedCentre'
  | 'videoScaled'
  | 'frameRate'
  | 'promptUnused'
  | 'modelsRan';

/** A code as sent: a short identifier. */
const PlanCodeSchema = v.pipe(v.string(), v.maxLength(40), v.regex(/^[a-zA-Z]+$/));

export const PlanItemSchema = v.object({
  /** A PlanItemCode (any identifier is read: one this version does not know shows its text). */
  code: PlanCodeSchema,
  /** The English text with its values filled in. */
  text: v.string(),
  /** What fills the text's placeholders (an amount, a ratio, a phrase as the person wrote it, …). */
  values: v.optional(v.record(v.string(), v.union([v.string(), v.number()]))),
});
export type PlanItem = v.InferOutput<typeof PlanItemSchema>;

export const EnginePlanSchema = v.object({
  /** What the engine does of the request (empty: nothing, the request is refused). */
  done: v.array(PlanItemSchema),
  /** What was asked and the engine does not do (or did not, on a result). */
  not_done: v.array(PlanItemSchema),
});
export type EnginePlan = v.InferOutput<typeof EnginePlanSchema>;

/** The body of a 422 `cannotDo` / `partialPlan` refusal: the message, its code and the plan. */
// Pure: the pages never parse a refusal with it (only the server and the API's documentation do), so their bundle drops it.
export const PlanRefusalBodySchema = /* @__PURE__ */ v.object({
  detail: v.string(),
  code: v.picklist(['cannotDo', 'partialPlan']),
  plan: EnginePlanSchema,
});
export type PlanRefusalBody = v.InferOutput<typeof PlanRefusalBodySchema>;

/** The most items a request may accept (more than there are codes, never needed). */
export const MAX_ACCEPTED_ITEMS = 64;

/**
 * `accept_not_done` of a request: the not-done items (by code) the caller agrees to go without. A
 * code no plan has accepts nothing (planVerdict compares with the plan's own).
 */
export const AcceptNotDoneSchema = v.optional(v.pipe(v.array(PlanCodeSchema), v.maxLength(MAX_ACCEPTED_ITEMS)));

/**
 * Whether a request may go ahead on this plan: something is done, and every item left undone was
 * accepted by its code. 'cannotDo' when nothing is done, 'partialPlan' when an undone item was not
 * accepted.
 */
export function planVerdict(plan: EnginePlan, accepted: readonly string[] = []): 'go' | 'cannotDo' | 'partialPlan' {
  if (plan.done.length === 0) return 'cannotDo';
  return plan.not_done.every((item) => accepted.includes(item.code)) ? 'go' : 'partialPlan';
}

/** The codes to accept for this plan (what the studios send once the person confirmed). */
export const notDoneCodes = (plan: EnginePlan): string[] => [...new Set(plan.not_done.map((item) => item.code))];
