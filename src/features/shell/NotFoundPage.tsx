import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { button } from '../../ui/button.ts';
import { SiteLayout } from '../site/layout/SiteLayout.tsx';
import * as s from '../../ui/screens.css.ts';

/** Any unknown path (docs/product-rules.md#not-found). The server answers such paths with status 404 too. */
export function NotFoundPage() {
  return (
    <div className={s.centered} data-testid="not-found">
      <div className={s.panel}>
        <p className={s.code} aria-hidden="true">
          404
        </p>
        <h1 className={s.title}>
          <Trans>Không tìm thấy trang</Trans>
        </h1>
        <p className={s.lead}>
          <Trans>Trang bạn tìm không tồn tại hoặc đã được chuyển đi. Hãy kiểm tra lại đường dẫn.</Trans>
        </p>
        <div className={s.actions}>
          <Link to="/" className={button({ variant: 'primary' })}>
            <Trans>Về trang chủ</Trans>
          </Link>
          <Link to="/dashboard" className={button({ variant: 'secondary' })}>
            <Trans>Vào studio</Trans>
          </Link>
        </div>
      </div>
    </div>
  );
}

/** The not-found page in the public site's frame, so a lost visitor still has the whole navigation. */
export function NotFoundScreen() {
  return (
    <SiteLayout transparentHeader={false}>
      <NotFoundPage />
    </SiteLayout>
  );
}
