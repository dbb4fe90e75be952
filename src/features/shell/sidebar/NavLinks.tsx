import { useRouterState } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { sessionUserAtom } from '../../../lib/session.ts';
import { AppLink } from '../../../ui/link.tsx';
import { IconLogout } from '../../../ui/icons/app/IconLogout.tsx';
import { isNavItemActive, NAV, PRIMARY_NAV, SECONDARY_NAV, type NavItem } from '../../registry/nav-items.ts';
import { STUDIO_NAV } from '../../registry/nav-items.ts';
import { SIDEBAR_ORDER } from '../../registry/studios.ts';
import { useLogout } from './use-logout.ts';
import * as s from './sidebar.css.ts';

/** Entries after which the sidebar starts a new visual group (assistants, studios, account). */
const GROUP_STARTS: ReadonlySet<NavItem> = new Set<NavItem>([NAV.chat, STUDIO_NAV[SIDEBAR_ORDER[0]], NAV.apiManagement]);

function Entry({ item, pathname, onNavigate }: { item: NavItem; pathname: string; onNavigate?: () => void }) {
  const { i18n } = useLingui();
  const Icon = item.icon;
  const active = isNavItemActive(pathname, item);
  return (
    <AppLink to={item.to} className={s.navLink} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
      <Icon className={s.navIcon} size={18} />
      <span className={s.navLabel}>{i18n._(item.label)}</span>
    </AppLink>
  );
}

interface NavLinksProps {
  /** 'column' in the sidebar and drawer; 'grid' in the dashboard's top-bar menu. */
  layout: 'column' | 'grid';
  onNavigate?: () => void;
}

/**
 * The studio's entries in the order of docs/product-rules.md#studio-sidebar, then History, Settings, Help and, when signed in,
 * Logout. The current entry carries aria-current="page".
 */
export function NavLinks({ layout, onNavigate }: NavLinksProps) {
  const { t } = useLingui();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const user = useAtomValue(sessionUserAtom);
  const logout = useLogout();
  const listClass = layout === 'grid' ? s.topMenuGrid : s.navList;
  return (
    <>
      <ul className={listClass} aria-label={t`Công cụ`}>
        {PRIMARY_NAV.map((item) => (
          <li key={item.to} className={layout === 'column' && GROUP_STARTS.has(item) ? s.groupStart : undefined}>
            <Entry item={item} pathname={pathname} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
      <ul className={`${listClass} ${s.groupStart}`} aria-label={t`Tài khoản và trợ giúp`}>
        {SECONDARY_NAV.map((item) => (
          <li key={item.to}>
            <Entry item={item} pathname={pathname} onNavigate={onNavigate} />
          </li>
        ))}
        {user && (
          <li>
            <button
              type="button"
              className={s.navLink}
              data-testid="nav-logout"
              onClick={() => {
                onNavigate?.();
                logout();
              }}
            >
              <IconLogout className={s.navIcon} size={18} />
              <span className={s.navLabel}>
                <Trans>Đăng xuất</Trans>
              </span>
            </button>
          </li>
        )}
      </ul>
    </>
  );
}
