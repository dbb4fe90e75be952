import type { Asset } from '../../../contract/media.schema.ts';
import { DownloadError, downloadAsset, type DownloadChoice } from '../download/download.ts';

/**
 * Several assets saved one after another (the library's selection), each as it is stored: the
 * original size at high quality, i.e. the stored file untouched (download.ts). One at a time, so
 * the browser shows one save at a time and a slow connection is not split many ways.
 */

export const ORIGINAL: DownloadChoice = { size: 'original', quality: 'high' };

export interface DownloadManyOptions {
  /** Fresh links for an asset (its links expire); called when they are about to, or when a save found them expired. */
  renew: (asset: Asset) => Promise<Asset>;
  /** Whether the asset's links need renewing first. */
  expiring: (asset: Asset) => boolean;
  signal?: AbortSignal;
  /** The name each asset is saved under, without its extension (download-name.ts). */
  nameOf: (asset: Asset) => Promise<string>;
  /** After each asset, saved or not. */
  onProgress?: (done: number, total: number) => void;
  /** Injected in tests. */
  download?: typeof downloadAsset;
}

export interface DownloadManyResult {
  saved: Asset[];
  failed: { asset: Asset; error: unknown }[];
}

export async function downloadMany(
  assets: readonly Asset[],
  { renew, expiring, nameOf, signal, onProgress, download = downloadAsset }: DownloadManyOptions,
): Promise<DownloadManyResult> {
  const result: DownloadManyResult = { saved: [], failed: [] };
  for (const [index, asset] of assets.entries()) {
    signal?.throwIfAborted();
    try {
      let current = expiring(asset) ? await renew(asset) : asset;
      const name = await nameOf(asset);
      try {
        await download(current, ORIGINAL, name, { signal });
      } catch (error) {
        // Expired between the check and the fetch: renew once.
        if (!(error instanceof DownloadError && error.reason === 'linkExpired')) throw error;
        current = await renew(asset);
        await download(current, ORIGINAL, name, { signal });
      }
      result.saved.push(asset);
    } catch (error) {
      if (signal?.aborted) throw error;
      result.failed.push({ asset, error });
    }
    onProgress?.(index + 1, assets.length);
  }
  return result;
}
