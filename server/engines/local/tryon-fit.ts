/**
 * How a garment is fitted to the detected body, per category: each part of the cut-out (a top's
 * torso and sleeves, trousers' legs) gets a mapping from garment pixels to photo pixels, which
 * the mesh warp (./tryon-warp.ts) follows cell by cell.
 *
 * - Tops and outerwear hang from the neck (between the detected shoulders) down the torso, their
 *   rows turning from the shoulder line's tilt to the hip line's; their width is the body's
 *   (shoulders or hips, whichever is wider) plus ease, their length the garment's own proportion
 *   kept within the torso's range. Sleeves turn about the armhole to follow the upper arm, and a
 *   long sleeve bends at the elbow to the forearm.
 * - Dresses hang from the neck like a top and go on down the legs' midline.
 * - Bottoms sit at the waist (a little above the hip joints) across the hip line; below the
 *   crotch each leg of the garment follows its own hip → knee → ankle line. Long enough to
 *   reach the shins (trousers), they end at the ankles; shorter (shorts), at their own length.
 *   Without two legs (a skirt), the garment hangs down the legs' midline.
 */
import type { GarmentCategory } from '../../../src/contract/generation-params.ts';
import { add, along, dot, length, lerp, polylineLength, rightOf, scale, sub, unit, type BodyFrame, type Point } from './tryon-body.ts';
import { findLegs, findSleeves, GarmentShape, inSleeve, resizeGarment, type Sleeves } from './tryon-garment.ts';
import { pieceOf, type Mapping, type Piece } from './tryon-warp.ts';
import type { Raster } from './pixels.ts';

export interface Fit {
  /** Drawn first, then the arms are put back in front of them. */
  under: Piece[];
  /** Drawn over the arms (sleeves). */
  over: Piece[];
  /** Photo points of the garment's top centre (collar, waistband) and its hem centre. */
  top: Point;
  hem: Point;
  /** Garment pixels to photo pixels across the body. */
  scale: number;
  /** Which parts were posed, for the metadata. */
  posed: string[];
  /** How far down each arm (px from the shoulder joint) a posed sleeve covers it. */
  sleeveReach: { left: number; right: number };
  /**
   * Trousers and shorts: the photo row from which a gap between their legs is looked for (the
   * waistband: a flat-lay's slit between the legs may open above the crotch it is cut to); else null.
   */
  legsFrom: number | null;
}

/** Ease over the body's width: how much wider than the body a garment of the category hangs. */
const EASE: Readonly<Record<GarmentCategory, number>> = { tops: 1.08, outerwear: 1.16, dresses: 1.04, bottoms: 1.04 };
/**
 * A garment photographed flat shows half its girth; worn, a body seen from the front shows about
 * 0.8 of that across the torso (wider than deep) and 2/π across a round limb. The width fit
 * (flat width to body width) already holds the torso's 0.8, so lengths are drawn 1/0.8 = 1.25
 * times the width scale, and legs and sleeves 0.8 times as wide as the torso's scale would make them.
 */
const LENGTH_PER_WIDTH = 1.25;
const LIMB_WIDTH = 0.8;
/** Trouser legs a little wider than a sleeve's share: legs stand close, and their fabric hangs loose. */
const LEG_WIDTH = 0.9;
/** Pixels each piece reaches into its neighbour, so a seam between two pieces is never see-through. */
const SEAM_OVERLAP = 2;

const smoothstep = (t: number) => {
  const c = Math.min(1, Math.max(0, t));
  return c * c * (3 - 2 * c);
};
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
/** Perpendicular turning a direction counter-clockwise (on screen: clockwise, y down). */
const perp = (d: Point): Point => ({ x: -d.y, y: d.x });

/** The narrowest centre run (its width and row) in rows `from`–`to` (fractions), over a few rows. */
function narrowest(shape: GarmentShape, from: number, to: number): { width: number; y: number; centre: number } | null {
  let best: { width: number; y: number; centre: number } | null = null;
  for (let y = Math.floor(from * shape.height); y < Math.ceil(to * shape.height); y++) {
    const run = shape.runAt(y);
    if (!run) continue;
    const width = run.end - run.start + 1;
    if (!best || width < best.width) best = { width, y, centre: (run.start + run.end) / 2 };
  }
  return best;
}

