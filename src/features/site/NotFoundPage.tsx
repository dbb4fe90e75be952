import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { button } from '../../ui/button.ts';
import { AppLink } from '../../ui/link.tsx';
import * as s from '../../ui/screens.css.ts';

/** The page's title (its document's, pre-rendered). */
export const NOT_FOUND_TITLE = msg`Không tìm thấy trang`;
/** Its first paragraph (its document's description). */
export const NOT_FOUND_LEAD = msg`Trang bạn tìm không tồn tại hoặc đã được chuyển đi. Hãy kiểm tra lại đường dẫn.`;

/**
 * Any unknown path (docs/product-rules.md#not-found). The server answers such paths with status 404
 * too: under /en with this page pre-rendered in English (scripts/prerender.ts), elsewhere with the
 * app, which shows it in the public site's frame (src/features/shell/NotFoundScreen.tsx). Its links
 * are the shared ones, so it renders with and without the router.
 */
export default function NotFoundPage() {
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
          <AppLink to="/" className={button({ variant: 'primary' })}>
            <Trans>Về trang chủ</Trans>
          </AppLink>
          <AppLink to="/dashboard" className={button({ variant: 'secondary' })}>
            <Trans>Vào studio</Trans>
          </AppLink>
        </div>
      </div>
    </div>
  );
}
