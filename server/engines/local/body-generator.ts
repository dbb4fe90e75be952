/**
 * Body generator, locally: a rendered virtual model, not a photo. The figure is an SVG (drawn
 * by sharp's librsvg) of a stylised, faceless mannequin-like person in fitted basics, standing
 * on a plain studio backdrop with a floor shadow, so the result can serve as a try-on model.
 *
 * Proportions follow the parameters:
 * - height: the figure's share of the frame (70% at 140 cm to 86% at 210 cm) and its head count
 *   (7.1 heads tall up to 7.8 for tall figures, a little fewer past 60 years);
 * - weight: the body mass index (kg/m²) relative to 22 widens the torso, waist, hips and limbs,
 *   each by its own power (the waist most, the shoulders least);
 * - body type: ectomorph narrower and leaner limbs, mesomorph broad shoulders and chest with a
 *   narrow waist, endomorph fuller waist, hips and limbs;
 * - gender: female and male base widths (shoulders to hips), hair length, basics (sports bra and
 *   briefs, or boxer briefs);
 * - age: grey hair from 55, a slightly fuller waist from 40;
 * - skin tone: the skin colour of each shape, shaded with gradients for roundness.
 * A face photo, when given, is found by the face landmarks model, levelled and scaled by its
 * eyes to the head and cut to its face oval, feathered (./face-overlay.ts), so neither its hair,
 * collar nor backdrop comes onto the figure. A photo in which no face is found gets no face: the
 * figure is delivered (it is what the parameters asked for) with `faceNotFound` among what was
 * not done on its plan. Failing the job instead would refund a figure that was made; the seller
 * reads on the result why the face is missing and can try another photo. Style hints and the
 * prompt are read for an outfit colour and hair length ("short hair", "tóc dài"); the rest is
 * recorded, not drawn.
 *
 * Deterministic: the same parameters (and face) give the same bytes.
 */
import { join } from 'node:path';
import sharp from 'sharp';
import type { AspectRatio, SKIN_TONES } from '../../../src/contract/generation-params.ts';
import type { GenerationRequestOf } from '../../../src/contract/generations.schema.ts';
import { findColour, OUTFIT_COLOURS, shadeHex } from '../../../src/contract/colour-words.ts';
import { fold } from '../../../src/contract/edit-vocabulary.ts';
import type { Json } from '../../db/schema.ts';
import type { EnginePlan } from '../../../src/contract/engine-plan.schema.ts';
import { planItem } from '../../../src/contract/engine-plan-texts.ts';
import { localEnginePlan } from '../../../src/contract/local-engine-plan.ts';
import { EngineError, type EngineRequest, type EngineResult } from '../types.ts';
import { faceOverlay } from './face-overlay.ts';
import { modelsRan } from './models/facts.ts';

type BodyParams = GenerationRequestOf<'body-generator'>['params'];
type SkinTone = (typeof SKIN_TONES)[number];

/** Output size per aspect ratio, px (1024 px on the short side, 1536 at most on the long one). */
export const BODY_CANVAS: Readonly<Record<AspectRatio, { width: number; height: number }>> = {
  '1:1': { width: 1024, height: 1024 },
  '3:4': { width: 960, height: 1280 },
  '4:3': { width: 1280, height: 960 },
  '2:3': { width: 1024, height: 1536 },
  '9:16': { width: 864, height: 1536 },
  '16:9': { width: 1536, height: 864 },
};

export const SKIN_COLOURS: Readonly<Record<SkinTone, string>> = {
  fair: '#f3d9c6',
  light: '#e8c3a4',
  medium: '#c99a72',
  olive: '#b08a5e',
  tan: '#a9774f',
  brown: '#7d5235',
  dark: '#4f3322',
};

/** Studio backdrop (cool grey, top to bottom): far enough from every skin tone for a clean cut-out. */
const BACKDROP_TOP = '#bcc1c9';
const BACKDROP_BOTTOM = '#b2b7bf';
const DEFAULT_OUTFIT = '#2e3138';

