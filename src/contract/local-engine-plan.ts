/**
 * What the built-in `local` engine (server/engines/local/) does of a request, decided from the
 * request alone (docs/product-rules.md#engine-plan): the server refuses or asks for acceptance
 * with it before charging, and the studios show it as the seller types, so both read one list.
 * The engine itself reads the same vocabularies (edit-vocabulary.ts, colour-words.ts and the
 * camera words below), so the plan is what it then does.
 *
 * Plain: imports only plain contract modules, and types of the schema modules.
 */
import { findColour, HAIR_COLOURS } from './colour-words.ts';
import { fold, parseEdits, type Edit } from './edit-vocabulary.ts';
import type { EnginePlan, PlanItem } from './engine-plan.schema.ts';
import { planItem } from './engine-plan-texts.ts';
import type { GenerationMessageKey } from './generation-messages.ts';
import { UPSCALE_IMAGE_MODEL_LABELS, VIDEO_MODEL_CATALOG } from './generation-params.ts';
import { DEFAULT_EXPECTED_SECONDS, type EngineName } from './expected-durations.ts';
import type { GenerationRequest, GenerationRequestOf } from './generations.schema.ts';

/** The camera moves of image to video (server/engines/local/image-to-video.ts). */
export type CameraMoveName = 'zoom-in' | 'zoom-out' | 'pan-left' | 'pan-right' | 'tilt-up' | 'tilt-down' | 'fixed';

/** Prompt words naming a camera move (folded text: no diacritics), the only words of a video prompt the engine reads. */
export const CAMERA_WORDS: ReadonlyArray<readonly [RegExp, Exclude<CameraMoveName, 'fixed'>]> = [
  [/\b(zoom in|push in|phong to|zoom vao|day vao|can canh)\b/, 'zoom-in'],
  [/\b(zoom out|pull out|pull back|thu nho|zoom ra|keo ra)\b/, 'zoom-out'],
  [/\b(pan left|lia trai|sang trai)\b/, 'pan-left'],
  [/\b(pan right|lia phai|sang phai)\b/, 'pan-right'],
  [/\b(tilt up|lia len|tu duoi len)\b/, 'tilt-up'],
  [/\b(tilt down|lia xuong|tu tren xuong)\b/, 'tilt-down'],
];

/** Words of a video prompt that ask for nothing of their own ("the camera", "please", "máy quay"). */
const CAMERA_FILLER = /\b(camera|may quay|the|a|an|please|slowly|slow|cham rai|cham|nhe nhang|va|and|then|roi)\b/g;

const percent = (amount: number): string => `${amount >= 0 ? '+' : ''}${Math.round(amount * 100)}%`;

/** One edit of the local vocabulary as a plan item. */
export function editItem(edit: Edit): PlanItem {
  switch (edit.op) {
    case 'brightness':
    case 'contrast':
    case 'saturation':
    case 'warmth':
      return planItem(edit.op, { amount: percent(edit.amount) });
    case 'crop':
      return planItem('crop', { ratio: `${edit.ratio[0]}:${edit.ratio[1]}` });
    case 'rotate':
      return planItem('rotate', { degrees: edit.degrees });
    case 'flip':
      return planItem(edit.axis === 'horizontal' ? 'flipHorizontal' : 'flipVertical');
    case 'resize':
      if (edit.longSide) return planItem('resizeLongest', { side: edit.longSide });
      if (edit.width && edit.height) return planItem('resizeBoth', { width: edit.width, height: edit.height });
      return edit.width ? planItem('resizeWidth', { width: edit.width }) : planItem('resizeHeight', { height: edit.height ?? 0 });
    default:
      return planItem(edit.op);
  }
}

function imageEditingPlan(request: GenerationRequestOf<'image-editing'>): EnginePlan {
  const parsed = parseEdits(request.params.prompt ?? '');
  const several = request.inputs.images.length > 1;
  const done = parsed.edits.map(editItem);
  if (parsed.grid && several) done.push(planItem('grid'));
  const notDone = [
    ...parsed.unsupported.map((item) => planItem(item.edit, { phrase: item.phrase })),
    ...parsed.ignored.map((phrase) => planItem('notUnderstood', { phrase })),
  ];
  if (parsed.grid && !several) notDone.push(planItem('gridNeedsImages'));
  return { done, not_done: notDone };
}

/** Whether a video prompt asks for more than a camera move. */
export function promptBeyondCamera(prompt: string): boolean {
  let rest = fold(prompt);
  for (const [pattern] of CAMERA_WORDS) rest = rest.replace(new RegExp(pattern.source, 'g'), ' ');
  return /[a-z]{2,}/.test(rest.replace(CAMERA_FILLER, ' '));
}

function imageToVideoPlan(request: GenerationRequestOf<'image-to-video'>): EnginePlan {
  const p = request.params;
  const done = [planItem('cameraMove', { seconds: p.duration, resolution: p.resolution })];
  if (p.generate_audio) done.push(planItem('ambientSound'));
  const notDone = [planItem('videoModelNotRun', { model: VIDEO_MODEL_CATALOG[p.model].label })];
  if (p.prompt && promptBeyondCamera(p.prompt)) notDone.push(planItem('promptBeyondCamera'));
  if (p.cfg_scale !== undefined) notDone.push(planItem('guidanceScale'));
  if (p.prompt_optimizer) notDone.push(planItem('promptOptimizer'));
  return { done, not_done: notDone };
}

