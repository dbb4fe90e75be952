/**
 * POST /v1/media, behind the API token guard: the studios' upload (`POST /api/media`: streamed,
 * type by magic bytes, size and hourly limits, its own Idempotency-Key replay), stored for the
 * token's account. Any token may upload: every service needs inputs. The asset's links are
 * absolute, so an integrator can fetch them.
 */
import { Hono } from 'hono';
import type { UploadHandler } from '../media/routes.ts';
import { originOf } from '../http/origin.ts';
import { absoluteAsset } from './generations-service.ts';
import type { ApiTokenEnv } from './types.ts';

export interface V1MediaRoutesDeps {
  /** The media area's upload (Media.upload, server/media/index.ts). */
  upload: UploadHandler;
  /** PUBLIC_URL: links are made absolute on the request's origin (server/http/origin.ts), this when it is set. */
  publicUrl: string;
}

export function v1MediaRoutes(deps: V1MediaRoutesDeps): Hono<ApiTokenEnv> {
  const app = new Hono<ApiTokenEnv>();
  app.post('/media', async (c) => {
    const { asset, status } = await deps.upload(c, c.get('apiToken').userId);
    return c.json({ ...absoluteAsset(asset, originOf(c) ?? deps.publicUrl), reused: asset.reused }, status);
  });
  return app;
}