/** The garment's width that meets the body's, and the body's width there (photo px), by category; null when the cut-out has no such part. */
function widths(shape: GarmentShape, category: GarmentCategory, body: BodyFrame): { garment: number; centre: number; body: number } | null {
  const torso = Math.max(body.hipWidth, 1.05 * body.shoulderSpan);
  if (category === 'tops' || category === 'outerwear') {
    const edges = shape.band(0.62, 0.88);
    return edges ? { garment: edges.right - edges.left + 1, centre: (edges.left + edges.right) / 2, body: torso * EASE[category] } : null;
  }
  if (category === 'dresses') {
    const waist = narrowest(shape, 0.15, 0.5);
    return waist ? { garment: waist.width, centre: waist.centre, body: 0.85 * body.hipWidth * EASE.dresses } : null;
  }
  // Bottoms: the hips (the widest row above the crotch) against the body's hips.
  const legs = findLegs(shape);
  let best: { width: number; centre: number } | null = null;
  for (let y = 0; y < (legs ? legs.crotchY : 0.35 * shape.height); y++) {
    const run = shape.runAt(y);
    if (run && (!best || run.end - run.start + 1 > best.width)) best = { width: run.end - run.start + 1, centre: (run.start + run.end) / 2 };
  }
  return best ? { garment: best.width, centre: best.centre, body: body.hipWidth * EASE.bottoms } : null;
}

/**
 * The garment fitted to the body: its pieces and their mappings. The cut-out is first resized to
 * about its size on the body.
 */
export async function fitGarment(cut: Raster, category: GarmentCategory, body: BodyFrame): Promise<Fit | null> {
  let shape = new GarmentShape(cut);
  let measured = widths(shape, category, body);
  if (!measured) return null;
  const factor = Math.min(1, (1.1 * measured.body) / measured.garment);
  if (factor < 0.95) {
    shape = new GarmentShape(await resizeGarment(cut, factor));
    measured = widths(shape, category, body);
    if (!measured) return null;
  }
  shape.centreX = measured.centre;
  const s = measured.body / measured.garment;
  return category === 'bottoms' ? fitBottoms(shape, s, body) : fitUpper(shape, category, s, body);
}

function fitUpper(shape: GarmentShape, category: GarmentCategory, s: number, body: BodyFrame): Fit {
  const { raster } = shape;
  const H = shape.height;
  const xc = shape.centreX;
  const neck = sub(body.shoulderMid, scale(body.down, 0.1 * body.torsoLength));
  const legs = body.legs;
  const kneeMid = lerp(legs.left.joints[1], legs.right.joints[1], 0.5);
  const ankleMid = lerp(legs.left.joints[2], legs.right.joints[2], 0.5);
  const spine = [neck, body.hipMid, kneeMid, ankleMid];
  const torsoSpine = length(sub(body.hipMid, neck));
  const toKnee = torsoSpine + length(sub(kneeMid, body.hipMid));
  const natural = H * s * LENGTH_PER_WIDTH;
  const garmentLength =
    category === 'tops'
      ? clamp(natural, 0.75 * torsoSpine, 1.4 * torsoSpine)
      : category === 'outerwear'
        ? clamp(natural, 0.85 * torsoSpine, toKnee)
        : clamp(natural, torsoSpine + 0.3 * (toKnee - torsoSpine), polylineLength(spine));
  const sv = garmentLength / H;
  const across = (d: number): Point => (d >= torsoSpine ? body.hipDir : unit(lerp(body.shoulderDir, body.hipDir, Math.max(0, d) / torsoSpine)));
  const torsoMap: Mapping = (x, y) => {
    const d = y * sv;
    return add(along(spine, d).point, scale(across(d), (x - xc) * s));
  };

  const sleeves = findSleeves(shape, category === 'dresses' ? { from: 0.3, to: 0.4 } : { from: 0.62, to: 0.88 }, category === 'dresses' ? 0.2 : 0.12);
  const posed: string[] = [];
  const over: Piece[] = [];
  const sleeveMaps: Array<{ side: 'left' | 'right'; map: Mapping }> = [];
  const sleeveReach = { left: 0, right: 0 };
  for (const side of ['left', 'right'] as const) {
    if (!sleeves || sleeves.armpit[side] === null) continue;
    const sleeve = sleeveMapping(shape, sleeves, side, s, torsoMap, body);
    sleeveMaps.push({ side, map: sleeve?.map ?? torsoMap });
    if (!sleeve) continue;
    posed.push(`${side} sleeve`);
    sleeveReach[side] = sleeve.reach;
  }
  for (const { side, map } of sleeveMaps) {
    const piece = pieceOf(raster, (x, y) => inSleeve(shape, sleeves!, side, x, y, SEAM_OVERLAP), map);
    if (piece) over.push(piece);
  }
  const torso = pieceOf(raster, (x, y) => !sleeveMaps.some(({ side }) => inSleeve(shape, sleeves!, side, x, y)), torsoMap);
  return { under: torso ? [torso] : [], over, top: torsoMap(xc, 0), hem: torsoMap(xc, H), scale: s, posed, sleeveReach, legsFrom: null };
}

