import { Trans } from '@lingui/react/macro';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { button } from '../../ui/button.ts';
import * as s from '../../ui/screens.css.ts';

/**
 * The app itself failed ('Unexpected Application Error!', docs/product-rules.md#render-errors): the router could not
 * resolve the app, or a provider above it crashed. Only a reload can help here.
 */
export function AppFailure({ error }: { error: unknown }) {
  return (
    <main className={s.centered} role="alert">
      <div className={s.panel}>
        <h1 className={s.title}>
          <Trans>Lỗi ứng dụng không mong muốn!</Trans>
        </h1>
        <p className={s.errorText}>{error instanceof Error ? error.message : String(error)}</p>
        <div className={s.actions}>
          <button type="button" className={button({ variant: 'primary' })} onClick={() => location.reload()}>
            <Trans>Tải lại trang</Trans>
          </button>
          <a className={button({ variant: 'secondary' })} href="/">
            <Trans>Về trang chủ</Trans>
          </a>
        </div>
      </div>
    </main>
  );
}

/** The root route's error component. */
export function RouterFailureScreen({ error }: ErrorComponentProps) {
  return <AppFailure error={error} />;
}
