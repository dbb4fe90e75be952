import { useEffect, useId, useRef } from 'react';
import { useFocusTrap } from '../../../ui/focus-trap.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { AppLink } from '../../../ui/link.tsx';
import { button } from '../../../ui/button.ts';
import { IconClose } from '../../../ui/icons/app/IconClose.tsx';
import { media } from '../../../ui/theme.css.ts';
import { SERVICE_MENU, TOOLS } from '../services.ts';
import { APP_PATH, NAV_AFTER_SERVICES, NAV_BEFORE_SERVICES, currentFor, type NavLinkItem } from './nav.ts';
import { LanguageToggle } from './LanguageToggle.tsx';
import { Wordmark } from './Wordmark.tsx';
import * as s from './Header.css.ts';

interface MobileMenuProps {
  id: string;
  open: boolean;
  /** `returnFocus` is false when the menu button itself is gone (the window grew to desktop width). */
  onClose: (returnFocus?: boolean) => void;
  currentPath: string | undefined;
}

/**
 * The full-screen menu of small screens (below 1024 px): a modal dialog that traps focus,
 * locks the page's scroll, and closes on Escape, on the close button and on navigation.
 */
export function MobileMenu({ id, open, onClose, currentPath }: MobileMenuProps) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const servicesLabelId = useId();

  // The caller gives focus back to its menu button (or not, when that button is gone).
  useFocusTrap(dialogRef, { active: open, onEscape: () => onClose(), initialFocus: closeRef, returnFocus: false });
  useEffect(() => {
    if (!open) return;
    const desktop = window.matchMedia(media.desktop);
    const onWidthChange = () => {
      if (desktop.matches) onClose(false);
    };
    desktop.addEventListener('change', onWidthChange);
    return () => desktop.removeEventListener('change', onWidthChange);
  }, [open, onClose]);

  const navigate = () => onClose();
  const renderLink = ({ to, label }: NavLinkItem) => (
    <li key={to}>
      <AppLink to={to} className={s.mobileLink} aria-current={currentFor(to, currentPath)} onClick={navigate}>
        {i18n._(label)}
      </AppLink>
    </li>
  );

  return (
    <div
      ref={dialogRef}
      id={id}
      role="dialog"
      aria-modal="true"
      aria-label={t`Menu điều hướng`}
      className={s.mobileMenu}
      hidden={!open}
      data-testid="mobile-menu"
    >
      <div className={s.mobileTop}>
        <Wordmark onClick={navigate} />
        <button ref={closeRef} type="button" className={`${s.menuButton} ${s.pushRight}`} aria-label={t`Đóng menu`} onClick={() => onClose()}>
          <IconClose size={24} strokeWidth={1.75} />
        </button>
      </div>
      <div className={s.mobileBody}>
        <nav aria-label={t`Điều hướng chính`}>
          <ul className={s.mobileList}>
            {NAV_BEFORE_SERVICES.map(renderLink)}
            <li>
              <p id={servicesLabelId} className={s.mobileGroupLabel}>
                <Trans>Dịch vụ</Trans>
              </p>
              <ul className={s.mobileSubList} aria-labelledby={servicesLabelId}>
                {SERVICE_MENU.map((toolId) => {
                  const tool = TOOLS[toolId];
                  const Icon = tool.icon;
                  return (
                    <li key={toolId}>
                      <AppLink to={tool.to} className={s.mobileSubLink} aria-current={currentFor(tool.to, currentPath)} onClick={navigate}>
                        <Icon size={20} />
                        {i18n._(tool.name)}
                      </AppLink>
                    </li>
                  );
                })}
              </ul>
            </li>
            {NAV_AFTER_SERVICES.map(renderLink)}
          </ul>
        </nav>
        <div className={s.mobileFooter}>
          <LanguageToggle testId="mobile-lang-toggle" />
          <AppLink to={APP_PATH} className={`${button({ variant: 'onDark', size: 'md' })} ${s.grow}`} data-testid="mobile-go-to-app" onClick={navigate}>
            <Trans>Vào ứng dụng</Trans>
          </AppLink>
        </div>
      </div>
    </div>
  );
}
