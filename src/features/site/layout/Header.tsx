import { lazy, Suspense, useCallback, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { AppLink } from '../../../ui/link.tsx';
import { button } from '../../../ui/button.ts';
import { IconMenu } from '../../../ui/icons/app/IconMenu.tsx';
import { APP_PATH, NAV_AFTER_SERVICES, NAV_BEFORE_SERVICES, currentFor, type NavLinkItem } from './nav.ts';
import { ServicesDropdown } from './ServicesDropdown.tsx';
import { LanguageToggle } from './LanguageToggle.tsx';
import { Wordmark } from './Wordmark.tsx';
import * as s from './Header.css.ts';

/** docs/product-rules.md#header-scroll: a transparent header turns solid once the page is scrolled more than this, in px. */
export const HEADER_SOLID_AFTER_PX = 60;

// The small screens' menu (and its focus trap) loads when it is first opened: a desktop visitor,
// and the page's first load on any screen, do not pay for it.
const MobileMenu = lazy(async () => ({ default: (await import('./MobileMenu.tsx')).MobileMenu }));

function subscribeToScroll(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}
const isScrolledPastThreshold = () => window.scrollY > HEADER_SOLID_AFTER_PX;
// The server, and hydration, render the page at the top.
const isScrolledOnServer = () => false;

interface HeaderProps {
  /** Transparent over the page's hero until scrolled (the home page). */
  transparent: boolean;
  /** The path shown, for `aria-current`; unknown until mounted on the static site. */
  currentPath: string | undefined;
}

/** The public header (docs/product-rules.md#public-header): logo, Home, About, Services, Pricing, Blog, VI/EN, Go to app. */
export function Header({ transparent, currentPath }: HeaderProps) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const scrolled = useSyncExternalStore(subscribeToScroll, isScrolledPastThreshold, isScrolledOnServer);
  const solid = !transparent || scrolled;
  const [menuOpen, setMenuOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps its focus handling and later openings are instant.
  const [menuMounted, setMenuMounted] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const closeMenu = useCallback((returnFocus = true) => {
    setMenuOpen(false);
    if (returnFocus) menuButtonRef.current?.focus();
  }, []);

  const renderLink = ({ to, label }: NavLinkItem) => (
    <li key={to}>
      <AppLink to={to} className={s.navLink} aria-current={currentFor(to, currentPath)}>
        {i18n._(label)}
      </AppLink>
    </li>
  );

  return (
    <>
      <header className={transparent ? `${s.header} ${s.overlay}` : s.header} data-testid="site-header" data-solid={solid ? 'true' : 'false'}>
        <div className={s.bar}>
          <Wordmark />
          <nav aria-label={t`Điều hướng chính`} className={s.desktopNav}>
            <ul className={s.navList}>
              {NAV_BEFORE_SERVICES.map(renderLink)}
              <li>
                <ServicesDropdown active={currentPath?.startsWith('/services/') ?? false} />
              </li>
              {NAV_AFTER_SERVICES.map(renderLink)}
            </ul>
          </nav>
          <div className={s.actions}>
            <LanguageToggle testId="lang-toggle" />
            <AppLink to={APP_PATH} className={`${button({ variant: 'onDark', size: 'sm' })} ${s.goToApp}`} data-testid="go-to-app">
              <Trans>Vào ứng dụng</Trans>
            </AppLink>
            <button
              ref={menuButtonRef}
              type="button"
              className={s.menuButton}
              aria-label={t`Mở menu`}
              aria-expanded={menuOpen}
              aria-controls={menuMounted ? menuId : undefined}
              data-testid="mobile-menu-button"
              onClick={() => {
                setMenuMounted(true);
                setMenuOpen(true);
              }}
            >
              <IconMenu size={24} strokeWidth={1.75} />
            </button>
          </div>
        </div>
      </header>
      {menuMounted && (
        <Suspense fallback={null}>
          <MobileMenu id={menuId} open={menuOpen} onClose={closeMenu} currentPath={currentPath} />
        </Suspense>
      )}
    </>
  );
}
