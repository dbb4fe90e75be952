import { Trans } from '@lingui/react/macro';
import { AppLink } from '../../../ui/link.tsx';
import * as s from './sidebar.css.ts';

/** The wordmark; it leads to the public home page, like the public header's logo. */
export function Brand({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <AppLink to="/" className={s.brand} onClick={onNavigate}>
      <span className={s.brandName}>
        Atelier<span className={s.brandDot}>.</span>
      </span>
      <span className={`${s.brandTag} ${s.brandTagBar}`}>
        <Trans>Studio</Trans>
      </span>
    </AppLink>
  );
}
