/**
 * The media rules: turning an upload or an engine output into a stored asset (processing,
 * thumbnails, posters, the row), the library (list, get, delete, all owner-scoped), the API view
 * with signed URLs, and what a capability URL serves.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import { ASSET_PAGE_DEFAULT, type Asset, type AssetPage, type AssetSort, type AssetTool } from '../../src/contract/media.schema.ts';
import { RECOMMENDED_VIDEO_SECONDS, type AssetWarning, type MediaVariant } from '../../src/contract/media.ts';
import type { InputFile } from '../engines/types.ts';
import { hasCode } from '../http/errors.ts';
import type { Logger } from '../logger.ts';
import { apiAsset, describeVariant, roundFps } from './api-asset.ts';
import { planWatermarks } from '../billing/gates.ts';
import { decodeCursor, DAY_MS, encodeCursor, startOfDay } from './cursors.ts';
import { mediaError } from './errors.ts';
import { normaliseUpload, writeWebpPreview } from './images.ts';
import { rolesFor } from './policy.ts';
import { storageFull, storageQuotaFor, STORAGE_QUOTA_BYTES_BY_PLAN } from './quota.ts';
import { cursorOf, type AssetFilters, type MediaRepository } from './repository.ts';
import type { MediaUrlSigner } from './signing.ts';
import type { SniffedType } from './sniff.ts';
import { StagedResultsSchema, stagedKeys } from './staged.ts';
import type { ByteRange, MediaStorage, StoredObject } from './storage.ts';
import { planAsset, prepareOutput, prepareVideo, sanitiseName, withWorkDir, type Prepared } from './prepare.ts';
import type { AssetRow, MediaService, PreparedResult, StagedResult } from './types.ts';
import { contentKeyOf, type ReceivedUpload } from './upload.ts';

export interface MediaServiceDeps {
  repository: MediaRepository;
  storage: MediaStorage;
  signer: MediaUrlSigner;
  /** Scratch space on this machine ($DATA_DIR/tmp). */
  tempDir: string;
  /** Origin people (and providers) reach the server at: PUBLIC_URL. */
  publicUrl: string;
  logger: Logger;
  /** ms since the epoch. */
  now: () => number;
  /** Storage quota by plan, in bytes; STORAGE_QUOTA_BYTES_BY_PLAN unless a test passes its own. */
  storageQuotas?: Readonly<Record<string, number>>;
}

/** GET /api/assets's query, validated (AssetListQuerySchema). */
export interface ListQuery {
  kind?: AssetFilters['kind'];
  role?: AssetFilters['role'];
  q?: string | undefined;
  tool?: AssetTool | undefined;
  sort?: AssetSort | undefined;
  /** YYYY-MM-DD (UTC): created on or after that day. */
  from?: string | undefined;
  /** YYYY-MM-DD (UTC): created on or before that day. */
  to?: string | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
}

/** What a capability URL serves. */
export interface ServedVariant {
  object: StoredObject;
  contentType: string;
  /** File name for Content-Disposition. */
  filename: string;
  etag: string;
}

/** What an upload gave: the stored asset (`created`), its Idempotency-Key's earlier one, or the account's of identical bytes (`reused`, docs/product-rules.md#upload-dedupe). */
export interface Uploaded {
  asset: Asset;
  created: boolean;
  reused: boolean;
}

