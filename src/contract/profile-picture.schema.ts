/**
 * The profile picture (docs/product-rules.md#profile): besides an address (PUT /api/me
 * `profile_picture`), the seller may upload a photo or pick one from the library. The server
 * makes a square thumbnail of the photo's centre (no cropping to do), without its metadata (EXIF,
 * GPS), keeps it with the account and serves it at an address that does not expire.
 *
 * Endpoints:
 * - POST /api/profile-picture             (signed in) body: the image's bytes, Content-Type one of
 *   PROFILE_PICTURE_TYPES, at most PROFILE_PICTURE_MAX_BYTES (413 past it, declared or not; 415 for
 *   another type; 422 for bytes that are not such an image) → 200 ProfilePictureResponse
 * - POST /api/profile-picture/from-asset  (signed in) ProfilePictureFromAssetRequest: an image of
 *   the caller's library (404 when it is not the caller's or does not exist; 422 for a video)
 *   → 200 ProfilePictureResponse
 * - GET  /api/profile-picture/{userId}/{hash}.webp  (no sign-in: wherever the avatar is shown) the
 *   picture, cached for a year (a new picture is a new address); 404 for any other address
 *
 * The answer's `profile_picture` is the address the account's `profile_picture` now holds.
 *
 * Imports only valibot.
 */
import * as v from 'valibot';

export const PROFILE_PICTURE_PATH = '/api/profile-picture';
export const PROFILE_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ProfilePictureType = (typeof PROFILE_PICTURE_TYPES)[number];
/** The largest photo the upload takes, in bytes (a phone photo is 2 to 6 MB). */
export const PROFILE_PICTURE_MAX_BYTES = 10 * 1024 * 1024;
/** The side of the square the server makes, in px (sharp on a 2× screen up to 128 px). */
export const PROFILE_PICTURE_SIDE = 256;

export const ProfilePictureFromAssetRequestSchema = v.object({
  asset_id: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
});
export type ProfilePictureFromAssetRequest = v.InferOutput<typeof ProfilePictureFromAssetRequestSchema>;

export const ProfilePictureResponseSchema = v.object({ profile_picture: v.string() });
export type ProfilePictureResponse = v.InferOutput<typeof ProfilePictureResponseSchema>;

/** The texts of the profile picture's errors, by key (also the answer's `code`); the page words them by status. */
export const PROFILE_PICTURE_MESSAGES = {
  /** 422: the bytes are no JPEG, PNG or WebP that decodes. */
  notAnImage: 'The file is not a JPEG, PNG or WebP image that can be read.',
  /** 415: another content type than PROFILE_PICTURE_TYPES. */
  unsupportedType: 'Send the picture as image/jpeg, image/png or image/webp.',
  /** 404: no asset of the caller's library has this id. */
  assetNotFound: 'Asset not found.',
  /** 422: the library asset is a video. */
  notAnImageAsset: 'Only an image can be a profile picture.',
  /** 404: no picture at this address. */
  pictureNotFound: 'Picture not found.',
} as const;
export type ProfilePictureMessageKey = keyof typeof PROFILE_PICTURE_MESSAGES;
