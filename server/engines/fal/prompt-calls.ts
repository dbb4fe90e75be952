/**
 * The two studios whose fal input is a prompt we write: the hairstyle changer (a template's
 * description, the colour's name, and which endpoint fits the inputs: mask, reference or neither)
 * and the body generator (the measurements and style in words, the image size per aspect ratio).
 * The endpoint ids and the shape of a call are in endpoints.ts.
 */
import type { Json } from '../../db/schema.ts';
import type { AspectRatio, Hairstyle } from '../../../src/contract/generation-params.ts';
import type { GenerationRequestOf } from '../../../src/contract/generations.schema.ts';
import { FAL_ENDPOINTS, type FalCall, type Input } from './endpoints.ts';

// ── Hairstyle ─────────────────────────────────────────────────────────────────────────

/** How each template reads in a prompt. */
export const HAIRSTYLE_DESCRIPTIONS: Readonly<Record<Hairstyle, string>> = {
  'long-straight-layer': 'long straight layered hair',
  'long-loose-curls': 'long hair in loose, soft curls',
  'short-layered': 'a short layered haircut',
  'modern-bob': 'a modern chin-length bob',
  'female-mullet-layer': 'a layered feminine mullet, shorter at the front and longer at the back',
  hime: 'a hime cut: long straight hair with blunt cheek-length side locks and straight bangs',
  pixie: 'a pixie cut',
  'short-c-curl': 'a short bob with the ends curled inward in a C-curl',
  'noodle-curls': 'tight, springy noodle curls',
  'long-straight-middle-part': 'long straight hair parted in the middle',
  undercut: 'an undercut: short shaved sides with longer hair on top',
  'side-part': 'a classic side-part haircut',
  mullet: 'a mullet: short at the front and sides, long at the back',
  'short-quiff': 'a short quiff with the front swept up',
  pompadour: 'a pompadour with volume swept up and back',
  'mens-layer': "a medium-length layered men's haircut",
  'crew-cut': 'a crew cut',
  'two-block': 'a two-block cut: short clipped sides under a longer, fuller top',
  'french-crop': 'a French crop with a short textured fringe',
  mohican: 'a mohican: shaved sides with a strip of longer hair down the middle',
};

/** Hair colour names a prompt understands better than a hex code (RGB, 0-255). */
const HAIR_COLOURS: ReadonlyArray<readonly [name: string, r: number, g: number, b: number]> = [
  ['jet black', 20, 20, 22],
  ['dark brown', 59, 36, 22],
  ['chestnut brown', 110, 66, 36],
  ['light brown', 150, 105, 65],
  ['golden blonde', 212, 170, 100],
  ['platinum blonde', 230, 225, 205],
  ['copper red', 184, 90, 40],
  ['auburn', 120, 40, 30],
  ['burgundy', 100, 20, 40],
  ['grey', 140, 140, 140],
  ['silver white', 215, 215, 220],
  ['pastel pink', 240, 170, 190],
  ['purple', 110, 60, 150],
  ['blue', 40, 70, 160],
  ['green', 40, 120, 70],
];

/** The nearest named colour to `#rrggbb` (plain RGB distance: close enough for a prompt). */
export function hairColourName(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
  let best = HAIR_COLOURS[0]?.[0] ?? 'natural';
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const [name, cr, cg, cb] of HAIR_COLOURS) {
    const distance = (r - cr) ** 2 + (g - cg) ** 2 + (b - cb) ** 2;
    if (distance < bestDistance) [best, bestDistance] = [name, distance];
  }
  return best;
}

export function hairstylePrompt(params: GenerationRequestOf<'hairstyle-changer'>['params'], fromReference: boolean): string {
  const parts = [
    fromReference
      ? 'Give the person in the first image the hairstyle of the person in the second image'
      : `Change the hair to ${params.style ? HAIRSTYLE_DESCRIPTIONS[params.style] : 'the described style'}`,
    params.color ? `dyed ${hairColourName(params.color)} (close to ${params.color.toLowerCase()})` : null,
  ].filter((part): part is string => part !== null);
  let prompt = `${parts.join(', ')}. Realistic strands and natural texture, lighting matching the photo; keep the face, expression, skin and background unchanged.`;
  if (params.prompt) prompt += ` ${params.prompt}`;
  return prompt;
}

/**
 * Hairstyle. With a brush mask: FLUX Fill repaints only the white area (the mask must have the
 * photo's size; the engine resizes it). With a reference photo: Nano Banana edit over the photo
 * and the reference (it cannot take a mask: the engine leaves a given mask out and notes it). With neither:
 * Kontext's instruction edit of the whole photo.
 */
