/**
 * Framing of the image-to-video camera move around the person in the photo, so that no frame of
 * the clip cuts off their head or body (docs/product-rules.md#image-to-video).
 *
 * - The subject: the person the body or face model finds (./background-removal.ts `findPerson`),
 *   as the box of the person mask, joined with the head: the face model's box raised by half its
 *   height for the hair, or, when the face is too small for it, a box around the body model's
 *   head points. A side where the mask runs off the photo (a portrait's chest, a shadow on the
 *   floor) is held by the body model's points instead, since the photo itself already cuts there.
 * - The still: the part of the photo at the frame's aspect (a cover crop) placed to hold the
 *   subject, rather than always the centre.
 * - The move: its start and end windows (square in the still's own units: one side = 1 / zoom)
 *   each moved, and enlarged when needed, to hold the subject with a small margin. The filter
 *   interpolates the window's position and size linearly between the two (one easing for all
 *   three), and the windows holding a box are a convex set, so every frame between two windows
 *   that hold the subject holds it too.
 */
import type { ModelRuntime } from './models/client.ts';
import type { ModelId } from './models/facts.ts';
import type { Pose, RgbImage } from './models/types.ts';
import { findPerson } from './background-removal.ts';
import { solidPart } from './pixels.ts';

/** A box in units of the image it lies in (0–1 on each axis). */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The camera's window in units of the still (0–1 on each axis): its top-left corner and its side, 1 / zoom. */
export interface CameraWindow {
  x: number;
  y: number;
  size: number;
}

export interface WindowPath {
  from: CameraWindow;
  to: CameraWindow;
}

/** A move's start and end, as the camera moves table gives them: zoom and position within the slack, 0–1. */
export interface MoveEnds {
  zoom: [number, number];
  x: [number, number];
  y: [number, number];
}

/** Room kept around the subject inside the window, as a share of the window's side. */
const MARGIN = 0.03;
/** A subject side this close to the photo's edge (share of the photo) runs off it. */
const EDGE = 0.02;
/** The face oval (hairline to chin) is raised by this share of its height for the hair, and widened by WIDEN a side for the ears. */
const HAIR = 0.35;
const WIDEN = 0.1;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The window at one end of a move (0 = start, 1 = end). */
export function windowAt(move: MoveEnds, end: 0 | 1): CameraWindow {
  const size = 1 / move.zoom[end];
  return { x: move.x[end] * (1 - size), y: move.y[end] * (1 - size), size };
}

/**
 * The nearest window to `window` that holds `subject` (in the still's units) with the margin,
 * inside the still: as large as the subject needs, then moved no more than it must.
 */
export function holdSubject(window: CameraWindow, subject: Box): CameraWindow {
  const width = subject.right - subject.left;
  const height = subject.bottom - subject.top;
  const span = Math.max(width, height);
  const size = Math.min(1, Math.max(window.size, span / (1 - 2 * MARGIN)));
  // The margin shrinks where the still has no room for it.
  const pad = Math.min(size * MARGIN, Math.max(0, (size - span) / 2));
  // Grown about its centre, then moved the least that holds the subject, then kept in the still.
  const grow = (start: number) => start - (size - window.size) / 2;
  const place = (start: number, low: number, high: number) => {
    // The window's start must lie within [high + pad − size, low − pad]; when the subject is too large for the window, centre on it.
    const min = high + pad - size;
    const max = low - pad;
    const held = min <= max ? clamp(start, min, max) : (low + high - size) / 2;
    return clamp(held, 0, 1 - size);
  };
  return { x: place(grow(window.x), subject.left, subject.right), y: place(grow(window.y), subject.top, subject.bottom), size };
}

/** The move's windows, each holding the subject when there is one. */
export function windowPath(move: MoveEnds, subject: Box | null): WindowPath {
  const from = windowAt(move, 0);
  const to = windowAt(move, 1);
  return subject ? { from: holdSubject(from, subject), to: holdSubject(to, subject) } : { from, to };
}

/** The window at `t` (0–1, already eased) of a path: position and size interpolated linearly. */
export function windowOn(path: WindowPath, t: number): CameraWindow {
  const lerp = (a: number, b: number) => a + (b - a) * t;
  return { x: lerp(path.from.x, path.to.x), y: lerp(path.from.y, path.to.y), size: lerp(path.from.size, path.to.size) };
}

/** Whether a window holds a box (both in the still's units), to a tolerance. */
export function holds(window: CameraWindow, box: Box, tolerance = 1e-9): boolean {
  return (
    window.x <= box.left + tolerance &&
    window.y <= box.top + tolerance &&
    window.x + window.size >= box.right - tolerance &&
    window.y + window.size >= box.bottom - tolerance
  );
}