export interface MediaArea extends MediaService {
  /**
   * Processes and stores a received upload (its temp file is consumed). With an Idempotency-Key
   * another upload of the caller already stored (it won a race with this one), or bytes the caller
   * already has for the same use (found first, or stored meanwhile), nothing is kept and that asset is answered.
   */
  upload(userId: string, received: ReceivedUpload, idempotencyKey?: string | null): Promise<Uploaded>;
  /** The caller's asset of the received upload's bytes, for the same use, if there is one (never another account's). */
  findIdentical(userId: string, received: ReceivedUpload): Promise<Asset | null>;
  /** The caller's asset stored with this upload Idempotency-Key, if any. */
  findUpload(userId: string, idempotencyKey: string): Promise<Asset | null>;
  /**
   * Refuses a file of `bytes` that cannot fit in the caller's remaining quota (stored plus
   * reserved), before anything is read or stored. Not a reservation: the atomic check comes when
   * the upload is stored.
   * @throws MediaError 413 storageFull
   */
  checkRoom(userId: string, bytes: number): Promise<void>;
  list(userId: string, query: ListQuery): Promise<AssetPage>;
  /** @throws MediaError 404 assetNotFound, also for someone else's asset */
  get(userId: string, id: string): Promise<Asset>;
  /** @throws MediaError 404 assetNotFound, also for someone else's asset */
  remove(userId: string, id: string): Promise<void>;
  /** The row and facts a capability URL needs, or null when the asset or variant does not exist. */
  describeVariant(assetId: string, variant: MediaVariant): Promise<{ key: string; contentType: string; filename: string; etag: string } | null>;
  openVariant(key: string, range: ByteRange | undefined): Promise<StoredObject | null>;
  /**
   * Before an account is deleted: notes the keys of its stored files and returns what removes
   * them, to run once the account (and with it every asset row) is gone.
   */
  prepareErasure(userId: string): Promise<() => Promise<void>>;
}

/**
 * How long an upload's quota reservation counts if its process dies before storing the asset,
 * in ms: no upload's storing takes an hour (as the stale scratch files' age in index.ts).
 */
const RESERVATION_TTL_MS = 60 * 60 * 1000;

const notFound = () => mediaError(404, 'assetNotFound');

/** Postgres' unique_violation (PGlite reports the same code). */
const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}

