import { Trans } from '@lingui/react/macro';
import { useOpenAuthModal } from '../../auth/auth-modal-state.ts';
import { IconUser } from '../../../ui/icons/app/IconUser.tsx';
import * as s from './sidebar.css.ts';

/** Guests: opens the login modal, remembering the current path (docs/product-rules.md#studio-sidebar). */
export function SignInButton({ compact = false, onOpen }: { compact?: boolean; onOpen?: () => void }) {
  const openAuthModal = useOpenAuthModal();
  return (
    <button
      type="button"
      className={compact ? `${s.signInButton} ${s.signInButtonCompact}` : s.signInButton}
      data-testid="sign-in"
      onClick={() => {
        onOpen?.();
        openAuthModal('login');
      }}
    >
      <IconUser size={18} />
      <Trans>Đăng nhập</Trans>
    </button>
  );
}
