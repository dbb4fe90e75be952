/**
 * The media area's HTTP routes:
 * - `POST /api/media` (signed in): upload one file (multipart/form-data, see the contract); with
 *   an `Idempotency-Key` the caller already stored an asset under, the body is drained unparsed,
 *   nothing is stored, and that asset is answered (200); so is the caller's asset of identical
 *   bytes for the same use (200, `reused`: the bytes are hashed as they stream in);
 * - `GET|HEAD /api/media/:assetId/:variant?exp&sig`: a capability URL (no bearer header);
 * - `/api/assets` (signed in): the caller's library — list, one, delete.
 */
import { mkdir, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { AssetListQuerySchema, UPLOAD_IDEMPOTENCY_KEY_MAX, type UploadedAsset } from '../../src/contract/media.schema.ts';
import { MEDIA_VARIANTS, type MediaVariant } from '../../src/contract/media.ts';
import { clientAddress } from '../http/client-address.ts';
import type { Guards, UserEnv } from '../auth/middleware.ts';
import type { Attempt, RateLimiter } from '../platform/rate-limit.ts';
import { ApiError, hasCode, parseInput } from '../http/errors.ts';
import { readIdempotencyKey } from '../http/idempotency-key.ts';
import { recordIdParam } from '../http/params.ts';
import type { AppEnv } from '../http/types.ts';
import { mediaError } from './errors.ts';
import { MAX_UPLOAD_BODY_BYTES, tooLarge } from './policy.ts';
import { MULTIPART_ROOM_BYTES, type UploadLimits } from './quota.ts';
import type { MediaArea } from './service.ts';
import type { MediaUrlSigner } from './signing.ts';
import { RangeNotSatisfiableError, type ByteRange } from './storage.ts';
import { receiveUpload } from './upload.ts';

export interface MediaRoutesDeps {
  service: MediaArea;
  signer: MediaUrlSigner;
  guards: Guards;
  tempDir: string;
  /** ms since the epoch. */
  now: () => number;
}

/** What uploads need besides: the hourly limits. */
export interface UploadLimitDeps {
  /** Counts uploads against `uploadLimits` (quota.ts). */
  uploadLimiter: RateLimiter;
  uploadLimits: UploadLimits;
  /** TRUST_PROXY: whose address the per-address limits count under (clientAddress). */
  trustProxy: boolean;
}

/**
 * The request body as a Node stream. Behind the Node server the web stream reads the socket on
 * demand (pull), so memory stays bounded by the streams' buffers whatever the body's size.
 */
function requestBody(c: Context): Readable | null {
  const body = c.req.raw.body;
  return body ? Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>) : null;
}

/**
 * Reads the request body to its end (at most `maxBytes`) and drops it, so the client, still
 * sending, reads the answer instead of a reset connection. A body past the limit, or a client
 * that goes away, ends the reading; the answer is the same.
 */
async function discardBody(c: Context, maxBytes: number): Promise<void> {
  const reader = c.req.raw.body?.getReader();
  if (!reader) return;
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      bytes += value.byteLength;
      if (bytes > maxBytes) break;
    }
    await reader.cancel();
  } catch {
    // The client stopped sending: nothing more to discard.
  } finally {
    reader.releaseLock();
  }
}

/** What storing an upload needs (the upload route's deps without the guards). */
export type UploadHandlerDeps = Pick<MediaRoutesDeps, 'service' | 'tempDir'> & UploadLimitDeps;

/**
 * Stores the upload of a request for the account `userId`, whoever authenticated it (a session,
 * an API token): the asset, 201 when stored now, 200 for the replay of an Idempotency-Key or an
 * asset of identical bytes the account already has (`reused`).
 */
export type UploadHandler = (c: Context, userId: string) => Promise<{ asset: UploadedAsset; status: 200 | 201 }>;

/**
 * The upload (`POST /api/media`, and `POST /v1/media` with an API token): the streamed body, its
 * checks and limits, and the Idempotency-Key replay. The caller's guard has found the account.
 */