export function hairstyleCall(
  params: GenerationRequestOf<'hairstyle-changer'>['params'],
  urls: { image: string; mask: string | null; reference: string | null },
): FalCall {
  const notes: { [key: string]: Json } = { style: params.style ?? null, color: params.color ?? null };
  if (urls.reference) {
    const input = {
      prompt: hairstylePrompt(params, true),
      image_urls: [urls.image, urls.reference],
      num_images: 1,
      output_format: 'png',
    } satisfies Input<'fal-ai/nano-banana/edit'>;
    return { endpoint: FAL_ENDPOINTS.multiEdit, input, output: 'images', notes: { ...notes, mode: 'reference' } };
  }
  if (urls.mask) {
    const input = {
      image_url: urls.image,
      mask_url: urls.mask,
      prompt: hairstylePrompt(params, false),
      output_format: 'png',
    } satisfies Input<'fal-ai/flux-pro/v1/fill'>;
    return { endpoint: FAL_ENDPOINTS.inpaint, input, output: 'images', notes: { ...notes, mode: 'mask' } };
  }
  const input = { image_url: urls.image, prompt: hairstylePrompt(params, false), output_format: 'png' } satisfies Input<'fal-ai/flux-pro/kontext'>;
  return { endpoint: FAL_ENDPOINTS.edit, input, output: 'images', notes: { ...notes, mode: 'instruction' } };
}

// ── Body generator ────────────────────────────────────────────────────────────────────

/** Output size per aspect ratio, in pixels (multiples of 16, about one megapixel, as FLUX likes). */
export const BODY_IMAGE_SIZE: Readonly<Record<AspectRatio, { width: number; height: number }>> = {
  '1:1': { width: 1024, height: 1024 },
  '3:4': { width: 960, height: 1280 },
  '4:3': { width: 1280, height: 960 },
  '2:3': { width: 832, height: 1248 },
  '9:16': { width: 720, height: 1280 },
  '16:9': { width: 1280, height: 720 },
};

const BODY_TYPE_WORDS = { ectomorph: 'slim, lean', mesomorph: 'athletic, muscular', endomorph: 'full, curvy' } as const;

/** The complete body parameters (the prerequisites guarantee them). */
export interface BodyParameters {
  gender: 'female' | 'male';
  height: number;
  weight: number;
  age: number;
  skin_tone: string;
  body_type: keyof typeof BODY_TYPE_WORDS;
  aspect_ratio: AspectRatio;
  prompt?: string | undefined;
  style_hints?: string[] | undefined;
}

export function bodyPrompt(p: BodyParameters): string {
  const person = p.gender === 'female' ? 'woman' : 'man';
  let prompt =
    `Full-body fashion catalogue photo of a ${p.age}-year-old ${person}, ${p.height} cm tall, ${p.weight} kg, ` +
    `${BODY_TYPE_WORDS[p.body_type]} build, ${p.skin_tone} skin, standing in a neutral pose facing the camera, ` +
    'wearing simple fitted neutral clothes, plain light grey studio background, soft even lighting, sharp focus, head to feet in frame.';
  if (p.style_hints && p.style_hints.length > 0) prompt += ` Style: ${p.style_hints.join(', ')}.`;
  if (p.prompt) prompt += ` ${p.prompt}`;
  return prompt;
}

/**
 * Body generator: FLUX [dev] from a prompt built of the body parameters; with a face image,
 * FLUX PuLID instead, which keeps that face's identity (`reference_image_url`).
 */
export function bodyCall(p: BodyParameters, faceUrl: string | null): FalCall {
  const prompt = bodyPrompt(p);
  const imageSize = BODY_IMAGE_SIZE[p.aspect_ratio];
  const notes: { [key: string]: Json } = { aspect_ratio: p.aspect_ratio, width: imageSize.width, height: imageSize.height };
  if (faceUrl) {
    const input = { prompt, reference_image_url: faceUrl, image_size: imageSize } satisfies Input<'fal-ai/flux-pulid'>;
    return { endpoint: FAL_ENDPOINTS.identity, input, output: 'images', notes: { ...notes, model: 'flux-pulid', face: true } };
  }
  const input = { prompt, image_size: imageSize, num_images: 1, output_format: 'png' } satisfies Input<'fal-ai/flux/dev'>;
  return { endpoint: FAL_ENDPOINTS.textToImage, input, output: 'images', notes: { ...notes, model: 'flux-dev', face: false } };
}
