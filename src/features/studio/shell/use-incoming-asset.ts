import { useEffect, useEffectEvent, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { ASSET_ROLES, type AssetRole } from '../../../contract/media.ts';
import type { Asset } from '../../../contract/media.schema.ts';
import { notify } from '../../../lib/toast.ts';
import { assetQueryOptions } from '../../media/api.ts';
import type { StudioJob } from '../../generations/use-studio-job.ts';
import { resolveSlot, type SlotOf, type StudioId } from '../../assets/incoming-asset.ts';

/** What the hook needs of the screen's job: it waits for the reattach and leaves a shown result for the form. */
export type IncomingAssetJob = Pick<StudioJob, 'status' | 'isReattaching' | 'reset'>;

const isRole = (value: unknown): value is AssetRole => typeof value === 'string' && (ASSET_ROLES as readonly string[]).includes(value);

/**
 * A studio deep link (`?asset=<id>&as=<role>`, see incoming-asset.ts): fetches the asset (the
 * library's copy when its links are fresh), hands it to the screen's setter of the matching
 * input, then drops both parameters from the address (replace), so a reload or Back does not
 * fill the input again. A screen showing a past result goes back to its form first (the job
 * itself is not touched). An asset that is gone or fits no input here is said in a toast.
 *
 * In a screen: `useIncomingAsset('upscaler', { image: pickImage, video: pickVideo }, studio);`
 */
export function useIncomingAsset<S extends StudioId>(studio: S, fill: Readonly<Record<SlotOf<S>, (asset: Asset) => void>>, job?: IncomingAssetJob): void {
  const { t } = useLingui();
  // Any route's search: the hook is shared by six routes that all declare these two keys.
  const search: { asset?: unknown; as?: unknown } = useSearch({ strict: false });
  const navigate = useNavigate();
  const id = typeof search.asset === 'string' && search.asset !== '' ? search.asset : null;
  const role = isRole(search.as) ? search.as : undefined;
  const query = useQuery({ ...assetQueryOptions(id ?? ''), enabled: id !== null });
  /** The link already handled (a re-render before the address changes must not fill twice). */
  const handled = useRef<string | null>(null);

  const apply = useEffectEvent((asset: Asset | null) => {
    if (asset) {
      const target = resolveSlot(studio, role, asset);
      if (target) {
        if (job && job.status !== 'idle') job.reset();
        fill[target.slot](asset);
      } else {
        const name = asset.name;
        notify.error(t`Không dùng được tệp này ở đây`, { description: t`Tệp “${name}” không phù hợp với mục này. Hãy chọn tệp khác.` });
      }
    } else {
      notify.error(t`Không tải được tệp`, { description: t`Có thể tệp đã bị xóa khỏi thư viện.` });
    }
    void navigate({
      to: '.',
      search: ((previous: Record<string, unknown>) => {
        const { asset: _asset, as: _as, ...rest } = previous;
        return rest;
      }) as never,
      replace: true,
      resetScroll: false,
    });
  });

  const waiting = job?.isReattaching ?? false;
  useEffect(() => {
    if (id === null) {
      handled.current = null;
      return;
    }
    const key = `${id}:${role ?? ''}`;
    if (handled.current === key || waiting || query.status === 'pending') return;
    handled.current = key;
    apply(query.status === 'success' ? query.data : null);
  }, [id, role, waiting, query.status, query.data]);
}