/**
 * A sleeve turned about its armhole onto the arm: the garment's sleeve axis (armhole centre →
 * the far end of the sleeve) onto the body's (armhole → elbow, then elbow → wrist), blended from
 * the flat garment at the armhole to the arm's direction over the first part of the sleeve, so
 * the seam with the torso does not tear; and how far down the arm it reaches (px from the
 * shoulder joint). Null when the arm was not found.
 */
function sleeveMapping(
  shape: GarmentShape,
  sleeves: Sleeves,
  side: 'left' | 'right',
  s: number,
  torsoMap: Mapping,
  body: BodyFrame,
): { map: Mapping; reach: number } | null {
  const limb = body.arms[side];
  if (!limb.found) return null;
  const pit = sleeves.armpit[side]!;
  const edge = side === 'left' ? sleeves.bodyLeft : sleeves.bodyRight;
  let topAtEdge = 0;
  while (topAtEdge < pit && !shape.opaque(edge, topAtEdge)) topAtEdge++;
  const pivot = { x: edge, y: (topAtEdge + pit) / 2 };
  // The sleeve's far end: the centroid of its pixels furthest from the armhole.
  const points: Array<[number, number, number]> = [];
  let furthest = 0;
  for (let y = 0; y < shape.height; y++) {
    for (const run of shape.rows[y]!) {
      for (let x = run.start; x <= run.end; x++) {
        if (!inSleeve(shape, sleeves, side, x, y)) continue;
        const d = Math.hypot(x - pivot.x, y - pivot.y);
        furthest = Math.max(furthest, d);
        points.push([x, y, d]);
      }
    }
  }
  if (furthest < 2) return null;
  let ex = 0;
  let ey = 0;
  let n = 0;
  for (const [x, y, d] of points) {
    if (d < 0.75 * furthest) continue;
    ex += x;
    ey += y;
    n++;
  }
  const garmentAxis = unit({ x: ex / n - pivot.x, y: ey / n - pivot.y });
  const sleeveLength = Math.hypot(ex / n - pivot.x, ey / n - pivot.y);
  const start = torsoMap(pivot.x + 0.5, pivot.y + 0.5);
  const [shoulder, elbow, wrist] = limb.joints;
  const upper = unit(sub(elbow, start));
  const fore = unit(sub(wrist, elbow));
  const lengthwise = s * LENGTH_PER_WIDTH;
  const across = s * LIMB_WIDTH;
  const upperLength = length(sub(elbow, start)) / lengthwise;
  const bend = 0.15 * upperLength;
  const map: Mapping = (x, y) => {
    const r = { x: x - pivot.x - 0.5, y: y - pivot.y - 0.5 };
    const a = dot(r, garmentAxis);
    const c = dot(r, perp(garmentAxis));
    const axisPoint =
      a <= upperLength
        ? add(start, scale(upper, a * lengthwise))
        : add(add(start, scale(upper, upperLength * lengthwise)), scale(fore, (a - upperLength) * lengthwise));
    const direction = unit(lerp(upper, fore, smoothstep((a - upperLength + bend) / (2 * bend))));
    const posed = add(axisPoint, scale(perp(direction), c * across));
    return lerp(torsoMap(x, y), posed, smoothstep(a / (0.4 * sleeveLength)));
  };
  const end = map(ex / n, ey / n);
  const reach = Math.min(length(sub(end, shoulder)), length(sub(elbow, shoulder)) + dot(sub(end, elbow), fore));
  return { map, reach: Math.max(0, reach) };
}

