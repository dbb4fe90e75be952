/**
 * The dashboard's figures (GET /api/me/stats) and the public community feed (GET /api/community):
 * see src/contract/dashboard.schema.ts.
 */
import type { CommunityItem, UsageStats } from '../../src/contract/dashboard.schema.ts';
import type { Feature } from '../../src/contract/tools.ts';
import type { AssetRow, MediaService } from '../media/types.ts';
import type { DashboardRepository } from './repository.ts';

export interface DashboardService {
  /** The signed-in person's stats cards; `credits` comes with the account the guard loaded. */
  stats(user: { id: string; credits: number }): Promise<UsageStats>;
  community(limit: number): Promise<CommunityItem[]>;
  /** Whether a community feed link of this job's result still works (see server/media/signing.ts). */
  isShared(generationId: string, assetId: string): Promise<boolean>;
}

export interface DashboardServiceDeps {
  repository: DashboardRepository;
  /** Describes the results, and the account's storage use. */
  media: Pick<MediaService, 'toApiAsset' | 'storageUse'>;
  /** Signs the feed's links: scoped to the shared job, short-lived (not the owner's own links). */
  sharedUrls: (asset: AssetRow, generationId: string) => { url: string; thumbnail_url: string; poster_url: string | null };
  /** ms since the epoch. */
  now: () => number;
}

/** Shown for an account without a name: the feed never shows an email. */
export const ANONYMOUS_AUTHOR = 'Atelier';

/**
 * Common Vietnamese family names. A Vietnamese full name is written family name first and the
 * given name last ("Trần Thu Hà" is called Hà), so for these the feed shows the last word.
 */
const VIETNAMESE_FAMILY_NAMES = new Set(
  [
    'nguyễn',
    'trần',
    'lê',
    'phạm',
    'hoàng',
    'huỳnh',
    'phan',
    'vũ',
    'võ',
    'đặng',
    'bùi',
    'đỗ',
    'hồ',
    'ngô',
    'dương',
    'lý',
    'đinh',
    'trương',
    'đoàn',
    'lâm',
    'mai',
    'trịnh',
    'cao',
    'tạ',
    'lưu',
    'hà',
    'tô',
    'chu',
    'quách',
    'thái',
    'tăng',
    'lương',
    'đào',
    'kiều',
    'vương',
  ].map((name) => name.normalize('NFC')),
);

/** The name a person is called by, as the feed shows its author: the given name only, never the full name. */
export function authorName(name: string): string {
  const words = name.normalize('NFC').trim().split(/\s+/u).filter(Boolean);
  const [first, ...rest] = words;
  if (!first) return ANONYMOUS_AUTHOR;
  if (rest.length > 0 && VIETNAMESE_FAMILY_NAMES.has(first.toLocaleLowerCase('vi'))) return rest.at(-1) ?? first;
  return first;
}

/** 00:00 UTC on the first day of the month of `at`. */
export function monthStartUtc(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

export function createDashboardService(deps: DashboardServiceDeps): DashboardService {
  return {
    async stats(user) {
      const monthStart = monthStartUtc(new Date(deps.now()));
      const [counts, storage] = await Promise.all([deps.repository.usage(user.id, monthStart), deps.media.storageUse(user.id)]);
      const ended = counts.completed + counts.failed;
      return {
        generations_this_month: counts.month,
        month_start: monthStart.toISOString(),
        credits: user.credits,
        assets: counts.assets,
        completed_total: counts.completed,
        failed_total: counts.failed,
        success_rate: ended === 0 ? null : counts.completed / ended,
        storage_used_bytes: storage.usedBytes,
        storage_limit_bytes: storage.limitBytes,
      };
    },

    async community(limit) {
      const shared = await deps.repository.shared(limit);
      return shared.map((item) => {
        const asset = deps.media.toApiAsset(item.asset);
        const links = deps.sharedUrls(item.asset, item.generationId);
        return {
          id: item.generationId,
          feature: item.feature as Feature,
          media_type: asset.media_type,
          width: asset.width,
          height: asset.height,
          url: links.url,
          thumbnail_url: links.thumbnail_url,
          poster_url: links.poster_url,
          author: authorName(item.ownerName),
          shared_at: item.sharedAt.toISOString(),
        };
      });
    },

    isShared: (generationId, assetId) => deps.repository.isShared(generationId, assetId),
  };
}
