/**
 * Turning a file into an asset: its stored name, the derived files (thumbnail, and a video's
 * poster and probe) written into a scratch folder, and the asset's row and the files to put,
 * at the keys under `<user>/<asset id>/` (server/media/service.ts stores them).
 */
import { open as openFile, mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { FOUR_K_PIXELS } from '../../src/contract/generation-params.ts';
import type { Feature } from '../../src/contract/tools.ts';
import type { AssetKind, AssetRole, AssetWarning } from '../../src/contract/media.ts';
import type { Json } from '../db/schema.ts';
import type { EngineOutput } from '../engines/types.ts';
import { POSTER_SIDE_PX, probeImage, writeWebpPreview } from './images.ts';
import type { NewAsset } from './repository.ts';
import { SNIFF_BYTES, sniffType, type SniffedType } from './sniff.ts';
import type { IngestOptions, PreparedResult } from './types.ts';
import { extractFrame, probeVideo, type VideoInfo } from './video.ts';
import { watermarkImage, watermarkVideo } from './watermark.ts';

/** An asset's row and the files to put for it. */
export interface PlannedAsset {
  row: NewAsset;
  files: PreparedResult['files'];
}

/** Longest stored file name, in characters (extension included). */
const MAX_NAME_LENGTH = 120;

/**
 * A file name fit to store and show: the last path segment, without control or bidi-override
 * characters, trimmed, with the extension of the type the bytes really are.
 */
export function sanitiseName(raw: string, extension: string, fallback: string): string {
  const segment = raw.normalize('NFC').split(/[/\\]/).at(-1) ?? '';
  const cleaned = segment
    .replace(/[\p{Cc}\p{Cf}\p{Co}\p{Cn}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const dot = cleaned.lastIndexOf('.');
  const stem = (dot > 0 ? cleaned.slice(0, dot) : cleaned).trim();
  const room = MAX_NAME_LENGTH - extension.length - 1;
  const short = [...stem].slice(0, room).join('').trim();
  return `${short || fallback}.${extension}`;
}

export async function readHead(file: string): Promise<Buffer> {
  const handle = await openFile(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export const THUMBNAIL_MIME = 'image/webp';

export interface Prepared {
  /** Files to store, each moved (or copied) into storage. */
  original: { path: string; move: boolean };
  thumbnail: string;
  poster: string | null;
  /** The copy carrying the watermark (a result of a watermarking plan), stored beside the original. */
  watermarked?: string | null;
  width: number;
  height: number;
  bytes: number;
  video: VideoInfo | null;
}

/** Probe, poster and thumbnail of a video, derived files in `work`. */
export async function prepareVideo(source: string, type: SniffedType, work: string): Promise<Omit<Prepared, 'original' | 'bytes'>> {
  const info = await probeVideo(source, type);
  const frame = path.join(work, 'frame.png');
  await extractFrame(source, info.durationSeconds, frame);
  const poster = path.join(work, 'poster.webp');
  const thumbnail = path.join(work, 'thumbnail.webp');
  await writeWebpPreview(frame, poster, POSTER_SIDE_PX);
  await writeWebpPreview(frame, thumbnail);
  return { thumbnail, poster, width: info.width, height: info.height, video: info };
}

/** The row of an asset and the files to put for it, at the keys under `<user>/<asset id>/`, created `now`. */
export async function planAsset(
  now: Date,
  userId: string,
  id: string,
  type: SniffedType,
  prepared: Prepared,
  row: {
    kind: AssetKind;
    roles: AssetRole[];
    name: string;
    source: 'upload' | 'generation';
    generationId: string | null;
    feature: Feature | null;
    uploadKey: string | null;
    /** An upload's SHA-256 (hex) of the bytes as sent; none for results. */
    contentSha256?: string | null;
    warnings: AssetWarning[];
    metadata: { [key: string]: Json };
  },
): Promise<PlannedAsset> {
  const base = `${userId}/${id}`;
  const keys = {
    original: `${base}/original.${type.extension}`,
    thumbnail: `${base}/thumbnail.webp`,
    poster: prepared.poster ? `${base}/poster.webp` : null,
    watermarked: prepared.watermarked ? `${base}/watermarked.${type.extension}` : null,
  };
  const files: PreparedResult['files'] = [
    { key: keys.original, ...prepared.original, move: prepared.original.move, mime: type.mime },
    { key: keys.thumbnail, path: prepared.thumbnail, move: true, mime: THUMBNAIL_MIME },
  ];
  if (prepared.poster && keys.poster) files.push({ key: keys.poster, path: prepared.poster, move: true, mime: THUMBNAIL_MIME });
  if (prepared.watermarked && keys.watermarked) files.push({ key: keys.watermarked, path: prepared.watermarked, move: true, mime: type.mime });
  // Every byte the asset will keep in storage: what the quota counts.
  const derived = [prepared.thumbnail, prepared.poster, prepared.watermarked].filter((file): file is string => Boolean(file));
  let storedBytes = prepared.bytes;
  for (const file of derived) storedBytes += (await stat(file)).size;
  const video = prepared.video;
  return {
    files,
    row: {
      id,
      user_id: userId,
      kind: row.kind,
      media_type: type.mediaType,
      roles: JSON.stringify(row.roles),
      mime: type.mime,
      name: row.name,
      width: prepared.width,
      height: prepared.height,
      bytes: prepared.bytes,
      stored_bytes: storedBytes,
      duration_ms: video?.durationSeconds ? Math.round(video.durationSeconds * 1000) : null,
      fps: video?.fps ?? null,
      codec: video?.codec ?? null,
      storage_key: keys.original,
      thumbnail_key: keys.thumbnail,
      poster_key: keys.poster,
      watermarked_key: keys.watermarked,
      source: row.source,
      generation_id: row.generationId,
      feature: row.feature,
      upload_key: row.uploadKey,
      content_sha256: row.contentSha256 ?? null,
      warnings: JSON.stringify([...new Set(row.warnings)]),
      metadata: JSON.stringify(row.metadata),
      created_at: now,
    },
  };
}

/**
 * Probes an engine output and writes its derived files into `work`: the row and files of its
 * asset `id`, created `now`. With `watermark` (the owner's plan watermarks, docs/product-rules.md#watermark),
 * also a copy carrying the watermark; the thumbnail and poster stay clean (previews too small to
 * be a usable result).
 */
export async function prepareOutput(
  now: Date,
  userId: string,
  id: string,
  output: EngineOutput,
  options: IngestOptions,
  work: string,
  watermark: boolean,
): Promise<PlannedAsset> {
  const type = sniffType(await readHead(output.path));
  if (!type || type.mime !== output.mime || type.mediaType !== output.mediaType) {
    throw new Error(`engine output ${output.name} is ${type?.mime ?? 'of no accepted type'}, not the ${output.mime} it claims`);
  }
  let prepared: Prepared;
  if (type.mediaType === 'image') {
    const size = await probeImage(output.path, type);
    const thumbnail = path.join(work, 'thumbnail.webp');
    await writeWebpPreview(output.path, thumbnail);
    prepared = { original: { path: output.path, move: false }, thumbnail, poster: null, ...size, bytes: (await stat(output.path)).size, video: null };
  } else {
    const derived = await prepareVideo(output.path, type, work);
    prepared = { ...derived, original: { path: output.path, move: false }, bytes: (await stat(output.path)).size };
  }
  if (watermark) {
    const marked = path.join(work, `watermarked.${type.extension}`);
    if (prepared.video) await watermarkVideo(output.path, type, { width: prepared.width, height: prepared.height, codec: prepared.video.codec }, marked, work);
    else await watermarkImage(output.path, type, marked);
    prepared.watermarked = marked;
  }
  const warnings: AssetWarning[] = [...(output.warnings ?? [])];
  if (prepared.width * prepared.height > FOUR_K_PIXELS) warnings.push('over4k');
  return planAsset(now, userId, id, type, prepared, {
    kind: output.kind,
    roles: output.roles,
    name: sanitiseName(output.name, type.extension, 'result'),
    source: 'generation',
    generationId: options.generationId,
    feature: options.feature,
    uploadKey: null,
    warnings,
    metadata: { ...options.metadata, ...output.metadata },
  });
}

/** A scratch folder for one asset's derived files, removed afterwards whatever happens. */
export async function withWorkDir<T>(tempDir: string, id: string, fn: (work: string) => Promise<T>): Promise<T> {
  const work = path.join(tempDir, `asset-${id}`);
  await mkdir(work, { recursive: true });
  try {
    return await fn(work);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