/** Inseam over flat hip width from which bottoms are full-length trousers. */
const FULL_INSEAM = 1.2;

function fitBottoms(shape: GarmentShape, s: number, body: BodyFrame): Fit {
  const { raster } = shape;
  const H = shape.height;
  const xc = shape.centreX;
  const legs = findLegs(shape);
  const legLines = { left: body.legs.left.joints, right: body.legs.right.joints };
  const legLength = (polylineLength(legLines.left) + polylineLength(legLines.right)) / 2;
  const thigh = (length(sub(legLines.left[1], legLines.left[0])) + length(sub(legLines.right[1], legLines.right[0]))) / 2;
  // The waistband a little above the hip joints; the crotch a little below them. A flat-lay's
  // rise is measured round the crotch curve, so the rise is the body's, not the garment's.
  const waist = sub(body.hipMid, scale(body.down, 0.2 * body.torsoLength));
  const crotchDepth = 0.2 * body.torsoLength + 0.15 * thigh;
  const riseScale = legs ? crotchDepth / Math.max(1, legs.crotchY) : s * LENGTH_PER_WIDTH;
  const upperMap: Mapping = (x, y) => add(add(waist, scale(body.down, y * riseScale)), scale(body.hipDir, (x - xc) * s));

  if (!legs) {
    // A skirt: down the legs' midline, at its own length (at most to the ankles).
    const spine = [waist, lerp(legLines.left[1], legLines.right[1], 0.5), lerp(legLines.left[2], legLines.right[2], 0.5)];
    const sv = Math.min(H * s * LENGTH_PER_WIDTH, polylineLength(spine)) / H;
    const map: Mapping = (x, y) => add(along(spine, y * sv).point, scale(body.hipDir, (x - xc) * s));
    const piece = pieceOf(raster, () => true, map);
    return { under: piece ? [piece] : [], over: [], top: map(xc, 0), hem: map(xc, H), scale: s, posed: [], sleeveReach: { left: 0, right: 0 }, legsFrom: null };
  }

  const { crotchY } = legs;
  const crotch = upperMap(xc, crotchY);
  const hipRowWidth = (body.hipWidth * EASE.bottoms) / s;
  const legRows = H - crotchY;
  const maps = (['left', 'right'] as const).map((side) => {
    const line = legLines[side];
    const start = Math.max(0, dot(sub(crotch, line[0]), unit(sub(line[1], line[0]))));
    // The inseam against the hips' flat width says how far down the leg the garment goes:
    // trousers (about 1.5: 75 cm of inseam to 50 cm of hips) reach the ankles, shorts less.
    const reach = Math.min(1, legRows / hipRowWidth / FULL_INSEAM);
    const end = start + reach * (legLength * 1.03 - start);
    const sv = (end - start) / legRows;
    const centres = legs.centre[side];
    const blendRows = Math.max(2, 0.25 * legRows);
    const map: Mapping = (x, y) => {
      if (y <= crotchY) return upperMap(x, y);
      const i = Math.min(centres.length - 1, Math.max(0, Math.round(y - crotchY)));
      const at = along(line, start + (y - crotchY) * sv);
      const onLeg = add(at.point, scale(rightOf(at.dir), (x - centres[i]!) * s * LEG_WIDTH));
      return lerp(upperMap(x, y), onLeg, smoothstep((y - crotchY) / blendRows));
    };
    return { side, map };
  });
  const splitAt = (y: number) => (y < crotchY ? xc : legs.split[Math.min(legs.split.length - 1, Math.round(y - crotchY))]!);
  const under = maps
    .map(({ side, map }) => pieceOf(raster, (x, y) => (side === 'left' ? x <= splitAt(y) + SEAM_OVERLAP : x >= splitAt(y) - SEAM_OVERLAP), map))
    .filter((piece): piece is Piece => piece !== null);
  const hemLeft = maps[0]!.map(legs.centre.left.at(-1)!, H);
  const hemRight = maps[1]!.map(legs.centre.right.at(-1)!, H);
  return {
    under,
    over: [],
    top: upperMap(xc, 0),
    hem: lerp(hemLeft, hemRight, 0.5),
    scale: s,
    posed: ['left leg', 'right leg'],
    sleeveReach: { left: 0, right: 0 },
    legsFrom: upperMap(xc, 0).y,
  };
}
