import { Trans } from '@lingui/react/macro';
import * as s from './screens.css.ts';
import './global.css.ts';

/** Shown while a lazy screen loads (docs/product-rules.md#render-errors). */
export function LoadingScreen() {
  return (
    <div className={s.centered} role="status" aria-live="polite">
      <div className={s.panel}>
        <div className={s.spinner} aria-hidden="true" />
        <p className={s.lead}>
          <Trans>Đang tải…</Trans>
        </p>
      </div>
    </div>
  );
}