/** Half-widths at a BMI of 22, as fractions of the figure's height. */
const BASE_WIDTHS = {
  female: {
    shoulder: 0.118,
    chest: 0.098,
    waist: 0.076,
    hip: 0.112,
    thigh: 0.058,
    knee: 0.03,
    calf: 0.034,
    ankle: 0.017,
    upperArm: 0.026,
    forearm: 0.021,
    wrist: 0.013,
    neck: 0.032,
  },
  male: {
    shoulder: 0.135,
    chest: 0.118,
    waist: 0.092,
    hip: 0.102,
    thigh: 0.058,
    knee: 0.033,
    calf: 0.036,
    ankle: 0.019,
    upperArm: 0.031,
    forearm: 0.025,
    wrist: 0.015,
    neck: 0.04,
  },
} as const;
type Widths = { -readonly [K in keyof (typeof BASE_WIDTHS)['female']]: number };

/** Body-type multipliers of the half-widths. */
const BODY_TYPE_SHAPE: Readonly<Record<'ectomorph' | 'mesomorph' | 'endomorph', Partial<Widths> & { limbs: number }>> = {
  ectomorph: { shoulder: 0.95, chest: 0.94, waist: 0.94, hip: 0.95, limbs: 0.88 },
  mesomorph: { shoulder: 1.08, chest: 1.07, waist: 0.96, hip: 0.98, limbs: 1.07 },
  endomorph: { shoulder: 1.0, chest: 1.04, waist: 1.12, hip: 1.08, limbs: 1.1 },
};

