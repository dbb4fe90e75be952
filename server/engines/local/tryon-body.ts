/**
 * The body a try-on dresses, read from the model photo by the model runtime: MoveNet's joints
 * (shoulders, elbows, wrists, hips, knees, ankles) and the person mask. A photo whose shoulders,
 * hips, knees and ankles are not all found inside the frame is not a full-body photo (spec §5):
 * the try-on refuses it rather than stretching garments over a guess.
 *
 * Sides are the image's: `left` is the image's left, the person's right.
 */
import type { BodyPart, Keypoint, Mask, Pose } from './models/types.ts';

export interface Point {
  x: number;
  y: number;
}

/** A joint counts as found from this score (MoveNet scores a joint outside the photo ≤ 0.1). */
export const MIN_JOINT_SCORE = 0.3;
/** The joints a full-body photo shows. */
const FULL_BODY_JOINTS: readonly BodyPart[] = ['leftShoulder', 'rightShoulder', 'leftHip', 'rightHip', 'leftKnee', 'rightKnee', 'leftAnkle', 'rightAnkle'];
/** Arms are posed (sleeves, occlusion) from this score; below it they are left as they are. */
const MIN_ARM_SCORE = MIN_JOINT_SCORE;

export interface Limb {
  /** Shoulder, elbow, wrist (arm) or hip, knee, ankle (leg). */
  joints: [Point, Point, Point];
  found: boolean;
}

export interface BodyFrame {
  width: number;
  height: number;
  shoulderMid: Point;
  hipMid: Point;
  /** Unit vector from the shoulders' midpoint to the hips'. */
  down: Point;
  torsoLength: number;
  /** Unit vectors along the shoulder and hip lines, towards the image's right. */
  shoulderDir: Point;
  hipDir: Point;
  /** Between the shoulder joints, px. */
  shoulderSpan: number;
  /** The hips' outer width (px), from the mask along the hip line. */
  hipWidth: number;
  /** Head top (estimated) to ankles, px: scales blurs and margins. */
  bodyHeight: number;
  arms: { left: Limb; right: Limb };
  legs: { left: Limb; right: Limb };
  /** Arm radius (px) from the mask, upper arm and forearm. */
  armRadius: { left: [number, number]; right: [number, number] };
}

export const add = (a: Point, b: Point): Point => ({ x: a.x + b.x, y: a.y + b.y });
export const sub = (a: Point, b: Point): Point => ({ x: a.x - b.x, y: a.y - b.y });
export const scale = (a: Point, k: number): Point => ({ x: a.x * k, y: a.y * k });
export const lerp = (a: Point, b: Point, t: number): Point => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
export const dot = (a: Point, b: Point): number => a.x * b.x + a.y * b.y;
export const length = (a: Point): number => Math.hypot(a.x, a.y);
export const unit = (a: Point): Point => {
  const l = length(a);
  return l > 1e-9 ? { x: a.x / l, y: a.y / l } : { x: 0, y: 1 };
};
/** The perpendicular of a downward direction that points to the image's right. */
export const rightOf = (d: Point): Point => ({ x: d.y, y: -d.x });

/** Which full-body joints are missing (not found, or outside the frame); empty for a full-body photo. */
export function missingJoints(pose: Pose | null, width: number, height: number): BodyPart[] {
  const margin = 0.02 * Math.max(width, height);
  const inFrame = (k: Keypoint) => k.x >= -margin && k.x <= width + margin && k.y >= -margin && k.y <= height + margin;
  return FULL_BODY_JOINTS.filter((part) => {
    const k = pose?.keypoints[part];
    return !k || k.score < MIN_JOINT_SCORE || !inFrame(k);
  });
}

/** Distance (px) from `from` along `dir` while the mask stays ≥ 128 (and `stop` does not say stop), up to `max`. */
function runLength(mask: Mask, from: Point, dir: Point, max: number, stop?: (point: Point) => boolean): number {
  let d = 0;
  for (; d < max; d++) {
    const x = Math.round(from.x + dir.x * d);
    const y = Math.round(from.y + dir.y * d);
    if (x < 0 || y < 0 || x >= mask.width || y >= mask.height || mask.data[y * mask.width + x]! < 128) break;
    if (stop?.({ x, y })) break;
  }
  return d;
}

