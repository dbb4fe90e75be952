/**
 * The media area assembled: uploads (`POST /api/media`), capability URLs (`GET /api/media/…`),
 * the assets library (`/api/assets`), and the MediaService the generations worker uses.
 * Storage is `$DATA_DIR/media`, or the S3 bucket when `S3_*` is set; scratch files go to
 * `$DATA_DIR/tmp`.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Guards } from '../auth/middleware.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/connection.ts';
import { mountAt, type Area } from '../http/area.ts';
import type { Logger } from '../logger.ts';
import { createAuthRepository } from '../auth/repository.ts';
import { createRateLimiter } from '../platform/rate-limit.ts';
import { tooManyUploads, UPLOAD_LIMITS, type UploadLimits } from './quota.ts';
import { createMediaRepository } from './repository.ts';
import { servedVariant } from './api-asset.ts';
import { assetRoutes, capabilityRoutes, uploadHandler, uploadRoutes, type SharedResultCheck, type UploadHandler } from './routes.ts';
import { createMediaService, type MediaArea } from './service.ts';
import { profilePictureRoutes } from './profile-picture.ts';
import { PROFILE_PICTURE_PATH } from '../../src/contract/profile-picture.schema.ts';
import { createMediaUrlSigner } from './signing.ts';
import { createMediaStorage, type MediaStorage } from './storage.ts';
import type { AssetRow, MediaService } from './types.ts';

export type MediaConfig = Pick<Config, 'dataDir' | 'publicUrl' | 's3' | 'mediaUrlTtlSeconds' | 'trustProxy'>;

export interface MediaDeps {
  config: MediaConfig;
  database: Database;
  logger: Logger;
  /** The server's signing key; media URLs are signed with a key derived from it. */
  signingKey: string;
  /** ms since the epoch; tests move it. Defaults to Date.now. */
  now?: () => number;
  /** Replaces the storage the config selects (tests). */
  storage?: MediaStorage;
  /** Replace UPLOAD_LIMITS and STORAGE_QUOTA_BYTES_BY_PLAN (tests). */
  uploadLimits?: UploadLimits;
  storageQuotas?: Readonly<Record<string, number>>;
}

export interface Media {
  service: MediaService;
  /** The whole area, routes included (tests and benchmarks reach past the interface). */
  area: MediaArea;
  storage: MediaStorage;
  /**
   * The routes of `/api/media` and `/api/assets`. `isShared` answers whether a community feed link's job
   * is still shared; without it, feed links are refused.
   */
  routes(guards: Guards, isShared?: SharedResultCheck): Area;
  /** The community feed's links of a shared job's result (see signing.ts). */
  sharedUrls(asset: AssetRow, generationId: string): SharedUrls;
  /** The upload of `POST /api/media` for an account another guard found (the public API's `POST /v1/media`). */
  upload: UploadHandler;
}

export interface SharedUrls {
  url: string;
  thumbnail_url: string;
  poster_url: string | null;
}

/** Where media files live without a bucket, under DATA_DIR. */
export const MEDIA_DIR = 'media';
/** Scratch space for uploads in flight and derived files, under DATA_DIR. */
export const TEMP_DIR = 'tmp';
/** Scratch files older than this are left over from a crash, in ms (no upload takes an hour). */
const STALE_TEMP_MS = 60 * 60 * 1000;

/** Removes the media area's scratch files a crashed process left behind. */
async function sweepTemp(tempDir: string, now: number, logger: Logger): Promise<void> {
  const names = await readdir(tempDir).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith('upload-') && !name.startsWith('asset-')) continue;
    const entry = path.join(tempDir, name);
    const info = await stat(entry).catch(() => null);
    if (info && now - info.mtimeMs > STALE_TEMP_MS) {
      await rm(entry, { recursive: true, force: true }).catch((error: unknown) =>
        logger.warn({ err: error, entry }, 'could not remove a stale media scratch file'),
      );
    }
  }
}

export function createMedia(deps: MediaDeps): Media {
  const now = deps.now ?? Date.now;
  const logger = deps.logger.child({ area: 'media' });
  const tempDir = path.join(deps.config.dataDir, TEMP_DIR);
  const storage = deps.storage ?? createMediaStorage({ s3: deps.config.s3, localRoot: path.join(deps.config.dataDir, MEDIA_DIR) });
  const signer = createMediaUrlSigner(deps.signingKey, deps.config.mediaUrlTtlSeconds);
  const area = createMediaService({
    repository: createMediaRepository(deps.database),
    storage,
    signer,
    tempDir,
    publicUrl: deps.config.publicUrl,
    logger,
    now,
    ...(deps.storageQuotas ? { storageQuotas: deps.storageQuotas } : {}),
  });
  // The hourly upload limits share the auth area's limiter and its table (rate_limit_events).
  const uploadLimiter = createRateLimiter({ repository: createAuthRepository(deps.database), now, refuse: tooManyUploads });
  const uploadLimits = deps.uploadLimits ?? UPLOAD_LIMITS;
  void sweepTemp(tempDir, now(), logger);
  const uploadDeps = { service: area, tempDir, uploadLimiter, uploadLimits, trustProxy: deps.config.trustProxy };

  return {
    service: area,
    area,
    storage,
    sharedUrls(asset, generationId) {
      const at = now();
      return {
        // A free owner's result is shared watermarked, like the owner sees it.
        url: signer.signShared(asset.id, servedVariant(asset), generationId, at).path,
        thumbnail_url: signer.signShared(asset.id, 'thumbnail', generationId, at).path,
        poster_url: asset.poster_key ? signer.signShared(asset.id, 'poster', generationId, at).path : null,
      };
    },
    upload: uploadHandler(uploadDeps),
    routes: (guards, isShared) => [
      mountAt('/api/media', uploadRoutes({ ...uploadDeps, signer, guards, now })),
      mountAt('/api/media', capabilityRoutes(isShared ? { service: area, signer, now, isShared } : { service: area, signer, now })),
      mountAt('/api/assets', assetRoutes({ service: area, guards })),
      mountAt(PROFILE_PICTURE_PATH, profilePictureRoutes({ database: deps.database, service: area, guards, tempDir })),
    ],
  };
}
