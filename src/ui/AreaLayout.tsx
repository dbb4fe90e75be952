import type { ReactNode } from 'react';
import { AppLink } from './link.tsx';
import * as s from './area-layout.css.ts';

export interface AreaLink {
  /** An absolute app path. */
  to: string;
  label: ReactNode;
  /** Other paths that show the same screen, where this link is the current one too. */
  alsoAt?: readonly string[];
  testId?: string;
}

export interface AreaLayoutProps {
  /** The navigation's accessible name ("Quản trị"). */
  navLabel: string;
  links: readonly AreaLink[];
  /** Where the reader is: the link to it carries aria-current="page". */
  pathname: string;
  testId?: string;
  children: ReactNode;
}

/** Whether `link` is the screen at `pathname` (a trailing slash aside). */
export function isAreaLinkCurrent(link: AreaLink, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path === link.to || (link.alsoAt ?? []).includes(path);
}

/**
 * An area of screens of its own (admin…): its navigation, a row of links that wraps on narrow
 * screens, then the current screen. Links are plain links: Tab reaches them, Enter follows them.
 */
export function AreaLayout({ navLabel, links, pathname, testId, children }: AreaLayoutProps) {
  return (
    <div data-testid={testId}>
      <nav className={s.nav} aria-label={navLabel}>
        <ul className={s.list}>
          {links.map((link) => (
            <li key={link.to}>
              <AppLink to={link.to} className={s.link} aria-current={isAreaLinkCurrent(link, pathname) ? 'page' : undefined} data-testid={link.testId}>
                {link.label}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}
