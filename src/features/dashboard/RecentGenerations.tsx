import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Generation } from '../../contract/generations.schema.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { ErrorState } from '../../ui/States.tsx';
import { mediaSrc } from '../../lib/media-src.ts';
import { IconArrowRight } from '../../ui/icons/app/IconArrowRight.tsx';
import { newestFirst } from '../generations/api.ts';
import { generationsInfiniteQueryOptions, generationsOf } from '../generations/cache.ts';
import { AuthRequired } from './AuthRequired.tsx';
import { DashboardSection } from './DashboardSection.tsx';
import { formatRelativeTime } from '../../lib/format.ts';
import { OfflineEmpty } from './OfflineEmpty.tsx';
import { RECENT_FILTERS, type RecentFilter } from './search.ts';
import { FEATURE_TOOLS, TOOL_FILTER_FEATURES } from '../generations/filters.ts';
import { STATUS_LABELS } from '../generations/status-labels.ts';
import { FILTER_LABELS } from './tools.ts';
import { ChipButton } from '../../ui/Chip.tsx';
import * as s from './dashboard.css.ts';
import * as c from './dashboard-cards.css.ts';

/** Jobs the dashboard lists: the latest few; "See all" opens the full history. */
export const RECENT_LIMIT = 8;

interface RecentGenerationsProps {
  signedIn: boolean;
  filter: RecentFilter;
  onFilterChange: (filter: RecentFilter) => void;
}

/**
 * Recent generations (docs/product-rules.md#dashboard) with the seven tool filters (the `filter` search
 * param): the latest RECENT_LIMIT jobs of the chosen tool with status, thumbnail and time, each
 * opening in /history; "Xem tất cả" opens /history on the same tool. Guests get the sign-in card.
 *
 * Stable test ids: `recent-filters` (chips with `data-filter`), `recent-list`, `recent-item`
 * (`data-job-id`, `data-status`, `data-feature`), `recent-see-all`, `recent-empty`, `recent-error`,
 * `recent-retry`.
 */
export function RecentGenerations({ signedIn, filter, onFilterChange }: RecentGenerationsProps) {
  const { t, i18n } = useLingui();
  return (
    <DashboardSection
      title={<Trans>Ảnh đã tạo gần đây</Trans>}
      testId="recent-generations"
      link={
        signedIn ? (
          <Link to="/history" search={filter === 'all' ? {} : { tool: filter }} className={s.sectionLink} data-testid="recent-see-all">
            <Trans>Xem tất cả</Trans>
            <IconArrowRight size={16} />
          </Link>
        ) : null
      }
    >
      <div className={s.chips} role="group" aria-label={t`Lọc theo công cụ`} data-testid="recent-filters">
        {RECENT_FILTERS.map((value) => (
          <ChipButton key={value} pressed={value === filter} className={s.chip} data-filter={value} onClick={() => onFilterChange(value)}>
            {i18n._(FILTER_LABELS[value])}
          </ChipButton>
        ))}
      </div>
      {signedIn ? (
        <RecentList filter={filter} />
      ) : (
        <AuthRequired
          section="recent"
          hint={<Trans>Đăng nhập hoặc tạo tài khoản để xem ảnh và video bạn đã tạo, số liệu sử dụng và các người mẫu bạn đã lưu.</Trans>}
        />
      )}
    </DashboardSection>
  );
}

/**
 * The list of one filter. The server filters by one feature; the upscaler's two modes are two
 * lists, merged here (the second query runs only for that filter).
 */
function RecentList({ filter }: { filter: RecentFilter }) {
  const features = filter === 'all' ? [] : TOOL_FILTER_FEATURES[filter];
  const first = useInfiniteQuery(generationsInfiniteQueryOptions({ feature: features[0], limit: RECENT_LIMIT }));
  const second = useInfiniteQuery({ ...generationsInfiniteQueryOptions({ feature: features[1], limit: RECENT_LIMIT }), enabled: features.length > 1 });
  const queries = features.length > 1 ? [first, second] : [first];
  const jobs = queries
    .flatMap((query) => generationsOf(query.data))
    .toSorted(newestFirst)
    .slice(0, RECENT_LIMIT);
  const pending = queries.some((query) => query.isPending);
  const failed = queries.some((query) => query.isError);

  if (pending && jobs.length === 0 && queries.some((query) => query.isPending && query.fetchStatus === 'paused')) return <OfflineEmpty section="recent" />;
  if (pending && jobs.length === 0) {
    return (
      <ul className={s.recentList} aria-busy="true">
        {[0, 1, 2, 3].map((index) => (
          <li key={index} className={s.recentItem}>
            <span className={`${s.skeleton} ${s.recentThumb}`} />
            <span className={c.skeletonLine} />
          </li>
        ))}
      </ul>
    );
  }
  if (failed && jobs.length === 0) {
    return (
      <ErrorState
        variant="compact"
        className={s.stateCard}
        title={<Trans>Không tải được danh sách</Trans>}
        testId="recent-error"
        retryTestId="recent-retry"
        onRetry={() => void Promise.all(queries.map((query) => query.refetch()))}
      />
    );
  }
  if (jobs.length === 0) {
    return (
      <div className={s.stateCard} data-testid="recent-empty">
        <p>{filter === 'all' ? <Trans>Bạn chưa tạo gì. Chọn một công cụ ở trên để bắt đầu.</Trans> : <Trans>Chưa có lượt tạo nào với công cụ này.</Trans>}</p>
      </div>
    );
  }
  return (
    <ul className={s.recentList} data-testid="recent-list">
      {jobs.map((job) => (
        <RecentItem key={job.id} job={job} />
      ))}
    </ul>
  );
}

function RecentItem({ job }: { job: Generation }) {
  const { i18n } = useLingui();
  const { locale } = useLocale();
  const thumb = job.results[0] ?? job.input_assets[0];
  const thumbSrc = thumb ? (thumb.media_type === 'video' ? (thumb.poster_url ?? thumb.thumbnail_url) : thumb.thumbnail_url) : null;
  return (
    <li data-testid="recent-item" data-job-id={job.id} data-status={job.status} data-feature={job.feature}>
      <Link to="/history" search={{ job: job.id }} className={s.recentItem}>
        {thumbSrc ? <img className={s.recentThumb} src={mediaSrc(thumbSrc)} alt="" loading="lazy" /> : <span className={s.recentThumb} />}
        <span className={s.recentText}>
          <span className={s.recentTool}>{i18n._(FEATURE_TOOLS[job.feature].label)}</span>
          <span className={`${s.badge} ${s.badgeTone[job.status]}`}>{i18n._(STATUS_LABELS[job.status])}</span>
          <time className={c.mediaMeta} dateTime={job.created_at}>
            {formatRelativeTime(job.created_at, locale)}
          </time>
        </span>
      </Link>
    </li>
  );
}
