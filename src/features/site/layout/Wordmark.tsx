import { useLingui } from '@lingui/react/macro';
import { AppLink } from '../../../ui/link.tsx';
import * as s from './Header.css.ts';

/** The "Atelier" wordmark, linking home. */
export function Wordmark({ onClick, className }: { onClick?: () => void; className?: string }) {
  const { t } = useLingui();
  return (
    <AppLink to="/" className={className ? `${s.logo} ${className}` : s.logo} aria-label={t`Atelier — trang chủ`} onClick={onClick}>
      Atelier
      <span className={s.logoDot} aria-hidden="true" />
    </AppLink>
  );
}