/** The hair colour the local engine applies: the chosen one, else a colour named in the description; null when none was asked. */
export function askedHairColour(params: GenerationRequestOf<'hairstyle-changer'>['params']): string | null {
  if (params.color) return params.color.toLowerCase();
  return params.prompt ? (findColour(params.prompt, HAIR_COLOURS)?.name ?? null) : null;
}

function hairstylePlan(request: GenerationRequestOf<'hairstyle-changer'>): EnginePlan {
  const colour = askedHairColour(request.params);
  const notDone: PlanItem[] = [];
  if (request.params.style) notDone.push(planItem('hairstyleShape'));
  if (request.inputs.reference) notDone.push(planItem('referencePhoto'));
  return { done: colour ? [planItem('hairRecoloured', { colour })] : [], not_done: notDone };
}

/**
 * ESRGAN slim on the built-in engine, in seconds per input megapixel, by model scale (measured on
 * 2 cores: 1 and 2 MP inputs took 23.2 and 43.4 s at ×2, 30.3 and 58.0 s at ×4). ×3 runs the ×4
 * model, then resizes.
 */
export const ESRGAN_SECONDS_PER_INPUT_MP = { 2: 23, 4: 30 } as const;
/** The share of the upscaler's promised wait ESRGAN may take; the rest reads, detects and writes the image. */
const ESRGAN_SHARE_OF_WAIT = 0.85;

/** The seconds ESRGAN may take of an upscale: 51 s of the promised 60. */
export const esrganBudgetSeconds = (): number => DEFAULT_EXPECTED_SECONDS.local['upscaler-image'].max * ESRGAN_SHARE_OF_WAIT;

/** The ESRGAN model that serves a factor: ×2 up to 2, else ×4 (resized down to the factor). */
export const esrganScale = (factor: number): 2 | 4 => (factor <= 2 ? 2 : 4);

/**
 * The largest input ESRGAN enlarges by `factor` within the built-in engine's promised wait for
 * an upscale (the tool catalogue's figure), in megapixels, rounded down to 0.1: 2.2 MP at ×2,
 * 1.7 MP at ×3 and ×4. A larger photo is resampled instead, and the result says so.
 */
export function esrganMaxMegapixels(factor: number): number {
  return Math.floor((esrganBudgetSeconds() / ESRGAN_SECONDS_PER_INPUT_MP[esrganScale(factor)]) * 10) / 10;
}

function upscaleImagePlan(request: GenerationRequestOf<'upscaler-image'>): EnginePlan {
  const p = request.params;
  // The photo's size is not in the request: the plan names both ways, the result the one taken.
  // The model names the sharpening preset: the seller asked for an enlargement, which is done.
  const done = [planItem('imageEnlarged', { factor: p.factor, model: UPSCALE_IMAGE_MODEL_LABELS[p.model], megapixels: esrganMaxMegapixels(p.factor) })];
  if (p.subject_detection !== 'all') done.push(planItem(p.subject_detection === 'foreground' ? 'sharpenSubject' : 'sharpenBackground'));
  if (p.face_enhancement) done.push(planItem('faceRegion'));
  return { done, not_done: p.face_enhancement && p.face_enhancement_creativity > 0 ? [planItem('faceCreativity')] : [] };
}

/** The local engine's plan for a request (see the module comment). Call after `checkPrerequisites` returned null. */
export function localEnginePlan(request: GenerationRequest): EnginePlan {
  switch (request.feature) {
    case 'image-editing':
      return imageEditingPlan(request);
    case 'image-to-video':
      return imageToVideoPlan(request);
    case 'hairstyle-changer':
      return hairstylePlan(request);
    case 'upscaler-image':
      return upscaleImagePlan(request);
    case 'virtual-tryon':
      return {
        done: [planItem('garmentsPlaced', { count: request.inputs.garments.length })],
        not_done: request.params.prompt ? [planItem('promptUnused')] : [],
      };
    case 'body-generator': {
      const p = request.params;
      const done = [planItem('figureRendered')];
      if (request.inputs.face) done.push(planItem('faceComposited'));
      return { done, not_done: p.prompt || (p.style_hints?.length ?? 0) > 0 ? [planItem('hintsBeyondColourAndHair')] : [] };
    }
    case 'upscaler-video': {
      const p = request.params;
      return {
        done: [planItem('videoScaled', { size: p.target_resolution ?? `×${p.factor}` }), planItem('frameRate', { fps: p.target_fps })],
        not_done: [],
      };
    }
  }
}

/**
 * What the local engine needs beyond the contract's prerequisites, known from the request: the
 * hairstyle changer works only inside a brush mask. Null when nothing is missing.
 */
export function localEnginePrerequisite(request: GenerationRequest): GenerationMessageKey | null {
  return request.feature === 'hairstyle-changer' && !request.inputs.mask ? 'maskRequired' : null;
}

/** The plan of a request on an engine: the local engine's, or null for one that does what is asked (fal). */
export function enginePlanFor(engine: EngineName, request: GenerationRequest): EnginePlan | null {
  return engine === 'local' ? localEnginePlan(request) : null;
}
