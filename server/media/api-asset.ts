/** An asset row as the API answers it (src/contract/media.ts `Asset`), with signed links. */
import type { Feature } from '../../src/contract/generations.ts';
import type { Asset, AssetRole, AssetWarning } from '../../src/contract/media.ts';
import type { MediaUrlSigner } from './signing.ts';
import type { AssetRow } from './types.ts';

/** Thousandths are plenty for a frame rate (29.97), and `real` columns read back as 29.969999… */
export function roundFps(fps: number | null): number | null {
  return fps === null ? null : Math.round(fps * 1000) / 1000;
}

/** An asset as the API shows it, its links signed at `now` (ms since the epoch). */
export function apiAsset(row: AssetRow, signer: MediaUrlSigner, now: number): Asset {
  const original = signer.sign(row.id, 'original', now);
  return {
    id: row.id,
    kind: row.kind,
    media_type: row.media_type,
    roles: row.roles as AssetRole[],
    mime: row.mime,
    name: row.name,
    width: row.width,
    height: row.height,
    bytes: Number(row.bytes),
    duration_seconds: row.duration_ms === null ? null : row.duration_ms / 1000,
    fps: roundFps(row.fps),
    codec: row.codec,
    source: row.source,
    generation_id: row.generation_id,
    feature: row.feature as Feature | null,
    warnings: row.warnings as AssetWarning[],
    metadata: row.metadata,
    url: original.path,
    thumbnail_url: signer.sign(row.id, 'thumbnail', now).path,
    poster_url: row.poster_key ? signer.sign(row.id, 'poster', now).path : null,
    urls_expire_at: new Date(original.exp * 1000).toISOString(),
    created_at: row.created_at.toISOString(),
  };
}
