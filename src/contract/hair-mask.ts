/**
 * The proposed hair mask (docs/product-rules.md#mask-editor): the hairstyle studio offers, once a
 * portrait is chosen, a mask of its hair worked out on the server by the built-in face-landmarks
 * and person-segmentation models, which the seller refines with the brush and eraser before it is
 * sent with the job like any painted mask. It is free (no credits) and limited per hour.
 *
 * Endpoint:
 * - POST /api/hairstyle/hair-mask (signed in) HairMaskRequest (./hair-mask.schema.ts): an image of
 *   the caller's library → 200 HairMaskResponse: the mask as a PNG at the photo's size, opaque
 *   grey, white where the hair is (the form the mask editor exports), base64 in JSON like every
 *   answer. 404 `assetNotFound` when the image is not the caller's or does not exist; 422
 *   `notAnImageAsset` for a video; 422 `noFaceFound` when no face is found in it; 429
 *   `tooManyProposals` past HAIR_MASK_PER_HOUR, with `retry_after_seconds` and Retry-After.
 *
 * Plain: no imports, so the studio's code that asks for a proposal carries no schema.
 */

export const HAIR_MASK_PATH = '/api/hairstyle/hair-mask';
/** Its body is one asset id: a few dozen bytes. */
export const HAIR_MASK_BODY_MAX_BYTES = 1024;
/** Proposals an account may ask for in an hour (each costs the server about half a second of models). */
export const HAIR_MASK_PER_HOUR = 120;

/** The answer (HairMaskResponseSchema checks it). */
export interface HairMaskResponse {
  /** The PNG's bytes, base64. */
  png: string;
  width: number;
  height: number;
  /** Share of the photo proposed as hair (0–1). */
  coverage: number;
}

/** The texts of the proposal's errors, by key (also the answer's `code`); the studio words them itself. */
export const HAIR_MASK_MESSAGES = {
  /** 404: no asset of the caller's library has this id. */
  assetNotFound: 'Asset not found.',
  /** 422: the asset is a video. */
  notAnImageAsset: 'Only a photo can have a hair mask proposed.',
  /** 422: the face landmarks model found no face, so nothing says where the hair is. */
  noFaceFound: 'No face could be found in this photo, so no hair area can be proposed. Please use a front-facing portrait, or paint the hair with the brush.',
  /** 429: past HAIR_MASK_PER_HOUR; the body carries `retry_after_seconds`. */
  tooManyProposals: 'Too many hair area proposals. Please try again later.',
} as const;
export type HairMaskMessageKey = keyof typeof HAIR_MASK_MESSAGES;