export function distanceToSegment(p: Point, a: Point, b: Point): number {
  const ab = sub(b, a);
  const t = Math.min(1, Math.max(0, dot(sub(p, a), ab) / Math.max(1e-9, dot(ab, ab))));
  return length(sub(p, add(a, scale(ab, t))));
}

/** The mask's width across a segment at its middle (px). */
function widthAcross(mask: Mask, a: Point, b: Point): number {
  const mid = lerp(a, b, 0.5);
  const across = rightOf(unit(sub(b, a)));
  const max = length(sub(b, a));
  return runLength(mask, mid, across, max) + runLength(mask, mid, scale(across, -1), max);
}

/**
 * The body frame of a full-body pose (call `missingJoints` first), measured with the person
 * mask where the joints alone do not tell (the hips' outer width, the arms' thickness).
 */
export function bodyFrame(pose: Pose, mask: Mask): BodyFrame {
  const k = pose.keypoints;
  const p = (part: BodyPart): Point => ({ x: k[part].x, y: k[part].y });
  const shoulderMid = lerp(p('leftShoulder'), p('rightShoulder'), 0.5);
  const hipMid = lerp(p('leftHip'), p('rightHip'), 0.5);
  const down = unit(sub(hipMid, shoulderMid));
  const torsoLength = length(sub(hipMid, shoulderMid));
  // The person's right is the image's left.
  const shoulderDir = unit(sub(p('leftShoulder'), p('rightShoulder')));
  const hipDir = unit(sub(p('leftHip'), p('rightHip')));
  const shoulderSpan = length(sub(p('leftShoulder'), p('rightShoulder')));
  const hipSpan = length(sub(p('leftHip'), p('rightHip')));
  const ankleMid = lerp(p('leftAnkle'), p('rightAnkle'), 0.5);
  const bodyHeight = length(sub(ankleMid, shoulderMid)) * 1.22;

  const arm = (side: 'left' | 'right'): Limb => {
    const names = side === 'left' ? (['rightShoulder', 'rightElbow', 'rightWrist'] as const) : (['leftShoulder', 'leftElbow', 'leftWrist'] as const);
    return { joints: [p(names[0]), p(names[1]), p(names[2])], found: k[names[1]].score >= MIN_ARM_SCORE && k[names[2]].score >= MIN_ARM_SCORE };
  };
  const leg = (side: 'left' | 'right'): Limb => {
    const names = side === 'left' ? (['rightHip', 'rightKnee', 'rightAnkle'] as const) : (['leftHip', 'leftKnee', 'leftAnkle'] as const);
    return { joints: [p(names[0]), p(names[1]), p(names[2])], found: true };
  };
  const arms = { left: arm('left'), right: arm('right') };
  const radius = (limb: Limb): [number, number] => {
    const [s, e, w] = limb.joints;
    const upperLength = length(sub(e, s));
    const foreLength = length(sub(w, e));
    // The mask merges an arm held against the body with it: the run is capped by proportions.
    const upper = Math.min(0.2 * upperLength, Math.max(0.08 * upperLength, widthAcross(mask, s, e) / 2));
    const fore = Math.min(upper, 0.2 * foreLength, Math.max(0.07 * foreLength, widthAcross(mask, e, w) / 2));
    return [upper, fore];
  };
  const armRadius = { left: radius(arms.left), right: radius(arms.right) };
  // The hips: the mask's run along the hip line, stopped where an arm hanging beside them
  // begins, and kept within proportions of the shoulders (hip joints sit inside the pelvis, and
  // MoveNet places them closer or wider apart from one photo to the next).
  const nearArm = (point: Point) =>
    (['left', 'right'] as const).some((side) => {
      const limb = arms[side];
      if (!limb.found) return false;
      const [sh, el, wr] = limb.joints;
      return distanceToSegment(point, lerp(sh, el, 0.5), el) < armRadius[side][0] || distanceToSegment(point, el, wr) < armRadius[side][1] * 1.2;
    });
  const hipRun = runLength(mask, hipMid, hipDir, 2 * torsoLength, nearArm) + runLength(mask, hipMid, scale(hipDir, -1), 2 * torsoLength, nearArm);
  const hipWidth = Math.min(1.15 * shoulderSpan, Math.max(0.8 * shoulderSpan, hipRun, 1.4 * hipSpan));
  return {
    width: mask.width,
    height: mask.height,
    shoulderMid,
    hipMid,
    down,
    torsoLength,
    shoulderDir,
    hipDir,
    shoulderSpan,
    hipWidth,
    bodyHeight,
    arms,
    legs: { left: leg('left'), right: leg('right') },
    armRadius,
  };
}

