import { onlineManager, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Asset } from '../../contract/media.schema.ts';
import { mediaCacheSupported, pinAsset, pinState, unpinAsset } from '../../lib/offline/media-cache.ts';
import { assetQueryOptions, linksExpiring } from '../media/api.ts';

/**
 * Queries about the device's offline copies (not persisted: they describe this device, and
 * IndexedDB answers them directly). They never wait for the network.
 */
export const offlineMediaKeys = {
  all: ['offline-media'] as const,
  pin: (assetId: string) => [...offlineMediaKeys.all, 'pin', assetId] as const,
  usage: () => [...offlineMediaKeys.all, 'usage'] as const,
  estimate: () => [...offlineMediaKeys.all, 'estimate'] as const,
  periodicSync: () => [...offlineMediaKeys.all, 'periodic-sync'] as const,
};

export type PinOutcome = 'pinned' | 'unpinned' | 'failed';

/**
 * "Keep offline" of one asset: whether it is pinned (and stored), and a toggle. Pinning fetches
 * the files now; if they cannot all be stored (offline, out of space) the pin is undone, so the
 * toggle never claims a copy the device does not have.
 */
export function usePinnedAsset(asset: Asset) {
  const client = useQueryClient();
  const state = useQuery({
    queryKey: offlineMediaKeys.pin(asset.id),
    queryFn: () => pinState(asset),
    networkMode: 'always',
    staleTime: Number.POSITIVE_INFINITY,
  });
  const mutation = useMutation({
    networkMode: 'always',
    mutationFn: async (pin: boolean): Promise<PinOutcome> => {
      if (!pin) {
        await unpinAsset(asset);
        return 'unpinned';
      }
      // Pinning downloads through the signed links: refresh them first if they are about to die.
      const current = linksExpiring(asset) && onlineManager.isOnline() ? await client.fetchQuery(assetQueryOptions(asset.id)).catch(() => asset) : asset;
      const { failed } = await pinAsset(current);
      if (failed === 0) return 'pinned';
      await unpinAsset(current).catch(() => undefined);
      return 'failed';
    },
    onSettled: () => client.invalidateQueries({ queryKey: offlineMediaKeys.all }),
  });
  return {
    supported: mediaCacheSupported(),
    pinned: state.data?.pinned ?? false,
    stored: state.data?.stored ?? false,
    busy: mutation.isPending,
    /** Pins or unpins; resolves with what happened (rejects when no service worker runs). */
    toggle: () => mutation.mutateAsync(!(state.data?.pinned ?? false)),
  };
}
