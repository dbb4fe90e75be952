import { Suspense, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocale } from '../../lib/use-locale.ts';
import { button } from '../../ui/button.ts';
import { ErrorState } from '../../ui/States.tsx';
import { mediaSrc } from '../../lib/media-src.ts';
import { STUDIO_NAV } from '../registry/nav-items.ts';
import { IconArrowRight } from '../../ui/icons/app/IconArrowRight.tsx';
import { bodyModelsOf, bodyModelsQueryOptions } from './api.ts';
import { AuthRequired } from './AuthRequired.tsx';
import { DashboardSection } from './DashboardSection.tsx';
import { OfflineEmpty } from './OfflineEmpty.tsx';
import { formatRelativeTime } from '../../lib/format.ts';
import * as s from './dashboard.css.ts';
import * as c from './dashboard-cards.css.ts';
import { LazyReviewDialog } from '../assets/lazy-dialogs.ts';

/** Loaded on first use: the dashboard opens without the viewer's code. */

/**
 * Body models (docs/product-rules.md#dashboard): the bodies the user generated, newest first, each usable as
 * the try-on model in one tap (`/virtual-tryon?asset=<id>&as=model`); a tap on the picture opens
 * it large. None yet: a way to the body generator. Guests get the sign-in card.
 *
 * Stable test ids: `body-models`, `body-model` (`data-asset-id`, `data-job-id`), `body-model-open`,
 * `body-model-use`, `body-models-empty`, `body-models-create`, `body-models-error`, `body-models-retry`.
 */
export function BodyModelsSection({ signedIn }: { signedIn: boolean }) {
  return (
    <DashboardSection
      title={<Trans>Người mẫu của bạn</Trans>}
      testId="body-models"
      link={
        signedIn ? (
          <Link to={STUDIO_NAV['body-generator'].to} className={s.sectionLink}>
            <Trans>Tạo người mẫu mới</Trans>
            <IconArrowRight size={16} />
          </Link>
        ) : null
      }
    >
      {signedIn ? (
        <BodyModels />
      ) : (
        <AuthRequired section="body-models" hint={<Trans>Đăng nhập để xem các người mẫu bạn đã tạo và dùng lại chúng khi thử đồ.</Trans>} />
      )}
    </DashboardSection>
  );
}

function BodyModels() {
  const { t } = useLingui();
  const { locale } = useLocale();
  const query = useInfiniteQuery(bodyModelsQueryOptions());
  const models = bodyModelsOf(query.data);
  const [viewing, setViewing] = useState<number | null>(null);

  if (query.isPending && query.fetchStatus === 'paused') return <OfflineEmpty section="body-models" />;
  if (query.isPending) {
    return (
      <ul className={c.strip} aria-busy="true" aria-label={t`Đang tải người mẫu`}>
        {[0, 1, 2, 3].map((index) => (
          <li key={index} className={c.mediaCard}>
            <span className={`${s.skeleton} ${c.mediaFrameRatio.portrait}`} />
          </li>
        ))}
      </ul>
    );
  }
  if (query.isError && models.length === 0) {
    return (
      <ErrorState
        variant="compact"
        className={s.stateCard}
        title={<Trans>Không tải được danh sách người mẫu</Trans>}
        testId="body-models-error"
        retryTestId="body-models-retry"
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (models.length === 0) {
    return (
      <div className={s.stateCard} data-testid="body-models-empty">
        <p>
          <Trans>Bạn chưa tạo người mẫu nào. Tạo một người mẫu theo số đo cơ thể để dùng khi thử đồ.</Trans>
        </p>
        <Link to={STUDIO_NAV['body-generator'].to} className={button({ variant: 'primary', size: 'sm' })} data-testid="body-models-create">
          <Trans>Tạo người mẫu</Trans>
        </Link>
      </div>
    );
  }

  const assets = models.map((model) => model.asset);
  return (
    <>
      <ul className={c.strip}>
        {models.map(({ job, asset }, index) => {
          const when = formatRelativeTime(job.finished_at ?? job.created_at, locale);
          return (
            <li key={job.id} className={c.mediaCard} data-testid="body-model" data-asset-id={asset.id} data-job-id={job.id}>
              <button
                type="button"
                className={`${c.mediaFrame} ${c.mediaFrameRatio.portrait}`}
                onClick={() => setViewing(index)}
                aria-label={t`Xem lớn người mẫu tạo ${when}`}
                data-testid="body-model-open"
              >
                <img className={c.mediaImage} src={mediaSrc(asset.thumbnail_url)} alt="" loading="lazy" width={asset.width} height={asset.height} />
              </button>
              <div className={c.mediaBody}>
                <time className={c.mediaMeta} dateTime={job.finished_at ?? job.created_at}>
                  {when}
                </time>
                <Link
                  to="/virtual-tryon"
                  search={{ asset: asset.id, as: 'model' }}
                  className={button({ variant: 'secondary', size: 'sm' })}
                  data-testid="body-model-use"
                >
                  <Trans>Dùng để thử đồ</Trans>
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
      <Suspense fallback={null}>
        {viewing !== null ? (
          <LazyReviewDialog
            open
            items={assets}
            initialIndex={viewing}
            onClose={() => setViewing(null)}
            renderActions={(item) => (
              <Link to="/virtual-tryon" search={{ asset: item.id, as: 'model' }} className={button({ variant: 'onDark', size: 'sm' })}>
                <Trans>Dùng để thử đồ</Trans>
              </Link>
            )}
          />
        ) : null}
      </Suspense>
    </>
  );
}