/** A point `d` px along a polyline from its first point (extended past its ends along their segments). */
export function along(points: readonly Point[], d: number): { point: Point; dir: Point } {
  let rest = d;
  for (let i = 0; i < points.length - 1; i++) {
    const a = points[i]!;
    const b = points[i + 1]!;
    const segment = length(sub(b, a));
    const dir = unit(sub(b, a));
    if (rest <= segment || i === points.length - 2) return { point: add(a, scale(dir, rest)), dir };
    rest -= segment;
  }
  return { point: points[0]!, dir: { x: 0, y: 1 } };
}

export function polylineLength(points: readonly Point[]): number {
  let total = 0;
  for (let i = 0; i < points.length - 1; i++) total += length(sub(points[i + 1]!, points[i]!));
  return total;
}

/**
 * Where an arm is in front of the body (0–255 a pixel, at the photo's size): capsules along the
 * arm from a third of the way down the upper arm (the shoulder itself is under the garment's
 * shoulder), or from where a sleeve drawn on it ends (`covered`, px down the arm from the
 * shoulder joint), through the elbow and the wrist to the hand, as thick as the mask says, kept
 * inside the person mask, with a 1.5 px soft edge.
 */
export function armOcclusion(body: BodyFrame, mask: Mask, covered: { left: number; right: number } = { left: 0, right: 0 }): Mask {
  const { width, height } = body;
  const out = new Uint8Array(width * height);
  for (const side of ['left', 'right'] as const) {
    const limb = body.arms[side];
    if (!limb.found) continue;
    const [s, e, w] = limb.joints;
    const [upperR, foreR] = body.armRadius[side];
    const upperLength = length(sub(e, s));
    const foreLength = length(sub(w, e));
    const hand = add(w, scale(unit(sub(w, e)), 0.4 * foreLength));
    // Where the visible arm begins, as a distance down the arm, and the capsules past it.
    const from = Math.max(0.35 * upperLength, covered[side] - 0.05 * upperLength);
    const capsules: Array<[Point, Point, number]> = [];
    if (from < upperLength) capsules.push([lerp(s, e, from / upperLength), e, upperR * 1.1]);
    if (from < upperLength + foreLength) capsules.push([from <= upperLength ? e : lerp(e, w, (from - upperLength) / foreLength), w, foreR * 1.15]);
    capsules.push([w, hand, foreR * 1.3]);
    for (const [a, b, r] of capsules) {
      const left = Math.max(0, Math.floor(Math.min(a.x, b.x) - r - 2));
      const right = Math.min(width - 1, Math.ceil(Math.max(a.x, b.x) + r + 2));
      const top = Math.max(0, Math.floor(Math.min(a.y, b.y) - r - 2));
      const bottom = Math.min(height - 1, Math.ceil(Math.max(a.y, b.y) + r + 2));
      for (let y = top; y <= bottom; y++) {
        for (let x = left; x <= right; x++) {
          const v = Math.min(1, Math.max(0, (r - distanceToSegment({ x: x + 0.5, y: y + 0.5 }, a, b)) / 1.5 + 0.5));
          if (v <= 0) continue;
          const q = y * width + x;
          out[q] = Math.max(out[q]!, Math.round(v * mask.data[q]!));
        }
      }
    }
  }
  return { data: out, width, height };
}
