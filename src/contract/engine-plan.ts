/**
 * What an engine will do of a request and what it will not (docs/product-rules.md#engine-plan):
 * an engine that cannot do everything asked says so before anything is charged, and a job it
 * did in part carries, on its result, the list of what was done and what was not.
 *
 * A plan is two lists of items, each a stable `code` (the studios show it in words in both
 * languages), the English `text` (for API callers; `{placeholders}` filled from `values`) and
 * its `values`. The submit refuses a request whose plan has nothing done (422 `cannotDo`), and
 * one whose plan leaves something undone unless the request accepts each of those codes in
 * `accept_not_done` (422 `partialPlan`); both answers carry the plan. `generations.ts`
 * re-exports all of it.
 *
 * Imports only valibot.
 */
import * as v from 'valibot';

/** English texts of the items, by code (the studios translate the code). */
export const PLAN_ITEM_TEXTS = {
  // ── Image editing: the edits of the local vocabulary (src/contract/edit-vocabulary.ts) ──
  brightness: 'Brightness {amount}, whole image',
  contrast: 'Contrast {amount}, whole image',
  saturation: 'Colour saturation {amount}, whole image',
  warmth: 'Colour warmth {amount}, whole image',
  grayscale: 'Black and white',
  sepia: 'Sepia (vintage) tone',
  invert: 'Inverted colours (negative)',
  autoLevels: 'Automatic colour balance',
  sharpen: 'Sharpening',
  blur: 'Blur',
  crop: 'Centred crop to {ratio}',
  rotate: 'Rotation by {degrees}° clockwise',
  flipHorizontal: 'Horizontal flip (mirror)',
  flipVertical: 'Vertical flip',
  removeBackground: 'Background removal (plain, even backdrops only)',
  resizeWidth: 'Resize to {width} px wide',
  resizeHeight: 'Resize to {height} px tall',
  resizeBoth: 'Resize to {width}×{height} px',
  resizeLongest: 'Resize to {side} px on the longest side',
  grid: 'The images combined into one grid',
  replaceBackground: 'A new background (a colour or a scene) instead of the old one: “{phrase}”',
  notUnderstood: 'Not understood: “{phrase}”',
  gridNeedsImages: 'A grid (it needs several images; the one image is edited on its own)',
  // ── Image to video ──
  cameraMove: 'A virtual camera move (zoom or pan) over the still photo, {seconds} s at {resolution}',
  ambientSound: 'A quiet ambient sound track (not sound from the scene)',
  videoModelNotRun: 'The {model} model: it is not run, so people and things in the photo do not move',
  promptBeyondCamera: 'The description, except its camera words (zoom in or out, pan, tilt)',
  guidanceScale: 'The guidance scale (cfg_scale)',
  promptOptimizer: 'The prompt optimiser',
  // ── Virtual try-on ──
  garmentsPlaced: '{count} garment(s) placed flat on the body and shaded by the photo (fabric not re-draped, sleeves not re-posed)',
  // ── Body generator ──
  figureRendered: 'A stylised rendered mannequin proportioned from the body parameters (not a photographic model)',
  faceComposited: 'The face photo placed on the head (no face detection)',
  hintsBeyondColourAndHair: 'The description and style hints, except an outfit colour and hair length',
  // ── Hairstyle ──
  hairRecoloured: 'The hair inside the brushed area recoloured to {colour}, its texture kept',
  hairstyleShape: 'The hairstyle itself (cut, length, shape)',
  referencePhoto: 'The hairstyle of the reference photo',
  // ── Upscaler ──
  imageEnlarged: 'Enlarged ×{factor} by resampling and sharpening tuned like {model} (the {model} model itself is not run: no generated detail)',
  sharpenSubject: 'Sharpening only the subject (needs a plain backdrop)',
  sharpenBackground: 'Sharpening only the background (needs a plain backdrop)',
  subjectNotFound: 'Sharpening only part of the image: no plain backdrop was found, so the whole image was sharpened',
  faceRegion: 'Face enhancement on the upper-centre area, where a portrait has the face (no face detection)',
  faceCreativity: 'Generated facial detail (creativity)',
  outputCapped: 'The full ×{factor}: the output was capped at {megapixels} MP (×{effective})',
  videoScaled: 'The video scaled to {size}',
  frameRate: '{fps} frames per second by repeating or dropping frames (no motion interpolation)',
  // ── Any tool ──
  promptUnused: 'The written description (the built-in engine does not read it)',
} as const;
export type PlanItemCode = keyof typeof PLAN_ITEM_TEXTS;
export const PLAN_ITEM_CODES = Object.keys(PLAN_ITEM_TEXTS) as PlanItemCode[];

export const PlanItemSchema = v.object({
  code: v.picklist(PLAN_ITEM_CODES),
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
export const PlanRefusalBodySchema = v.object({
  detail: v.string(),
  code: v.picklist(['cannotDo', 'partialPlan']),
  plan: EnginePlanSchema,
});
export type PlanRefusalBody = v.InferOutput<typeof PlanRefusalBodySchema>;

/** The most items a request may accept (more than there are codes is never needed). */
export const MAX_ACCEPTED_ITEMS = PLAN_ITEM_CODES.length;

/** `accept_not_done` of a request: the not-done items (by code) the caller agrees to go without. */
export const AcceptNotDoneSchema = v.optional(v.pipe(v.array(v.picklist(PLAN_ITEM_CODES)), v.maxLength(MAX_ACCEPTED_ITEMS)));

/** An item with its English text filled in. */
export function planItem(code: PlanItemCode, values?: Record<string, string | number>): PlanItem {
  let text: string = PLAN_ITEM_TEXTS[code];
  for (const [key, value] of Object.entries(values ?? {})) text = text.replaceAll(`{${key}}`, String(value));
  return values ? { code, text, values } : { code, text };
}

/** The items as one English line ("A; B; C"), for the refusal's message. */
export const planItemsText = (items: readonly PlanItem[]): string => items.map((item) => item.text).join('; ');

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
export const notDoneCodes = (plan: EnginePlan): PlanItemCode[] => [...new Set(plan.not_done.map((item) => item.code))];
