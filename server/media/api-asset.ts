/**
 * An asset row as the API answers it (src/contract/media.ts `Asset`), with signed links, and what
 * each of its variants serves.
 *
 * The watermark (docs/product-rules.md#watermark): a result made on a watermarking plan has a
 * `watermarked` copy beside its clean `original`. While its owner's plan (`owner_plan`, kept by
 * the database from users.plan) watermarks, every link handed out for it — the owner's, the
 * community feed's — names the `watermarked` variant; the `original`'s link is never signed, and
 * a link is signed per variant, so it cannot be derived from the watermarked one. Once the owner
 * is on a plan without the watermark, the links name the clean original again (every past result
 * at once), and the watermarked copy once more if the plan lapses. Thumbnails and posters stay
 * clean: previews, too small to stand for the result.
 */
import type { Feature } from '../../src/contract/tools.ts';
import type { Asset } from '../../src/contract/media.schema.ts';
import type { AssetRole, AssetWarning, MediaVariant } from '../../src/contract/media.ts';
import { planWatermarks } from '../billing/gates.ts';
import { THUMBNAIL_MIME } from './prepare.ts';
import type { MediaUrlSigner } from './signing.ts';
import type { AssetRow } from './types.ts';

/** The variant the asset's links hand out as its file: the watermarked copy while the owner's plan watermarks. */
export function servedVariant(row: Pick<AssetRow, 'watermarked_key' | 'owner_plan'>): 'original' | 'watermarked' {
  return row.watermarked_key && planWatermarks(row.owner_plan) ? 'watermarked' : 'original';
}

/** What a capability URL of `variant` serves of the asset, or null when it has no such file. */
export function describeVariant(row: AssetRow, variant: MediaVariant): { key: string; contentType: string; filename: string; etag: string } | null {
  const key = { original: row.storage_key, watermarked: row.watermarked_key, thumbnail: row.thumbnail_key, poster: row.poster_key }[variant];
  if (!key) return null;
  // The watermarked copy is the same kind of file under the same name: what a download saves.
  const whole = variant === 'original' || variant === 'watermarked';
  const stem = row.name.replace(/\.[^.]*$/, '');
  return { key, contentType: whole ? row.mime : THUMBNAIL_MIME, filename: whole ? row.name : `${stem}-${variant}.webp`, etag: `"${row.id}.${variant}"` };
}

/** Thousandths are plenty for a frame rate (29.97), and `real` columns read back as 29.969999… */
export function roundFps(fps: number | null): number | null {
  return fps === null ? null : Math.round(fps * 1000) / 1000;
}

/** An asset as the API shows it, its links signed at `now` (ms since the epoch). */
export function apiAsset(row: AssetRow, signer: MediaUrlSigner, now: number): Asset {
  const original = signer.sign(row.id, servedVariant(row), now);
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
