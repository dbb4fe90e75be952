import { useSyncExternalStore, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Header } from './Header.tsx';
import { Footer } from './Footer.tsx';
import * as s from './SiteLayout.css.ts';
import { splitLocale } from '../paths.ts';

interface SiteLayoutProps {
  /** The header starts transparent over the page's hero (the home page). */
  transparentHeader: boolean;
  /** The path shown, when the caller knows it (the SPA); the static site reads it once mounted. */
  currentPath?: string;
  children: ReactNode;
}

// On the static site every navigation loads a new page, so the path never changes under us.
const subscribeNever = () => () => undefined;
// The path without its language prefix: /en/about is the about page, like /about.
const readPathname = () => splitLocale(window.location.pathname.replace(/(.)\/+$/, '$1')).path;
// The pre-rendered HTML does not know where it will be served; hydration starts from this.
const serverPathname = () => undefined;

/** The public pages' frame: skip link, header, `<main id="main">`, footer. */
export function SiteLayout({ transparentHeader, currentPath, children }: SiteLayoutProps) {
  const locationPath = useSyncExternalStore(subscribeNever, readPathname, serverPathname);

  return (
    <div className={s.shell}>
      <a href="#main" className={s.skipLink}>
        <Trans>Chuyển đến nội dung chính</Trans>
      </a>
      <Header transparent={transparentHeader} currentPath={currentPath ?? locationPath} />
      <main id="main" tabIndex={-1} className={s.main}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
