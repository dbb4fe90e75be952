import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { displayName, isAdmin, type SessionUser } from '../../../lib/session.ts';
import { AppLink } from '../../../ui/link.tsx';
import { useDismiss } from '../../../ui/use-dismiss.ts';
import { Avatar } from './Avatar.tsx';
import { IconChevronDown } from '../../../ui/icons/app/IconChevronDown.tsx';
import { IconChevronUpDown } from '../../../ui/icons/app/IconChevronUpDown.tsx';
import { IconLogout } from '../../../ui/icons/app/IconLogout.tsx';
import { IconShield } from '../../../ui/icons/app/IconShield.tsx';
import { IconUser } from '../../../ui/icons/app/IconUser.tsx';
import { useLogout } from './use-logout.ts';
import { visuallyHidden } from '../../../ui/a11y.css.ts';
import * as am from './account-menu.css.ts';

interface AccountMenuProps {
  user: SessionUser;
  /** 'up' from the sidebar's foot, 'down' from a top bar. */
  placement: 'up' | 'down';
  /** Only the avatar in the trigger (top bar); the menu then starts with the name and email. */
  compact?: boolean;
  /** Called after a menu item is chosen, e.g. to close the drawer around it. */
  onNavigate?: () => void;
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]')) : [];
}

/**
 * The account card and its dropdown (docs/product-rules.md#studio-sidebar): Profile Settings, Admin Dashboard for admins,
 * Logout. A menu button: Enter, Space or the arrows open it on the first (or last) item,
 * the arrows, Home and End move, Escape closes it and returns focus, Tab or a click outside
 * closes it.
 */
export function AccountMenu({ user, placement, compact = false, onNavigate }: AccountMenuProps) {
  const { t } = useLingui();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last'>('first');
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const name = displayName(user, t`Người dùng`);

  useEffect(() => {
    if (!open) return;
    const items = menuItems(menuRef.current);
    (focusOnOpen === 'first' ? items[0] : items.at(-1))?.focus();
  }, [open, focusOnOpen]);

  // Escape is handled by the menu's own key handler (it also returns focus).
  useDismiss({ open, containerRef: rootRef, onDismiss: () => setOpen(false), escape: false });

  const openMenu = (focus: 'first' | 'last') => {
    setFocusOnOpen(focus);
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = menuItems(menuRef.current);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => items[(i + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(items.length - 1);
        break;
      case 'Escape':
        // Only the menu closes; a drawer around it stays open.
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
      case 'Tab':
        setOpen(false);
        break;
      default:
        break;
    }
  };

  const choose = () => {
    setOpen(false);
    onNavigate?.();
  };

  return (
    <div className={am.account} ref={rootRef}>
      <button
        ref={triggerRef}
        type="button"
        className={compact ? am.accountTriggerCompact : am.accountTrigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid="account-menu-button"
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onTriggerKeyDown}
      >
        <Avatar user={user} size={compact ? 34 : 36} />
        {compact ? (
          <>
            <span className={visuallyHidden}>{t`Tài khoản: ${name}`}</span>
            <IconChevronDown size={16} />
          </>
        ) : (
          <>
            {/* A long name or address is cut here: the title, and the open menu's header, show it whole. */}
            <span className={am.accountText} title={`${name}\n${user.email}`}>
              <span className={am.accountName}>{name}</span>
              <span className={am.accountEmail}>{user.email}</span>
            </span>
            <IconChevronUpDown size={18} />
          </>
        )}
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          tabIndex={-1}
          aria-label={t`Tài khoản`}
          className={`${am.menu} ${am.menuPlacement[placement]}`}
          data-testid="account-menu"
          onKeyDown={onMenuKeyDown}
        >
          <div className={am.menuHeader} role="presentation">
            <span className={am.menuHeaderName}>{name}</span>
            <span className={am.menuHeaderEmail} data-wrap-anywhere>
              {user.email}
            </span>
          </div>
          <AppLink to="/profile" role="menuitem" tabIndex={-1} className={am.menuItem} onClick={choose}>
            <IconUser size={18} />
            <Trans>Cài đặt hồ sơ</Trans>
          </AppLink>
          {isAdmin(user) && (
            <AppLink to="/admin" role="menuitem" tabIndex={-1} className={am.menuItem} onClick={choose} data-testid="admin-link">
              <IconShield size={18} />
              <Trans>Trang quản trị</Trans>
            </AppLink>
          )}
          <hr className={am.menuSeparator} />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={`${am.menuItem} ${am.menuItemDanger}`}
            data-testid="account-logout"
            onClick={() => {
              choose();
              logout();
            }}
          >
            <IconLogout size={18} />
            <Trans>Đăng xuất</Trans>
          </button>
        </div>
      )}
    </div>
  );
}
