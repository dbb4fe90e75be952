import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import type { Asset } from '../../../contract/media.schema.ts';
import { generationQueryOptions } from '../../generations/cache.ts';
import { featureName } from '../../registry/studios.ts';
import { downloadStem } from './download-name.ts';

type Named = Pick<Asset, 'id' | 'name' | 'feature' | 'created_at' | 'generation_id'>;

const toolName = (asset: Named, i18n: I18n) => (asset.feature ? i18n._(featureName(asset.feature)) : null);

/**
 * The name a download of `asset` is saved under, without its extension (download-name.ts), with
 * the job that made it from the cache, else asked for; until it arrives (or offline with nothing
 * saved), the name has no source.
 */
export function useDownloadStem(asset: Named): string {
  const { i18n } = useLingui();
  const id = asset.generation_id;
  const job = useQuery({ ...generationQueryOptions(id ?? ''), enabled: id !== null }).data ?? null;
  return downloadStem({ asset, job, toolName: toolName(asset, i18n) });
}

/** The same for a download started outside a dialog (the library's selection): the job is fetched first, a failure leaves the source out. */
export async function downloadStemOf(asset: Named, client: QueryClient, i18n: I18n): Promise<string> {
  const id = asset.generation_id;
  const job = id ? await client.fetchQuery(generationQueryOptions(id)).catch(() => null) : null;
  return downloadStem({ asset, job, toolName: toolName(asset, i18n) });
}
