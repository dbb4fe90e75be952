/**
 * The profile picture (src/contract/profile-picture.schema.ts): an uploaded photo or an image of the
 * caller's library, made into one square WebP of the photo's centre, without metadata, kept in
 * `profile_pictures` with the account and served at an address that never expires; the account's
 * `profile_picture` then holds that address.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import {
  PROFILE_PICTURE_PATH,
  PROFILE_PICTURE_SIDE,
  PROFILE_PICTURE_TYPES,
  ProfilePictureFromAssetRequestSchema,
  type ProfilePictureResponse,
} from '../../src/contract/profile-picture.schema.ts';
import type { Guards, UserEnv } from '../auth/middleware.ts';
import type { Database } from '../db/connection.ts';
import { bodyTooLarge } from '../http/body-limit.ts';
import { httpError, readJsonBody } from '../http/errors.ts';
import { profilePictureError } from './errors.ts';
import { keepProfilePicture, profilePictureBytes } from './profile-picture-repository.ts';
import type { MediaArea } from './service.ts';

/** The most pixels a photo may have (a 50-megapixel phone photo passes; a decompression bomb does not). */
const MAX_PIXELS = 60_000_000;
const FORMATS = new Set(['jpeg', 'png', 'webp']);
const FILE = /^([a-f\d]{64})\.webp$/;
const YEAR_S = 365 * 24 * 3600;

const notAnImage = () => profilePictureError(422, 'notAnImage');

/** The square picture of `input`'s centre: EXIF orientation applied, every metadata dropped, WebP. */
export async function squarePicture(input: Buffer | string): Promise<Buffer> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { failOn: 'truncated', limitInputPixels: MAX_PIXELS }).metadata()).format;
  } catch {
    throw notAnImage();
  }
  if (!format || !FORMATS.has(format)) throw notAnImage();
  try {
    return await sharp(input, { failOn: 'truncated', limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize(PROFILE_PICTURE_SIDE, PROFILE_PICTURE_SIDE, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw notAnImage();
  }
}

/** The signed-in answers are the caller's own: never kept by a cache. */
const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
};

export interface ProfilePictureDeps {
  database: Database;
  service: MediaArea;
  guards: Guards;
  /** Scratch space, for a library image kept in a bucket. */
  tempDir: string;
}

/** Keeps `picture` as the account's and points its `profile_picture` at it; answers that address. */
async function keep(database: Database, userId: string, picture: Buffer): Promise<ProfilePictureResponse> {
  const hash = createHash('sha256').update(picture).digest('hex');
  const address = `${PROFILE_PICTURE_PATH}/${userId}/${hash}.webp`;
  await keepProfilePicture(database, userId, hash, picture, address);
  return { profile_picture: address };
}

/** The body's bytes; over the route's limit (declared or counted), a 413. */
async function readBytes(c: Context): Promise<Buffer> {
  try {
    return Buffer.from(await c.req.arrayBuffer());
  } catch (error) {
    throw bodyTooLarge(c, error) ?? httpError(400, 'unreadableBody', { cause: error });
  }
}

export function profilePictureRoutes({ database, service, guards, tempDir }: ProfilePictureDeps): Hono<UserEnv> {
  const app = new Hono<UserEnv>();

  app.post('/', guards.requireUser, noStore, async (c) => {
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!(PROFILE_PICTURE_TYPES as readonly string[]).includes(type)) {
      throw profilePictureError(415, 'unsupportedType');
    }
    const bytes = await readBytes(c);
    if (bytes.byteLength === 0) throw notAnImage();
    return c.json(await keep(database, c.get('user').id, await squarePicture(bytes)));
  });

  app.post('/from-asset', guards.requireUser, noStore, async (c) => {
    const { asset_id: assetId } = await readJsonBody(c, ProfilePictureFromAssetRequestSchema);
    const userId = c.get('user').id;
    // Another account's asset is answered as one that does not exist.
    const [row] = await service.findOwned(userId, [assetId]);
    if (!row) throw profilePictureError(404, 'assetNotFound');
    if (row.media_type !== 'image') throw profilePictureError(422, 'notAnImageAsset');
    const dir = await mkdtemp(path.join(tempDir, 'asset-picture-'));
    try {
      const file = await service.materialize(row, dir);
      return c.json(await keep(database, userId, await squarePicture(await readFile(file.path))));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  app.get('/:userId/:file', async (c) => {
    const hash = FILE.exec(c.req.param('file'))?.[1];
    const userId = c.req.param('userId');
    const bytes = hash ? await profilePictureBytes(database, userId, hash) : undefined;
    if (!bytes) throw profilePictureError(404, 'pictureNotFound');
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': 'image/webp',
      'Cache-Control': `public, max-age=${YEAR_S}, immutable`,
      'X-Content-Type-Options': 'nosniff',
    });
  });
  return app;
}
