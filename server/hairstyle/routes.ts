/**
 * `POST /api/hairstyle/hair-mask` (src/contract/hair-mask.ts): the proposed hair mask of a
 * portrait of the caller's library, as the PNG the studio's mask editor starts from (base64 in JSON). The models
 * run in this process's model thread (server/engines/local/models/): free, no job, limited per
 * account and hour; another account's image answers 404 like an unknown one.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { Hono, type MiddlewareHandler } from 'hono';
import sharp from 'sharp';
import { HAIR_MASK_MESSAGES, HAIR_MASK_PER_HOUR, type HairMaskResponse } from '../../src/contract/hair-mask.ts';
import { HairMaskRequestSchema } from '../../src/contract/hair-mask.schema.ts';
import type { Guards, UserEnv } from '../auth/middleware.ts';
import { PROPOSAL_SIDE, proposeHairMask } from '../engines/local/hair-mask.ts';
import { modelCopy } from '../engines/local/pixels.ts';
import { codedErrors, readJsonBody, retryAfter } from '../http/errors.ts';
import type { Logger } from '../logger.ts';
import type { RateLimiter, RateLimitRule } from '../platform/rate-limit.ts';
import type { MediaArea } from '../media/service.ts';

const HOUR_MS = 60 * 60 * 1000;

/** The hourly limit of proposals, per account. */
export const HAIR_MASK_LIMIT: RateLimitRule = { bucket: 'hair-mask:account', limit: HAIR_MASK_PER_HOUR, windowMs: HOUR_MS };

/** The proposal's error `code`, with the contract's text for it (HAIR_MASK_MESSAGES). */
export const hairMaskError = codedErrors(HAIR_MASK_MESSAGES);

/** 429 tooManyProposals, with the seconds to wait (body and Retry-After). */
export const tooManyProposals = (seconds: number) => hairMaskError(429, 'tooManyProposals', retryAfter(seconds));

export interface HairMaskDeps {
  service: MediaArea;
  guards: Guards;
  limiter: RateLimiter;
  /** Scratch space, for an image kept in a bucket. */
  tempDir: string;
  logger: Logger;
}

/** The answer is the caller's own photo's: never kept by a cache. */
const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
};

export function hairMaskRoutes({ service, guards, limiter, tempDir, logger }: HairMaskDeps): Hono<UserEnv> {
  const app = new Hono<UserEnv>();
  app.post('/', guards.requireUser, noStore, async (c) => {
    const { image } = await readJsonBody(c, HairMaskRequestSchema);
    const userId = c.get('user').id;
    // Another account's asset is answered as one that does not exist, before anything is counted.
    const [row] = await service.findOwned(userId, [image]);
    if (!row) throw hairMaskError(404, 'assetNotFound');
    if (row.media_type !== 'image') throw hairMaskError(422, 'notAnImageAsset');
    await limiter.attempt([[HAIR_MASK_LIMIT, userId]]);
    await mkdir(tempDir, { recursive: true });
    const dir = await mkdtemp(path.join(tempDir, 'asset-hair-'));
    try {
      const file = await service.materialize(row, dir);
      // The models' copy (upright, at most PROPOSAL_SIDE long): the mask is enlarged once, below.
      const photo = await modelCopy(file.path, PROPOSAL_SIDE);
      const started = performance.now();
      const proposal = await proposeHairMask(photo, { signal: c.req.raw.signal });
      logger.info({ area: 'hairstyle', ms: Math.round(performance.now() - started), found: proposal !== null }, 'hair mask proposed');
      if (!proposal) throw hairMaskError(422, 'noFaceFound');
      // At the size the studio paints at: the asset's own (the photo shown upright).
      const width = row.width || proposal.mask.width;
      const height = row.height || proposal.mask.height;
      const png = await sharp(proposal.mask.data, { raw: { width: proposal.mask.width, height: proposal.mask.height, channels: 1 } })
        .resize(width, height, { fit: 'fill' })
        .png({ compressionLevel: 9 })
        .toBuffer();
      return c.json({ png: png.toString('base64'), width, height, coverage: Number(proposal.coverage.toFixed(4)) } satisfies HairMaskResponse);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
  return app;
}
