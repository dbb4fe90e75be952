import { useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CommunityItem } from '../../contract/dashboard.schema.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { ErrorState } from '../../ui/States.tsx';
import { mediaSrc } from '../../lib/media-src.ts';
import { IconPlay } from '../../ui/icons/media/IconPlay.tsx';
import { communityQueryOptions } from './api.ts';
import { formatRelativeTime } from '../../lib/format.ts';
import { OfflineEmpty } from './OfflineEmpty.tsx';
import { FEATURE_TOOLS } from '../generations/filters.ts';
import * as s from './dashboard.css.ts';
import * as c from './dashboard-cards.css.ts';

/**
 * Community generation (docs/product-rules.md#community): recent results their owners chose to share (the
 * switch on a result, src/features/sharing), newest share first, with the author's first name
 * and the tool. Public: guests see it too. A video shows its poster and plays (muted) while the
 * pointer rests on it, or on a tap.
 *
 * Stable test ids: `community-section`, `community-item` (`data-generation-id`,
 * `data-media-type`), `community-play`, `community-empty`, `community-error`, `community-retry`.
 */
export function CommunitySection() {
  const { t } = useLingui();
  const headingId = useId();
  const query = useQuery(communityQueryOptions());
  const items = query.data?.items ?? [];

  return (
    <section className={s.section} aria-labelledby={headingId} data-testid="community-section">
      <div>
        <h2 id={headingId} className={s.sectionTitle}>
          <Trans>Cộng đồng sáng tạo</Trans>
        </h2>
        <p className={s.sectionLead}>
          <Trans>Những kết quả mới nhất mà người dùng Atelier chọn chia sẻ công khai.</Trans>
        </p>
      </div>
      {query.isPending && query.fetchStatus === 'paused' ? (
        <OfflineEmpty section="community" />
      ) : query.isPending ? (
        <ul className={c.communityGrid} aria-busy="true" aria-label={t`Đang tải`}>
          {[0, 1, 2, 3].map((index) => (
            <li key={index} className={c.mediaCard}>
              <span className={`${s.skeleton} ${c.mediaFrameRatio.square}`} />
            </li>
          ))}
        </ul>
      ) : query.isError && items.length === 0 ? (
        <ErrorState
          variant="compact"
          className={s.stateCard}
          title={<Trans>Không tải được nội dung cộng đồng</Trans>}
          testId="community-error"
          retryTestId="community-retry"
          onRetry={() => void query.refetch()}
        />
      ) : items.length === 0 ? (
        <div className={s.stateCard} data-testid="community-empty">
          <p>
            <Trans>Chưa có ai chia sẻ kết quả. Hãy là người đầu tiên: bật “Chia sẻ lên cộng đồng” trên một kết quả bạn thích.</Trans>
          </p>
        </div>
      ) : (
        <ul className={c.communityGrid}>
          {items.map((item) => (
            <CommunityCard key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

function CommunityCard({ item }: { item: CommunityItem }) {
  const { t, i18n } = useLingui();
  const { locale } = useLocale();
  const tool = i18n._(FEATURE_TOOLS[item.feature].label);
  const author = item.author;
  const when = formatRelativeTime(item.shared_at, locale);
  return (
    <li className={c.mediaCard} data-testid="community-item" data-generation-id={item.id} data-media-type={item.media_type}>
      {item.media_type === 'video' ? (
        <CommunityVideo item={item} label={t`Video ${tool} của ${author}`} />
      ) : (
        <span className={`${c.mediaFrame} ${c.mediaFrameRatio.square}`}>
          <img
            className={c.mediaImage}
            src={mediaSrc(item.thumbnail_url)}
            alt={t`Ảnh ${tool} của ${author}`}
            loading="lazy"
            width={item.width}
            height={item.height}
          />
        </span>
      )}
      <div className={c.mediaBody}>
        <span className={c.mediaTitle}>{tool}</span>
        <span className={c.mediaMeta}>
          <span data-testid="community-author">{author}</span> · <time dateTime={item.shared_at}>{when}</time>
        </span>
      </div>
    </li>
  );
}

/**
 * A shared clip: its poster until played. Hovering plays it muted (a preview); a click or tap
 * toggles playback, so touch screens without hover get it too.
 */
function CommunityVideo({ item, label }: { item: CommunityItem; label: string }) {
  const { t } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const play = () => void video.current?.play().catch(() => setPlaying(false));
  const pause = () => video.current?.pause();
  return (
    <button
      type="button"
      className={`${c.mediaFrame} ${c.mediaFrameRatio.square}`}
      aria-label={playing ? t`Dừng ${label}` : t`Phát ${label}`}
      aria-pressed={playing}
      data-playing={playing}
      data-testid="community-play"
      onClick={() => (playing ? pause() : play())}
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') play();
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') pause();
      }}
    >
      <video
        ref={video}
        className={c.mediaImage}
        src={mediaSrc(item.url)}
        poster={mediaSrc(item.poster_url ?? item.thumbnail_url)}
        preload="none"
        muted
        loop
        playsInline
        aria-hidden="true"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      />
      <span className={c.playBadge} aria-hidden="true">
        <IconPlay size={22} />
      </span>
    </button>
  );
}
