import { useId, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRouterState } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { sessionUserAtom } from '../../../lib/session.ts';
import { useDismiss } from '../../../ui/use-dismiss.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { Brand } from './Brand.tsx';
import { IconClose } from '../../../ui/icons/app/IconClose.tsx';
import { IconMenu } from '../../../ui/icons/app/IconMenu.tsx';
import { LanguageToggle } from './LanguageToggle.tsx';
import { NavLinks } from './NavLinks.tsx';
import { SignInButton } from './SignInButton.tsx';
import * as s from './sidebar.css.ts';

/**
 * The dashboard below 1024 px (docs/product-rules.md#studio-sidebar: the mobile header with a drawer is on every sidebar
 * page except the dashboard). The sidebar's content becomes a compact top bar: wordmark,
 * language toggle, account or Sign In, and a Menu button that unfolds the navigation under
 * the bar (a disclosure, not a modal drawer).
 */
export function DashboardTopBar() {
  const { t } = useLingui();
  const user = useAtomValue(sessionUserAtom);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const barRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useDismiss({
    open,
    containerRef: barRef,
    onDismiss: (reason) => {
      setOpenOn(null);
      if (reason === 'escape') buttonRef.current?.focus();
    },
  });

  return (
    <header className={s.bar} ref={barRef} data-testid="dashboard-topbar">
      <Brand />
      <div className={s.barActions}>
        <LanguageToggle />
        {user ? <AccountMenu user={user} placement="down" compact /> : <SignInButton compact />}
        <button
          ref={buttonRef}
          type="button"
          className={s.iconButton}
          aria-expanded={open}
          aria-controls={menuId}
          data-testid="dashboard-menu-button"
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          {open ? <IconClose size={22} /> : <IconMenu size={22} />}
          {/* On phones only the icon shows; the word stays for assistive technology. */}
          <span className={s.menuLabel}>
            <Trans>Menu</Trans>
          </span>
        </button>
      </div>
      <nav id={menuId} className={s.topMenu} aria-label={t`Điều hướng studio`} hidden={!open} data-testid="dashboard-menu">
        <NavLinks layout="grid" onNavigate={() => setOpenOn(null)} />
      </nav>
    </header>
  );
}