/**
 * The part of the photo (pixels) at the frame's aspect the still is made of: as large as the
 * photo allows, centred, or placed to hold the subject (photo units) where it can, else to hold
 * the face, else centred on the subject.
 */
export function coverCrop(
  image: { width: number; height: number },
  aspect: number,
  subject: Box | null,
  face: Box | null,
): { left: number; top: number; width: number; height: number } {
  const width = Math.min(image.width, Math.round(image.height * aspect));
  const height = Math.min(image.height, Math.round(image.width / aspect));
  return {
    left: placeCrop(image.width, width, subject?.left, subject?.right, face?.left, face?.right),
    top: placeCrop(image.height, height, subject?.top, subject?.bottom, face?.top, face?.bottom),
    width,
    height,
  };
}

/** Where a crop of `span` along a side of `length` starts: centred, or holding low–high (units of the side), else the face's span, else centred on low–high. */
function placeCrop(length: number, span: number, low?: number, high?: number, faceLow?: number, faceHigh?: number): number {
  let start = (length - span) / 2;
  if (low !== undefined && high !== undefined) {
    if ((high - low) * length <= span) start = clamp(start, high * length - span, low * length);
    else if (faceLow !== undefined && faceHigh !== undefined && (faceHigh - faceLow) * length <= span)
      start = clamp(start, faceHigh * length - span, faceLow * length);
    else start = ((low + high) / 2) * length - span / 2;
  }
  return Math.round(clamp(start, 0, length - span));
}

/** A box in the photo's units re-expressed in the crop's (it may reach past 0–1 where the crop cuts it). */
export function inCrop(box: Box, crop: { left: number; top: number; width: number; height: number }, image: { width: number; height: number }): Box {
  return {
    left: (box.left * image.width - crop.left) / crop.width,
    right: (box.right * image.width - crop.left) / crop.width,
    top: (box.top * image.height - crop.top) / crop.height,
    bottom: (box.bottom * image.height - crop.top) / crop.height,
  };
}

/** Points of the body model trusted above this score. */
const HEAD_POINT_SCORE = 0.4;
/** Room around the body model's points (a joint is inside the limb), as a share of the photo's long side. */
const POINTS_PAD = 0.04;

/**
 * The head from the body model's points when the face model finds no face (a small face in a
 * full-body photo): a square around the nose, eyes and ears, its half side the larger of their
 * spread and a quarter of the shoulders' width (a head is about half as wide as the shoulders),
 * reaching 1.6 half sides above the eyes and 1.5 below.
 */
/** The head from the face model's oval (hairline to chin): raised for the hair, widened for the ears. */
export function headOfFace(oval: ReadonlyArray<readonly [number, number]>, width: number, height: number): Box {
  const xs = oval.map(([x]) => x);
  const ys = oval.map(([, y]) => y);
  const w = Math.max(...xs) - Math.min(...xs);
  const h = Math.max(...ys) - Math.min(...ys);
  return {
    left: clamp((Math.min(...xs) - w * WIDEN) / width, 0, 1),
    top: clamp((Math.min(...ys) - h * HAIR) / height, 0, 1),
    right: clamp((Math.max(...xs) + w * WIDEN) / width, 0, 1),
    bottom: clamp(Math.max(...ys) / height, 0, 1),
  };
}

export function headOfPose(pose: Pose | null, width: number, height: number): Box | null {
  if (!pose) return null;
  const k = pose.keypoints;
  const points = [k.nose, k.leftEye, k.rightEye, k.leftEar, k.rightEar].filter((point) => point.score > HEAD_POINT_SCORE);
  if (points.length < 2) return null;
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  const shoulders = k.leftShoulder.score > HEAD_POINT_SCORE && k.rightShoulder.score > HEAD_POINT_SCORE ? Math.abs(k.leftShoulder.x - k.rightShoulder.x) : 0;
  const half = Math.max((Math.max(...xs) - Math.min(...xs)) / 2, shoulders / 4, 4);
  return {
    left: clamp((cx - half) / width, 0, 1),
    top: clamp((cy - 1.6 * half) / height, 0, 1),
    right: clamp((cx + half) / width, 0, 1),
    bottom: clamp((cy + 1.5 * half) / height, 0, 1),
  };
}

/** Whether a span (crop units) lies within the crop, to a hundredth. */
const within = (low: number, high: number) => low >= -0.01 && high <= 1.01;