export interface Figure {
  width: number;
  height: number;
  /** Figure height in px (head top to soles). */
  figureHeight: number;
  heads: number;
  bmi: number;
  headTop: number;
  sole: number;
  centreX: number;
  head: { cx: number; cy: number; rx: number; ry: number };
  widths: Widths;
  hairLength: 'long' | 'short';
  outfit: { hex: string; name: string };
  hintsApplied: string[];
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const n = (value: number) => value.toFixed(1);

/** Everything the drawing needs, from the parameters (pure; exported for tests). */
export function figureOf(
  params: Required<Pick<BodyParams, 'gender' | 'height' | 'weight' | 'age' | 'skin_tone' | 'body_type' | 'aspect_ratio'>> &
    Pick<BodyParams, 'prompt' | 'style_hints'>,
): Figure {
  const gender = params.gender!;
  const height = params.height!;
  const age = params.age!;
  const canvas = BODY_CANVAS[params.aspect_ratio!];
  const sole = canvas.height * 0.94;
  const figureHeight = canvas.height * (0.7 + (0.16 * clamp(height - 140, 0, 70)) / 70);
  const heads = 7.1 + 0.7 * clamp((height - 150) / 45, 0, 1) - (age > 60 ? 0.1 : 0);
  const bmi = params.weight! / (height / 100) ** 2;
  const fat = clamp(bmi / 22, 0.7, 2.2);
  const shape = BODY_TYPE_SHAPE[params.body_type!];
  const base = BASE_WIDTHS[gender];
  const ageWaist = age >= 40 ? 1.04 : 1;
  const limbs = shape.limbs;
  const widths: Widths = {
    shoulder: base.shoulder * fat ** 0.25 * (shape.shoulder ?? 1),
    chest: base.chest * fat ** 0.55 * (shape.chest ?? 1),
    waist: base.waist * fat ** 0.9 * (shape.waist ?? 1) * ageWaist,
    hip: base.hip * fat ** 0.55 * (shape.hip ?? 1),
    thigh: base.thigh * fat ** 0.6 * limbs,
    knee: base.knee * fat ** 0.4 * limbs,
    calf: base.calf * fat ** 0.4 * limbs,
    ankle: base.ankle * fat ** 0.25 * limbs,
    upperArm: base.upperArm * fat ** 0.5 * limbs,
    forearm: base.forearm * fat ** 0.45 * limbs,
    wrist: base.wrist * fat ** 0.3 * limbs,
    neck: base.neck * fat ** 0.3,
  };
  // Keep the shoulders at least as wide as the chest and the hips' reach.
  widths.shoulder = Math.max(widths.shoulder, widths.chest * 1.08);

  const text = fold([...(params.style_hints ?? []), params.prompt ?? ''].join(' , '));
  const hintsApplied: string[] = [];
  const named = findColour(text, OUTFIT_COLOURS);
  if (named) hintsApplied.push(`outfit colour: ${named.name}`);
  let hairLength: Figure['hairLength'] = gender === 'female' ? 'long' : 'short';
  if (/\b(short hair|toc ngan|toc tem|buzz cut)\b/.test(text)) hairLength = 'short';
  else if (/\b(long hair|toc dai)\b/.test(text)) hairLength = 'long';
  if (hairLength !== (gender === 'female' ? 'long' : 'short')) hintsApplied.push(`hair: ${hairLength}`);

  const headH = figureHeight / heads;
  const headTop = sole - figureHeight;
  const headW = headH * (gender === 'female' ? 0.74 : 0.78);
  return {
    ...canvas,
    figureHeight,
    heads,
    bmi,
    headTop,
    sole,
    centreX: canvas.width / 2,
    head: { cx: canvas.width / 2, cy: headTop + headH / 2, rx: headW / 2, ry: headH / 2 },
    widths,
    hairLength,
    outfit: named ?? { hex: DEFAULT_OUTFIT, name: 'charcoal' },
    hintsApplied,
  };
}

type Point = [number, number];

/** A closed smooth path through the points (Catmull-Rom turned into cubic Béziers). */
function smoothPath(points: readonly Point[]): string {
  const count = points.length;
  const at = (k: number) => points[((k % count) + count) % count]!;
  let d = `M${n(at(0)[0])} ${n(at(0)[1])}`;
  for (let k = 0; k < count; k++) {
    const [p0, p1, p2, p3] = [at(k - 1), at(k), at(k + 1), at(k + 2)];
    const c1: Point = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Point = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += ` C${n(c1[0])} ${n(c1[1])} ${n(c2[0])} ${n(c2[1])} ${n(p2[0])} ${n(p2[1])}`;
  }
  return `${d} Z`;
}

/** A limb's outline: points along its centre line with half-widths, out one side and back the other. */
function limbOutline(centre: ReadonlyArray<{ x: number; y: number; half: number }>): Point[] {
  const outer: Point[] = centre.map((c) => [c.x + c.half, c.y]);
  const inner: Point[] = centre.map((c): Point => [c.x - c.half, c.y]).toReversed();
  return [...outer, ...inner];
}

const mirror = (points: readonly Point[], cx: number): Point[] => points.map(([x, y]): Point => [2 * cx - x, y]).toReversed();

/** The figure as an SVG document (no face: a face photo is composited afterwards). */
export function figureSvg(figure: Figure, options: { skin: string; gender: 'female' | 'male'; age: number; drawHairFront: boolean }): string {
  const { width, height, figureHeight: u, centreX: cx, headTop, sole, widths: w, head } = figure;
  const y = (fraction: number) => headTop + fraction * u;
  const x = (fraction: number) => fraction * u;
  const female = options.gender === 'female';
  const shoulderY = head.cy + head.ry + 0.055 * u;
  const chestY = y(0.27);
  const waistY = y(female ? 0.385 : 0.4);
  const hipY = y(0.47);
  const crotchY = y(0.515);
  const kneeY = y(0.725);
  const calfY = y(0.8);
  const ankleY = y(0.955);
  const neckBase = head.cy + head.ry + 0.02 * u;

  // Torso: right side top to bottom, then the mirror image back up.
  const torsoRight: Point[] = [
    [cx + x(w.neck), neckBase],
    [cx + x(w.shoulder) * 0.82, shoulderY - 0.004 * u],
    [cx + x(w.shoulder) * 0.97, shoulderY + 0.02 * u],
    [cx + x(w.chest), chestY],
    [cx + x(w.waist), waistY],
    [cx + x(w.hip), hipY],
    [cx + x(w.hip) * 0.93, crotchY - 0.01 * u],
    [cx + 0.004 * u, crotchY + 0.006 * u],
  ];
  const torso = smoothPath([...torsoRight, ...mirror(torsoRight, cx)]);

  // Legs: centre line from under the hip to a stance slightly apart; a small gap between thighs.
  const leg = (side: 1 | -1) => {
    const topX = cx + side * Math.max(x(w.hip) * 0.5, x(w.thigh) + 0.004 * u);
    const footX = cx + side * Math.max(0.05 * u, x(w.ankle) * 2.2);
    const along = (t: number) => topX + (footX - topX) * t;
    const centre = [
      { x: along(0), y: hipY, half: x(w.thigh) * 1.05 },
      { x: along(0.08), y: crotchY + 0.03 * u, half: x(w.thigh) },
      { x: along(0.48), y: kneeY - 0.04 * u, half: x(w.knee) * 1.2 },
      { x: along(0.55), y: kneeY, half: x(w.knee) },
      { x: along(0.68), y: calfY, half: x(w.calf) },
      { x: along(0.95), y: ankleY, half: x(w.ankle) },
      { x: along(1), y: sole - 0.01 * u, half: x(w.ankle) * 1.05 },
    ];
    return { path: smoothPath(limbOutline(centre)), footX };
  };
  const legs = [leg(1), leg(-1)];

  // Arms hang a little away from the body, clear of the waist and hips.
  const arm = (side: 1 | -1) => {
    const shoulderX = cx + side * (x(w.shoulder) - x(w.upperArm) * 0.9);
    const elbowX = cx + side * Math.max(x(w.shoulder) - x(w.upperArm) * 0.6, x(w.waist) + x(w.upperArm) + 0.012 * u);
    const wristX = cx + side * Math.max(x(w.shoulder) + 0.012 * u, x(w.hip) + x(w.forearm) + 0.014 * u);
    const centre = [
      { x: shoulderX, y: shoulderY + 0.004 * u, half: x(w.upperArm) * 1.1 },
      { x: shoulderX + (elbowX - shoulderX) * 0.45, y: shoulderY + 0.07 * u, half: x(w.upperArm) },
      { x: elbowX, y: waistY - 0.01 * u, half: x(w.forearm) * 1.05 },
      { x: elbowX + (wristX - elbowX) * 0.45, y: waistY + 0.05 * u, half: x(w.forearm) },
      { x: wristX, y: crotchY - 0.015 * u, half: x(w.wrist) },
    ];
    // A rounded cap over the top of the arm (the deltoid) instead of a flat cut.
    const top = centre[0]!;
    return { path: smoothPath([[top.x, top.y - top.half * 0.9], ...limbOutline(centre)]), wristX };
  };
  const arms = [arm(1), arm(-1)];

  const skin = options.skin;
  const hair = options.age >= 55 ? '#8d8a86' : options.age >= 45 ? '#4a3d36' : '#2b1d16';
  const cloth = figure.outfit.hex;

  const hairBack =
    figure.hairLength === 'long'
      ? `<path d="${smoothPath([
          [head.cx, head.cy - head.ry * 1.08],
          [head.cx + head.rx * 1.2, head.cy - head.ry * 0.4],
          [head.cx + head.rx * 1.25, head.cy + head.ry * 0.8],
          [head.cx + head.rx * 1.3, shoulderY + 0.05 * u],
          [head.cx, shoulderY + 0.03 * u],
          [head.cx - head.rx * 1.3, shoulderY + 0.05 * u],
          [head.cx - head.rx * 1.25, head.cy + head.ry * 0.8],
          [head.cx - head.rx * 1.2, head.cy - head.ry * 0.4],
        ])}" fill="url(#hair)"/>`
      : '';
  const hairFront = options.drawHairFront
    ? `<path d="M${n(head.cx - head.rx * 1.05)} ${n(head.cy - head.ry * 0.05)} A${n(head.rx * 1.05)} ${n(head.ry * 1.07)} 0 0 1 ${n(head.cx + head.rx * 1.05)} ${n(head.cy - head.ry * 0.05)} Q${n(head.cx + head.rx * 0.2)} ${n(head.cy - head.ry * 0.62)} ${n(head.cx - head.rx * 1.05)} ${n(head.cy - head.ry * 0.05)} Z" fill="url(#hair)"/>`
    : '';

  const briefsTop = hipY - 0.03 * u;
  const clothing = female
    ? `<path d="${smoothPath([
        [cx - x(w.chest) * 1.01, chestY - 0.03 * u],
        [cx, chestY - 0.012 * u],
        [cx + x(w.chest) * 1.01, chestY - 0.03 * u],
        [cx + x(w.chest) * 0.98, chestY + 0.035 * u],
        [cx, chestY + 0.042 * u],
        [cx - x(w.chest) * 0.98, chestY + 0.035 * u],
      ])}" fill="url(#cloth)"/>
  <path d="${smoothPath([
    [cx - x(w.hip) * 0.99, briefsTop],
    [cx + x(w.hip) * 0.99, briefsTop],
    [cx + x(w.hip) * 0.96, hipY + 0.02 * u],
    [cx + 0.02 * u, crotchY + 0.018 * u],
    [cx - 0.02 * u, crotchY + 0.018 * u],
    [cx - x(w.hip) * 0.96, hipY + 0.02 * u],
  ])}" fill="url(#cloth)"/>`
    : `<path d="${smoothPath([
        [cx - x(w.hip) * 1.0, briefsTop - 0.01 * u],
        [cx + x(w.hip) * 1.0, briefsTop - 0.01 * u],
        [cx + x(w.hip) * 1.02, crotchY + 0.07 * u],
        [cx + 0.012 * u, crotchY + 0.075 * u],
        [cx, crotchY + 0.02 * u],
        [cx - 0.012 * u, crotchY + 0.075 * u],
        [cx - x(w.hip) * 1.02, crotchY + 0.07 * u],
      ])}" fill="url(#cloth)"/>`;

  const feet = legs
    .map((l) => `<ellipse cx="${n(l.footX)}" cy="${n(sole - 0.008 * u)}" rx="${n(x(w.ankle) * 2.1)}" ry="${n(0.014 * u)}" fill="${shadeHex(skin, 0.86)}"/>`)
    .join('');
  const hands = arms
    .map((a) => `<ellipse cx="${n(a.wristX)}" cy="${n(crotchY + 0.02 * u)}" rx="${n(x(w.wrist) * 1.35)}" ry="${n(0.042 * u)}" fill="url(#skin)"/>`)
    .join('');

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="backdrop" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${BACKDROP_TOP}"/><stop offset="1" stop-color="${BACKDROP_BOTTOM}"/></linearGradient>
    <radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.22"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
    <linearGradient id="skin" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="${shadeHex(skin, 0.76)}"/><stop offset="0.38" stop-color="${shadeHex(skin, 1.04)}"/>
      <stop offset="0.62" stop-color="${shadeHex(skin, 1.02)}"/><stop offset="1" stop-color="${shadeHex(skin, 0.72)}"/>
    </linearGradient>
    <linearGradient id="neck" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shadeHex(skin, 0.7)}"/><stop offset="0.5" stop-color="${shadeHex(skin, 0.9)}"/></linearGradient>
    <radialGradient id="face" cx="0.5" cy="0.45" r="0.6" fx="0.45" fy="0.38"><stop offset="0" stop-color="${shadeHex(skin, 1.05)}"/><stop offset="0.75" stop-color="${skin}"/><stop offset="1" stop-color="${shadeHex(skin, 0.8)}"/></radialGradient>
    <linearGradient id="hair" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shadeHex(hair, 1.25)}"/><stop offset="1" stop-color="${shadeHex(hair, 0.8)}"/></linearGradient>
    <linearGradient id="cloth" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="${shadeHex(cloth, 0.7)}"/><stop offset="0.45" stop-color="${shadeHex(cloth, 1.08)}"/><stop offset="1" stop-color="${shadeHex(cloth, 0.68)}"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#backdrop)"/>
  <ellipse cx="${n(cx)}" cy="${n(sole)}" rx="${n(x(w.hip) * 2.6)}" ry="${n(0.022 * u)}" fill="url(#shadow)"/>
  ${hairBack}
  ${legs.map((l) => `<path d="${l.path}" fill="url(#skin)"/>`).join('')}
  ${feet}
  <rect x="${n(cx - x(w.neck))}" y="${n(head.cy)}" width="${n(2 * x(w.neck))}" height="${n(neckBase - head.cy + 0.01 * u)}" fill="url(#neck)"/>
  <path d="${torso}" fill="url(#skin)"/>
  ${clothing}
  ${arms.map((a) => `<path d="${a.path}" fill="url(#skin)"/>`).join('')}
  ${hands}
  <ellipse cx="${n(head.cx - head.rx)}" cy="${n(head.cy + head.ry * 0.05)}" rx="${n(head.rx * 0.12)}" ry="${n(head.ry * 0.16)}" fill="${shadeHex(skin, 0.85)}"/>
  <ellipse cx="${n(head.cx + head.rx)}" cy="${n(head.cy + head.ry * 0.05)}" rx="${n(head.rx * 0.12)}" ry="${n(head.ry * 0.16)}" fill="${shadeHex(skin, 0.85)}"/>
  <ellipse cx="${n(head.cx)}" cy="${n(head.cy)}" rx="${n(head.rx)}" ry="${n(head.ry)}" fill="url(#face)"/>
  ${hairFront}