export function uploadHandler(deps: UploadHandlerDeps): UploadHandler {
  /**
   * Counts a received upload (once, and `bytes`) against the hourly limits of the account and
   * of the client address, before it is processed.
   * @throws MediaError 429 tooManyUploads
   */
  const countUpload = (c: Context, userId: string, bytes: number): Promise<Attempt> => {
    const address = clientAddress(c, deps.trustProxy);
    const { perAccount, bytesPerAccount, perAddress, bytesPerAddress } = deps.uploadLimits;
    return deps.uploadLimiter.attempt([
      [perAccount, userId],
      [bytesPerAccount, userId, bytes],
      [perAddress, address],
      [bytesPerAddress, address, bytes],
    ]);
  };

  return async (c, userId) => {
    c.header('Cache-Control', 'no-store');
    const key = readIdempotencyKey(c, UPLOAD_IDEMPOTENCY_KEY_MAX);
    if (key !== null) {
      // A replay of a stored upload: the file is not needed again.
      const first = await deps.service.findUpload(userId, key);
      if (first) {
        await discardBody(c, MAX_UPLOAD_BODY_BYTES);
        return { asset: { ...first, reused: false }, status: 200 };
      }
    }
    const contentType = c.req.header('content-type') ?? '';
    if (!/^multipart\/form-data\b/i.test(contentType)) throw mediaError(400, 'noFile');
    // An honest Content-Length over any limit is refused before a byte of the body is read.
    // A refused upload's unread rest is the Node server's business: it discards what arrives for
    // at most 500 ms (so the client can read the answer instead of a connection reset), then
    // closes the connection.
    const declared = Number(c.req.header('content-length'));
    if (Number.isFinite(declared) && declared > MAX_UPLOAD_BODY_BYTES) throw tooLarge(Math.floor(MAX_UPLOAD_BODY_BYTES / (1024 * 1024)));
    // So is one whose file, at least the body less its framing, cannot fit in the quota.
    if (Number.isFinite(declared) && declared > MULTIPART_ROOM_BYTES) await deps.service.checkRoom(userId, declared - MULTIPART_ROOM_BYTES);
    const body = requestBody(c);
    if (!body) throw mediaError(400, 'noFile');
    await mkdir(deps.tempDir, { recursive: true });
    const received = await receiveUpload({ body, contentType, tempDir: deps.tempDir, maxBodyBytes: MAX_UPLOAD_BODY_BYTES });
    let attempt: Attempt;
    try {
      attempt = await countUpload(c, userId, received.bytes);
    } catch (error) {
      await rm(received.tempPath, { force: true });
      if (!hasCode(error, 'tooManyUploads')) throw error;
      // A replay whose first upload was stored meanwhile is answered, never refused; so is a file
      // the library already has (nothing would be stored).
      const first = key !== null ? await deps.service.findUpload(userId, key) : null;
      if (first) return { asset: { ...first, reused: false }, status: 200 };
      const identical = await deps.service.findIdentical(userId, received);
      if (identical) return { asset: { ...identical, reused: true }, status: 200 };
      throw error;
    }
    try {
      const { asset, created, reused } = await deps.service.upload(userId, received, key);
      // The replay of an upload stored meanwhile, or a file the library already had, stored nothing: it does not count.
      if (!created) await attempt.release();
      return { asset: { ...asset, reused }, status: created ? 201 : 200 };
    } catch (error) {
      // Nothing was stored for want of room, or through our own fault: not counted either. A
      // file refused for what it is (damaged, too many pixels) was processed, and counts.
      if (!(error instanceof ApiError) || error.status >= 500 || hasCode(error, 'storageFull')) await attempt.release();
      if (error instanceof ApiError) throw error;
      // Storage or database trouble: 'Upload Failed' (docs/product-rules.md#messages-uploads), the cause in the log.
      throw mediaError(500, 'uploadFailed', { cause: error });
    }
  };
}

export function uploadRoutes(deps: MediaRoutesDeps & UploadLimitDeps): Hono<UserEnv> {
  const app = new Hono<UserEnv>();
  const upload = uploadHandler(deps);
  app.post('/', deps.guards.requireUser, async (c) => {
    const { asset, status } = await upload(c, c.get('user').id);
    return c.json(asset, status);
  });
  return app;
}

/**
 * `bytes=0-499`, `bytes=500-`, `bytes=-500` → the range; anything else (several ranges, units
 * other than bytes, nonsense) → undefined, and the whole file is served (RFC 9110 allows that).
 */
export function parseRange(header: string | undefined): ByteRange | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') return { suffix: Number(last) };
  const start = Number(first);
  if (last === '') return { start };
  const end = Number(last);
  return end >= start ? { start, end } : undefined;
}