/**
 * What the camera holds of the subject in the crop's units: the person's box on each axis where
 * the crop holds it, else, on an axis the crop already cuts (a tall full-body photo in a 9:16
 * frame), the head's span there.
 */
export function heldInCrop(
  subject: Subject,
  crop: { left: number; top: number; width: number; height: number },
  image: { width: number; height: number },
): Box {
  const box = inCrop(subject.box, crop, image);
  const head = subject.face ? inCrop(subject.face, crop, image) : null;
  const [left, right] = within(box.left, box.right) || !head ? [box.left, box.right] : [head.left, head.right];
  const [top, bottom] = within(box.top, box.bottom) || !head ? [box.top, box.bottom] : [head.top, head.bottom];
  return { left: clamp(left, 0, 1), top: clamp(top, 0, 1), right: clamp(right, 0, 1), bottom: clamp(bottom, 0, 1) };
}

/**
 * One side of the box the camera holds: the mask's, or where the mask runs off the photo the
 * body model's points', or where they too reach the edge (the photo cuts the body there anyway)
 * the head's, else the body's centre.
 */
function heldSide(value: number, low: boolean, joint: number | undefined, head: number | undefined, centre: number): number {
  const off = (v: number) => (low ? v <= EDGE : v >= 1 - EDGE);
  if (!off(value)) return value;
  if (joint !== undefined && !off(joint)) return joint;
  return head ?? centre;
}

export interface Subject {
  /** What the camera must hold: the person, their sides that run off the photo let go (photo units). */
  box: Box;
  /** The head with room for the hair (photo units): the face model's box, else one from the body model's head points. */
  face: Box | null;
  models: ModelId[];
}

/**
 * The person in the photo, as the camera must hold them, or null when the models find none (see
 * the module comment). `image` may be a reduced copy of the photo: boxes are in its units.
 */
export async function findSubject(image: RgbImage, models: ModelRuntime, signal?: AbortSignal): Promise<Subject | null> {
  const person = await findPerson(image, models, signal);
  if (!person) return null;
  const { width, height } = person.mask;
  // A person was found, so the mask holds one (findPerson checks its share).
  const solid = solidPart(person.mask).box!;
  const body: Box = {
    left: solid.left / width,
    top: solid.top / height,
    right: (solid.left + solid.width) / width,
    bottom: (solid.top + solid.height) / height,
  };
  // The face model, else the body model's head points, give the head.
  const found = person.face ?? (await models.face(image, { signal }));
  const face: Box | null = found ? headOfFace(found.oval, width, height) : null;
  const estimate = face ?? headOfPose(person.pose, width, height);
  // The mask's top within a head's height above the head is the hair or a hat: the head reaches it.
  const head = estimate && body.top < estimate.top && body.top >= estimate.top - (estimate.bottom - estimate.top) ? { ...estimate, top: body.top } : estimate;
  // A side of the mask running off the photo is let go: the body model's points hold it instead
  // (a floor shadow that reaches the edge below the feet, a portrait's chest), else the head.
  const confident = person.pose ? Object.values(person.pose.keypoints).filter((point) => point.score > HEAD_POINT_SCORE) : [];
  const pad = POINTS_PAD * Math.max(width, height);
  const joints: Box | null =
    confident.length > 0
      ? {
          left: clamp((Math.min(...confident.map((point) => point.x)) - pad) / width, 0, 1),
          top: clamp((Math.min(...confident.map((point) => point.y)) - pad) / height, 0, 1),
          right: clamp((Math.max(...confident.map((point) => point.x)) + pad) / width, 0, 1),
          bottom: clamp((Math.max(...confident.map((point) => point.y)) + pad) / height, 0, 1),
        }
      : null;
  const middle = { x: (body.left + body.right) / 2, y: (body.top + body.bottom) / 2 };
  const box: Box = {
    left: heldSide(body.left, true, joints?.left, head?.left, middle.x),
    top: heldSide(body.top, true, joints?.top, head?.top, middle.y),
    right: heldSide(body.right, false, joints?.right, head?.right, middle.x),
    bottom: heldSide(body.bottom, false, joints?.bottom, head?.bottom, middle.y),
  };
  const held: Box = head
    ? {
        left: Math.min(box.left, head.left),
        top: Math.min(box.top, head.top),
        right: Math.max(box.right, head.right),
        bottom: Math.max(box.bottom, head.bottom),
      }
    : box;
  const ran: ModelId[] = [...new Set<ModelId>([...person.models, ...(found ? (['face'] as const) : [])])];
  return { box: held, face: head, models: ran };
}