</svg>`;
}

export async function runBodyGenerator(request: EngineRequest<'body-generator'>): Promise<EngineResult> {
  const { params, inputs, report, signal, workDir } = request;
  const { gender, height, weight, age, skin_tone: skinTone, body_type: bodyType, aspect_ratio: aspectRatio } = params;
  if (!gender || !height || !weight || !age || !skinTone || !bodyType || !aspectRatio) throw new EngineError('bodyParametersRequired');
  report('analyzingComposition', 10);
  const figure = figureOf({
    gender,
    height,
    weight,
    age,
    skin_tone: skinTone,
    body_type: bodyType,
    aspect_ratio: aspectRatio,
    prompt: params.prompt,
    style_hints: params.style_hints,
  });
  // The hair is drawn either way: a face cut to its oval brings no hair of its own.
  const svg = figureSvg(figure, { skin: SKIN_COLOURS[skinTone], gender, age, drawHairFront: true });
  report('generatingResult', 30);
  let pipeline = sharp(Buffer.from(svg));
  const overlay = inputs.face ? await faceOverlay(inputs.face.path, figure.head, { signal }) : null;
  signal.throwIfAborted();
  if (overlay) pipeline = sharp(await pipeline.png().toBuffer()).composite([{ input: overlay.input, left: overlay.left, top: overlay.top }]);
  const models = overlay ? modelsRan(['face']) : null;
  report('generatingResult', 70);
  const name = 'body-model.png';
  const path = join(workDir, name);
  await pipeline.png({ compressionLevel: 6 }).toFile(path);
  signal.throwIfAborted();
  report('generatingResult', 100);

  const hints = [...(params.style_hints ?? []), ...(params.prompt ? [params.prompt] : [])];
  const widthsPx: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(figure.widths)) widthsPx[key] = Math.round(2 * value * figure.figureHeight);
  return {
    outputs: [{ path, mediaType: 'image', mime: 'image/png', kind: 'image', roles: ['model', 'image'], name }],
    metadata: {
      engine: 'local',
      method: 'rendered figure (SVG) proportioned from the body parameters',
      size: { width: figure.width, height: figure.height },
      figure: { heads: Number(figure.heads.toFixed(2)), bmi: Number(figure.bmi.toFixed(1)), height_px: Math.round(figure.figureHeight), widths_px: widthsPx },
      face: !inputs.face
        ? 'none'
        : overlay
          ? {
              placed: 'aligned by its face landmarks (eyes levelled, scaled by the distance between the eyes) and cut to the face oval, feathered',
              rotation_degrees: Number(overlay.rotation.toFixed(1)),
              scale: Number(overlay.scale.toFixed(3)),
            }
          : 'no face found in the face photo: none placed',
      models: overlay ? models!.labels : [],
      hints_applied: figure.hintsApplied,
      notes: [
        'Local engine: a stylised rendered mannequin, not a photographic model.',
        ...(hints.length > 0
          ? [
              `Prompt and style hints are recorded; the local engine draws only an outfit colour and hair length from them (${figure.hintsApplied.length > 0 ? figure.hintsApplied.join(', ') : 'none found'}).`,
            ]
          : []),
      ],
    },
    ...(inputs.face ? { plan: outcome(request, models) } : {}),
  };
}

/**
 * The result's plan, given a face photo: the plan accepted at submit with the face model among
 * what was done, or, when no face was found in the photo, the face's placing moved to what was not.
 */
function outcome(request: EngineRequest<'body-generator'>, models: ReturnType<typeof modelsRan> | null): EnginePlan {
  const plan = localEnginePlan({ feature: 'body-generator', inputs: { face: request.inputs.face?.assetId ?? null }, params: request.params });
  if (models) return { done: [...plan.done, models.item], not_done: plan.not_done };
  return { done: plan.done.filter((item) => item.code !== 'faceComposited'), not_done: [...plan.not_done, planItem('faceNotFound')] };
}