export function createMediaService(deps: MediaServiceDeps): MediaArea {
  const { repository, storage, signer, logger } = deps;
  const quotas = deps.storageQuotas ?? STORAGE_QUOTA_BYTES_BY_PLAN;
  const limitFor = (plan: string) => storageQuotaFor(plan, quotas);
  const toApiAsset = (row: AssetRow): Asset => apiAsset(row, signer, deps.now());
  const toApiAssetOrNull = (row: AssetRow | undefined): Asset | null => (row ? toApiAsset(row) : null);

  /** Puts files into storage; on a failure, removes the ones already put and rethrows. */
  const putFiles = async (files: PreparedResult['files']): Promise<void> => {
    const written: string[] = [];
    try {
      for (const file of files) {
        await storage.put(file.key, { path: file.path, move: file.move }, file.mime);
        written.push(file.key);
      }
    } catch (error) {
      await storage.delete(written).catch((cleanup: unknown) => logger.warn({ err: cleanup, keys: written }, 'could not remove the files of a failed asset'));
      throw error;
    }
  };

  /**
   * Puts the prepared files into storage and inserts the row; nothing stays stored if that fails.
   * An upload reserves its room before a byte is stored, under the account's lock; a result was
   * paid for and is stored whatever the quota says (it counts all the same).
   */
  const store = async (userId: string, id: string, type: SniffedType, prepared: Prepared, row: Parameters<typeof planAsset>[5]): Promise<AssetRow> => {
    const planned = await planAsset(new Date(deps.now()), userId, id, type, prepared, row);
    let reservationId: string | null = null;
    if (row.source === 'upload') {
      const now = deps.now();
      const storedBytes = planned.row.stored_bytes;
      const reservation = await repository.reserveStorage(userId, storedBytes, limitFor, new Date(now), new Date(now + RESERVATION_TTL_MS));
      if (!reservation.ok) throw storageFull(reservation.usedBytes, reservation.limitBytes, storedBytes);
      reservationId = reservation.id;
    }
    const release = async () => {
      if (reservationId !== null)
        await repository
          .releaseReservation(reservationId)
          .catch((cleanup: unknown) => logger.warn({ err: cleanup }, 'could not release the quota reservation of a failed upload'));
    };
    try {
      await putFiles(planned.files);
    } catch (error) {
      await release();
      throw error;
    }
    try {
      return await repository.insert(planned.row, reservationId);
    } catch (error) {
      await release();
      const keys = planned.files.map((file) => file.key);
      await storage.delete(keys).catch((cleanup: unknown) => logger.warn({ err: cleanup, keys }, 'could not remove the files of a failed asset'));
      throw error;
    }
  };

  const deleteAssets = async (userId: string, ids: readonly string[]): Promise<void> => {
    const rows = await repository.deleteOwned(userId, ids);
    const keys = rows.flatMap(stagedKeys);
    // The rows are the truth: a file left behind by a storage hiccup is only wasted space.
    await storage.delete(keys).catch((error: unknown) => logger.warn({ err: error, keys }, 'could not remove the files of deleted assets'));
  };

  const checkRoom = async (userId: string, bytes: number): Promise<void> => {
    const use = await repository.storageOf(userId, new Date(deps.now()));
    const usedBytes = use.storedBytes + use.reservedBytes;
    const limitBytes = limitFor(use.plan);
    if (usedBytes + bytes > limitBytes) throw storageFull(usedBytes, limitBytes, bytes);
  };

  return {
    toApiAsset,
    checkRoom,

    async storageUse(userId) {
      const use = await repository.storageOf(userId, new Date(deps.now()));
      return { usedBytes: use.storedBytes, limitBytes: limitFor(use.plan) };
    },

    async upload(userId, received, idempotencyKey = null) {
      const id = randomUUID();
      const { type, fields } = received;
      const content = contentKeyOf(received);
      try {
        // Bytes the account already has, for the same use: that asset, nothing stored or counted again.
        const identical = await repository.findByContent(userId, content);
        if (identical) return { asset: toApiAsset(identical), created: false, reused: true };
        // The file as sent must fit before it is processed; as stored, when it is stored.
        await checkRoom(userId, received.bytes);
        const row = await withWorkDir(deps.tempDir, id, async (work) => {
          let prepared: Prepared;
          const warnings: AssetWarning[] = [];
          if (type.mediaType === 'image') {
            const original = path.join(work, `original.${type.extension}`);
            const info = await normaliseUpload(received.tempPath, type, fields.purpose, original);
            const thumbnail = path.join(work, 'thumbnail.webp');
            await writeWebpPreview(original, thumbnail);
            prepared = {
              original: { path: original, move: true },
              thumbnail,
              poster: null,
              width: info.width,
              height: info.height,
              bytes: info.bytes,
              video: null,
            };
          } else {
            // A video is stored as uploaded: re-encoding would cost minutes and quality.
            const derived = await prepareVideo(received.tempPath, type, work);
            if ((derived.video?.durationSeconds ?? 0) > RECOMMENDED_VIDEO_SECONDS) warnings.push('longVideo');
            prepared = { ...derived, original: { path: received.tempPath, move: true }, bytes: received.bytes };
          }
          return store(userId, id, type, prepared, {
            kind: type.mediaType,
            roles: rolesFor(type.mediaType, fields.role),
            name: sanitiseName(received.filename, type.extension, type.mediaType === 'image' ? 'image' : 'video'),
            source: 'upload',
            generationId: null,
            feature: null,
            uploadKey: idempotencyKey,
            contentSha256: received.sha256,
            warnings,
            metadata: { purpose: fields.purpose },
          });
        });
        return { asset: toApiAsset(row), created: true, reused: false };
      } catch (error) {
        // Another upload with this key, or of these bytes, was stored while this one was processed (store() has
        // removed this one's files): both answer that first asset, whatever the quota (it is counted already).
        if (isUniqueViolation(error) || hasCode(error, 'storageFull')) {
          const first = idempotencyKey === null ? undefined : await repository.findByUploadKey(userId, idempotencyKey);
          if (first) return { asset: toApiAsset(first), created: false, reused: false };
          const identical = await repository.findByContent(userId, content);
          if (identical) return { asset: toApiAsset(identical), created: false, reused: true };
        }
        throw error;
      } finally {
        await rm(received.tempPath, { force: true });
      }
    },

    async ingest(userId, output, options) {
      const id = randomUUID();
      return withWorkDir(deps.tempDir, id, async (work) => {
        const planned = await prepareOutput(new Date(deps.now()), userId, id, output, options, work, planWatermarks(await repository.planOf(userId)));
        await putFiles(planned.files);
        try {
          return await repository.insert(planned.row);
        } catch (error) {
          const keys = planned.files.map((file) => file.key);
          await storage.delete(keys).catch((cleanup: unknown) => logger.warn({ err: cleanup, keys }, 'could not remove the files of a failed asset'));
          throw error;
        }
      });
    },

    async prepareResult(userId, output, options, workDir) {
      const id = randomUUID();
      const work = path.join(workDir, id);
      await mkdir(work, { recursive: true });
      // The owner's plan now decides whether the result gets a watermarked copy (docs/product-rules.md#watermark).
      const { row, files } = await prepareOutput(new Date(deps.now()), userId, id, output, options, work, planWatermarks(await repository.planOf(userId)));
      const { created_at: createdAt, feature, upload_key: _uploadKey, content_sha256: _contentSha256, ...rest } = row;
      return { staged: { ...rest, feature: feature ?? null, created_at: createdAt.toISOString() }, files };
    },

    async putResults(prepared) {
      const put: PreparedResult[] = [];
      try {
        for (const result of prepared) {
          await putFiles(result.files);
          put.push(result);
        }
      } catch (error) {
        const keys = put.flatMap((result) => result.files.map((file) => file.key));
        await storage.delete(keys).catch((cleanup: unknown) => logger.warn({ err: cleanup, keys }, 'could not remove the files of failed results'));
        throw error;
      }
    },

    async resultsStored(staged) {
      for (const key of staged.flatMap(stagedKeys)) {
        const object = await storage.open(key).catch(() => null);
        if (!object) return false;
        object.body.destroy();
      }
      return true;
    },

    async attachResults(db, staged) {
      if (staged.length === 0) return;
      await repository.insertStaged(
        db,
        staged.map((row) => ({ ...row, created_at: new Date(row.created_at) })),
      );
    },

    async discardResults(staged) {
      const keys = staged.flatMap(stagedKeys);
      await storage.delete(keys);
    },

    readStaged(column) {
      if (column === null) return [];
      return v.parse(StagedResultsSchema, column) as StagedResult[];
    },

    findOwned: (userId, ids) => repository.findOwned(userId, ids),

    findIdentical: async (userId, received) => toApiAssetOrNull(await repository.findByContent(userId, contentKeyOf(received))),

    findUpload: async (userId, idempotencyKey) => toApiAssetOrNull(await repository.findByUploadKey(userId, idempotencyKey)),

    async materialize(row, dir): Promise<InputFile> {
      let file = storage.localPath(row.storage_key);
      if (!file) {
        file = path.join(dir, `${row.id}-${path.posix.basename(row.storage_key)}`);
        await storage.download(row.storage_key, file);
      }
      return {
        assetId: row.id,
        path: file,
        mime: row.mime,
        mediaType: row.media_type,
        width: row.width,
        height: row.height,
        durationSeconds: row.duration_ms === null ? null : row.duration_ms / 1000,
        fps: roundFps(row.fps),
        publicUrl: new URL(signer.sign(row.id, 'original', deps.now()).path, deps.publicUrl).toString(),
      };
    },

    deleteAssets,

    async prepareErasure(userId) {
      const keys = await repository.storageKeysOf(userId);
      return async () => {
        await storage
          .delete(keys)
          .catch((error: unknown) => logger.warn({ err: error, files: keys.length }, 'could not remove the files of a deleted account'));
      };
    },

    async list(userId, query) {
      const limit = query.limit ?? ASSET_PAGE_DEFAULT;
      const sort = query.sort ?? 'newest';
      const cursor = query.cursor ? decodeCursor(query.cursor, sort) : null;
      const filters: AssetFilters = { kind: query.kind, role: query.role, q: query.q, tool: query.tool };
      if (query.from) filters.from = startOfDay(query.from, 'from');
      // The whole `to` day: before the next midnight.
      if (query.to) filters.before = new Date(startOfDay(query.to, 'to').getTime() + DAY_MS);
      const rows = await repository.list(userId, filters, sort, cursor, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return { items: page.map(toApiAsset), next_cursor: rows.length > limit && last ? encodeCursor(cursorOf(sort, last)) : null };
    },

    async get(userId, id) {
      const [row] = await repository.findOwned(userId, [id]);
      if (!row) throw notFound();
      return toApiAsset(row);
    },

    async remove(userId, id) {
      const [row] = await repository.findOwned(userId, [id]);
      if (!row) throw notFound();
      await deleteAssets(userId, [id]);
    },

    async describeVariant(assetId, variant) {
      const row = await repository.findById(assetId);
      return row ? describeVariant(row, variant) : null;
    },

    openVariant: (key, range) => storage.open(key, range),
  };
}
