import { Trans } from '@lingui/react/macro';
import { useLingui } from '@lingui/react';
import { button } from '../../../ui/button.ts';
import { AppLink } from '../../../ui/link.tsx';
import { IconImage } from '../../../ui/icons/media/IconImage.tsx';
import { NAV, STUDIO_NAV } from '../../registry/nav-items.ts';
import { SIDEBAR_ORDER } from '../../registry/studios.ts';
import { ErrorState } from '../../../ui/States.tsx';
import { visuallyHidden } from '../../../ui/a11y.css.ts';
import * as s from './library.css.ts';

/** Tiles drawn while the first page loads: about two screens of a tablet. */
const SKELETON_TILES = 18;

/** The studios an empty library points to. */
const STUDIO_LINKS = SIDEBAR_ORDER.map((id) => STUDIO_NAV[id]);

export function LibrarySkeleton() {
  return (
    <>
      <p className={visuallyHidden} role="status">
        <Trans>Đang tải thư viện…</Trans>
      </p>
      <div className={s.skeletonGrid} aria-hidden="true" data-testid="library-loading">
        {Array.from({ length: SKELETON_TILES }, (_, index) => (
          <div key={index} className={s.skeleton} />
        ))}
      </div>
    </>
  );
}

/** 'Failed to load assets', with Retry (docs/product-rules.md#messages-other). */
export function LibraryError({ onRetry }: { onRetry: () => void }) {
  return <ErrorState title={<Trans>Không tải được thư viện</Trans>} onRetry={onRetry} testId="library-error" retryTestId="library-retry" />;
}

/** Nothing yet (links to the studios), or nothing matching the filters (a way out of them). */
export function LibraryEmpty({ filtered, onClearFilters }: { filtered: boolean; onClearFilters: () => void }) {
  const { i18n } = useLingui();
  if (filtered) {
    return (
      <div className={s.state} data-testid="library-empty" data-reason="no-match">
        <IconImage size={32} />
        <p className={s.stateTitle}>
          <Trans>Không có tệp nào khớp với bộ lọc</Trans>
        </p>
        <p>
          <Trans>Thử tìm bằng tên khác, chọn công cụ khác hoặc nới rộng khoảng ngày.</Trans>
        </p>
        <button type="button" className={button({ variant: 'secondary' })} onClick={onClearFilters}>
          <Trans>Xóa bộ lọc</Trans>
        </button>
      </div>
    );
  }
  return (
    <div className={s.state} data-testid="library-empty" data-reason="empty">
      <IconImage size={32} />
      <p className={s.stateTitle}>
        <Trans>Chưa có tệp nào</Trans>
      </p>
      <p>
        <Trans>Ảnh và video bạn tải lên hoặc tạo trong các công cụ sẽ được lưu ở đây để xem lại, tải xuống và dùng lại.</Trans>
      </p>
      <nav className={s.studioLinks} aria-label={i18n._(NAV.yourAssets.label)}>
        {STUDIO_LINKS.map((item) => (
          <AppLink key={item.to} to={item.to} className={button({ variant: 'secondary', size: 'sm' })}>
            {i18n._(item.label)}
          </AppLink>
        ))}
      </nav>
    </div>
  );
}
