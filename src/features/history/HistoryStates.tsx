import { Trans, useLingui } from '@lingui/react/macro';
import { button } from '../../ui/button.ts';
import { Card } from '../../ui/Card.tsx';
import { AppLink } from '../../ui/link.tsx';
import { EmptyState, ErrorState } from '../../ui/States.tsx';
import { STUDIO_LINKS } from '../generations/filters.ts';
import * as s from './history.css.ts';

/** Three grey cards while the first page loads. */
export function HistorySkeleton() {
  const { t } = useLingui();
  return (
    <div className={s.skeleton} role="status" aria-label={t`Đang tải lịch sử...`} aria-busy="true" data-testid="history-loading">
      {[0, 1, 2].map((index) => (
        <Card key={index} aria-hidden="true">
          <span className={s.skeletonBlock.line} />
          <span className={s.skeletonBlock.media} />
          <span className={s.skeletonBlock.line} />
        </Card>
      ))}
    </div>
  );
}

/** The first page failed: why, and Retry. */
export function HistoryListError({ reason, onRetry }: { reason: string; onRetry: () => void }) {
  return (
    <ErrorState title={<Trans>Không tải được lịch sử tạo</Trans>} onRetry={onRetry} testId="history-list-error" retryTestId="history-retry">
      <p className={s.stateText}>{reason}</p>
    </ErrorState>
  );
}

/** Nothing yet (the studios to start with), or nothing matching the filters (a way out of them). */
export function HistoryEmpty({ filtered, onClearFilters }: { filtered: boolean; onClearFilters: () => void }) {
  const { i18n } = useLingui();
  if (filtered) {
    return (
      <EmptyState
        title={<Trans>Không có lần tạo nào khớp bộ lọc</Trans>}
        testId="history-empty"
        data={{ 'data-filtered': true }}
        actions={
          <button type="button" className={button({ variant: 'secondary', size: 'sm' })} onClick={onClearFilters} data-testid="history-clear-filters">
            <Trans>Bỏ bộ lọc</Trans>
          </button>
        }
      />
    );
  }
  return (
    <EmptyState title={<Trans>Chưa có lịch sử</Trans>} testId="history-empty" data={{ 'data-filtered': false }}>
      <p className={s.stateText}>
        <Trans>Ảnh và video bạn tạo sẽ hiện ở đây. Hãy bắt đầu với một công cụ:</Trans>
      </p>
      <ul className={s.studios}>
        {STUDIO_LINKS.map((studio) => (
          <li key={studio.to}>
            <AppLink to={studio.to} className={s.studioLink}>
              <studio.icon size={18} />
              {i18n._(studio.label)}
            </AppLink>
          </li>
        ))}
      </ul>
    </EmptyState>
  );
}
