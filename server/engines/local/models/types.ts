/**
 * What the model thread takes and answers: plain pixel buffers and points in the pixels of the
 * image that was sent, so the engine's tools never see a tensor.
 */

/** Interleaved RGB, 8 bits a channel, rows top to bottom. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** One value a pixel (0 = none, 255 = all), at the size of the image it was computed for. */
export interface Mask {
  data: Uint8Array;
  width: number;
  height: number;
}

/** MoveNet's seventeen body points, in its order. */
export const BODY_PARTS = [
  'nose',
  'leftEye',
  'rightEye',
  'leftEar',
  'rightEar',
  'leftShoulder',
  'rightShoulder',
  'leftElbow',
  'rightElbow',
  'leftWrist',
  'rightWrist',
  'leftHip',
  'rightHip',
  'leftKnee',
  'rightKnee',
  'leftAnkle',
  'rightAnkle',
] as const;
export type BodyPart = (typeof BODY_PARTS)[number];

export interface Keypoint {
  x: number;
  y: number;
  /** 0–1; a joint outside the photo scores ≤ 0.1. */
  score: number;
}

export interface Pose {
  score: number;
  keypoints: Record<BodyPart, Keypoint>;
}

export interface FaceLandmarks {
  score: number;
  /** x, y, width, height in pixels. */
  box: [number, number, number, number];
  /** The 478 mesh points (x, y). */
  mesh: Array<[number, number]>;
  /** The face oval (jaw and hairline), in order around the face. */
  oval: Array<[number, number]>;
  /** Centres of the eyes as the person sees them (left = the person's left). */
  leftEye: [number, number];
  rightEye: [number, number];
}

/** Face landmarks found on a resized copy, in the pixels of an image `factor` times its size. */
export function scaleFace(face: FaceLandmarks, factor: number): FaceLandmarks {
  const scale = ([x, y]: [number, number]): [number, number] => [x * factor, y * factor];
  return {
    ...face,
    box: [face.box[0] * factor, face.box[1] * factor, face.box[2] * factor, face.box[3] * factor],
    mesh: face.mesh.map(scale),
    oval: face.oval.map(scale),
    leftEye: scale(face.leftEye),
    rightEye: scale(face.rightEye),
  };
}

/** MediaPipe's face-oval ring of mesh indices, clockwise from the top of the forehead. */
export const FACE_OVAL = [
  10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148, 176, 149, 150, 136, 172, 58, 132, 93, 234, 127, 162, 21,
  54, 103, 67, 109,
] as const;

/** The requests the model thread answers, and what each answers. */
export interface ModelOps {
  pose: { args: { image: RgbImage }; result: Pose | null };
  face: { args: { image: RgbImage }; result: FaceLandmarks | null };
  /** A person's mask at the image's size, its edges refined on the image itself. */
  personMask: { args: { image: RgbImage }; result: Mask };
  /** Any subject's mask (the ISNet add-on, when installed and turned on), at the image's size. */
  objectMask: { args: { image: RgbImage }; result: Mask };
  /** ESRGAN ×2 or ×4 in tiles; progress 0–100 as tiles finish. */
  upscale: { args: { image: RgbImage; scale: 2 | 4 }; result: RgbImage };
  /** What the thread has loaded, how long each load took, and every network attempt made. */
  status: { args: Record<string, never>; result: ModelStatus };
}
export type ModelOp = keyof ModelOps;

export interface ModelStatus {
  loaded: Record<string, number>;
  networkAttempts: string[];
}

/** What the model thread is started with. */
export interface ModelThreadData {
  /** The ISNet add-on's folder when CUTOUT_ADDON=isnet, else null. */
  isnetDir: string | null;
}

/** Main thread → model thread. */
export type ModelRequestMessage = { type: 'run'; id: number; op: ModelOp; args: unknown } | { type: 'cancel'; id: number };

/** Model thread → main thread. */
export type ModelReplyMessage =
  | { type: 'done'; id: number; result: unknown }
  | { type: 'failed'; id: number; message: string; cancelled: boolean }
  | { type: 'progress'; id: number; percent: number }
  | { type: 'loaded'; model: string; ms: number };
