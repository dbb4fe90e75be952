/**
 * The English texts of the plan items (docs/product-rules.md#engine-plan), for API callers and
 * the server's refusals: `{placeholders}` filled from the item's values. The studios translate the
 * code instead (src/features/generations/plan/words.ts); apart from the contract's schemas so the
 * studios' first load carries no copy of them.
 *
 * Plain: imports only types of the schema module.
 */
import type { PlanItem, PlanItemCode } from './engine-plan.schema.ts';

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
  removeBackground: 'Background removal (people on any backdrop, other subjects on plain backdrops only)',
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
  garmentsPlaced:
    '{count} garment(s) fitted to the detected pose (shoulders, hips, knees; sleeves and trouser legs follow the arms and legs), shaded by the photo and kept behind the arms (fabric not re-draped)',
  // ── Body generator ──
  figureRendered: 'A stylised rendered mannequin proportioned from the body parameters (not a photographic model)',
  faceComposited: 'The face of the face photo placed on the head, aligned by its face landmarks (eyes levelled, scaled to the head) and cut to the face oval',
  faceNotFound: 'The face photo on the head: no face was found in it, so none was placed',
  hintsBeyondColourAndHair: 'The description and style hints, except an outfit colour and hair length',
  // ── Hairstyle ──
  hairRecoloured: 'Only the hair inside the brushed area (found by face landmarks and a person mask) recoloured to {colour}, its texture kept',
  hairstyleShape: 'The hairstyle itself (cut, length, shape)',
  hairNotFound: 'Recolouring only the hair: no face was found in the photo, so the whole brushed area was recoloured',
  referencePhoto: 'The hairstyle of the reference photo',
  // ── Upscaler ──
  imageEnlarged:
    'Enlarged ×{factor} by the ESRGAN slim super-resolution model on this server for photos up to {megapixels} MP (larger ones by resampling and sharpening tuned like {model}); the {model} model itself is not run',
  imageEnlargedModel: 'Enlarged ×{factor} by the ESRGAN slim super-resolution model running on this server (the {model} model itself is not run)',
  imageResampled: 'Enlarged ×{factor} by resampling and sharpening tuned like {model} (no model: no generated detail)',
  esrganSkipped: 'Super-resolution by ESRGAN: the photo ({megapixels} MP) is past the {limit} MP this server enlarges with it within the expected wait',
  esrganSlow:
    'Super-resolution by ESRGAN: the server was too busy for it to finish within the expected wait (it would have taken about {seconds} s), so the photo was resampled',
  sharpenSubject: 'Sharpening only the subject: a person found by the person-segmentation model, else a subject on a plain backdrop',
  sharpenBackground: 'Sharpening only the background: around a person found by the person-segmentation model, else around a subject on a plain backdrop',
  subjectNotFound: 'Sharpening only part of the image: no person and no plain backdrop were found, so the whole image was sharpened',
  faceRegion: 'Face enhancement (clarity) on the face found by the face-landmark model',
  noFaceToEnhance: 'Face enhancement: no face was found in the photo',
  faceCreativity: 'Generated facial detail (creativity)',
  outputCapped: 'The full ×{factor}: the output was capped at {megapixels} MP (×{effective})',
  croppedAroundSubject: 'Cropped around the face or subject found to keep the full ×{factor} within {megapixels} MP',
  croppedCentre: 'Cropped at the centre (no face or subject found) to keep the full ×{factor} within {megapixels} MP',
  videoScaled: 'The video scaled to {size}',
  frameRate: '{fps} frames per second by repeating or dropping frames (no motion interpolation)',
  // ── Any tool ──
  promptUnused: 'The written description (the built-in engine does not read it)',
  modelsRan: 'Done by models running on this server: {models}',
} as const satisfies Record<PlanItemCode, string>;

/** Every code, in the order of the texts. */
export const PLAN_ITEM_CODES = Object.keys(PLAN_ITEM_TEXTS) as PlanItemCode[];

/** An item with its English text filled in. */
export function planItem(code: PlanItemCode, values?: Record<string, string | number>): PlanItem {
  let text: string = PLAN_ITEM_TEXTS[code];
  for (const [key, value] of Object.entries(values ?? {})) text = text.replaceAll(`{${key}}`, String(value));
  return values ? { code, text, values } : { code, text };
}

/** The items as one English line ("A; B; C"), for the refusal's message. */
export const planItemsText = (items: readonly PlanItem[]): string => items.map((item) => item.text).join('; ');