/** `filename` for Content-Disposition: an ASCII fallback plus the UTF-8 name (RFC 6266). */
function contentDisposition(name: string): string {
  const ascii =
    name
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '_') || 'file';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Whether the job `generationId` is still shared and `assetId` still one of its results: asked on
 * every request of a community feed link (see signing.ts), so un-sharing ends those links at once.
 */
export type SharedResultCheck = (generationId: string, assetId: string) => Promise<boolean>;

export function capabilityRoutes(deps: Omit<MediaRoutesDeps, 'guards' | 'tempDir'> & { isShared?: SharedResultCheck }): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.on(['GET', 'HEAD'], '/:assetId/:variant', async (c) => {
    const assetId = c.req.param('assetId');
    const variant = c.req.param('variant') as MediaVariant;
    if (!MEDIA_VARIANTS.includes(variant)) throw mediaError(404, 'assetNotFound');
    const exp = c.req.query('exp');
    const now = deps.now();
    // The signature first: without a valid one, nothing about the asset is revealed.
    const shared = c.req.query('shared');
    if (!deps.signer.verify(assetId, variant, exp, c.req.query('sig'), now, shared)) throw mediaError(403, 'linkExpired');
    // A feed link works only while its job is shared (the owner's own links are not scoped).
    if (shared !== undefined && !(await deps.isShared?.(shared, assetId))) throw mediaError(403, 'linkExpired');
    const described = await deps.service.describeVariant(assetId, variant);
    if (!described) throw mediaError(404, 'assetNotFound');

    const maxAge = Math.max(0, Number(exp) - Math.floor(now / 1000));
    const headers: Record<string, string> = {
      'Content-Type': described.contentType,
      ETag: described.etag,
      'Accept-Ranges': 'bytes',
      // The bytes behind a path never change; the URL itself stops working at exp.
      'Cache-Control': `private, max-age=${maxAge}, immutable`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': contentDisposition(described.filename),
    };
    if (
      c.req
        .header('if-none-match')
        ?.split(',')
        .some((tag) => tag.trim() === described.etag || tag.trim() === '*')
    ) {
      return c.body(null, 304, { ETag: headers.ETag ?? '', 'Cache-Control': headers['Cache-Control'] ?? '' });
    }
    // If-Range with another validator: the client's partial copy is stale, send everything.
    const ifRange = c.req.header('if-range');
    const range = ifRange === undefined || ifRange === described.etag ? parseRange(c.req.header('range')) : undefined;

    let object;
    try {
      object = await deps.service.openVariant(described.key, range);
    } catch (error) {
      if (!(error instanceof RangeNotSatisfiableError)) throw error;
      return c.body(null, 416, { 'Content-Range': `bytes */${error.totalBytes}`, 'Accept-Ranges': 'bytes' });
    }
    if (!object) throw mediaError(404, 'assetNotFound');
    const length = object.totalBytes === 0 ? 0 : object.end - object.start + 1;
    headers['Content-Length'] = String(length);
    const status = range ? 206 : 200;
    if (range) headers['Content-Range'] = `bytes ${object.start}-${object.end}/${object.totalBytes}`;
    if (c.req.method === 'HEAD') {
      object.body.destroy();
      return c.body(null, status, headers);
    }
    return c.body(Readable.toWeb(object.body) as ReadableStream<Uint8Array>, status, headers);
  });

  return app;
}

/** The `:id` param: one that is no asset id answers like an unknown asset (404 assetNotFound). */
const assetId = (c: Context<UserEnv>): string => recordIdParam(c, 'id', () => mediaError(404, 'assetNotFound'));

export function assetRoutes(deps: Pick<MediaRoutesDeps, 'service' | 'guards'>): Hono<UserEnv> {
  const app = new Hono<UserEnv>();
  app.use(deps.guards.requireUser, async (c, next) => {
    await next();
    // Answers carry signed URLs and private data.
    c.header('Cache-Control', 'no-store');
  });

  app.get('/', async (c) => {
    const query = parseInput(AssetListQuerySchema, c.req.query());
    return c.json(await deps.service.list(c.get('user').id, query));
  });
  app.get('/:id', async (c) => c.json(await deps.service.get(c.get('user').id, assetId(c))));
  app.delete('/:id', async (c) => {
    await deps.service.remove(c.get('user').id, assetId(c));
    return c.body(null, 204);
  });
  return app;
}
