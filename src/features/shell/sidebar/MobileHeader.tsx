import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useRouterState } from '@tanstack/react-router';
import { Brand } from './Brand.tsx';
import { IconClose, IconMenu } from '../../../ui/icons/index.ts';
import { SidebarContent } from './SidebarContent.tsx';
import * as s from './sidebar.css.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(container: HTMLElement | null): HTMLElement[] {
  if (!container) return [];
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.getClientRects().length > 0,
  );
}

/**
 * Below 1024 px on every sidebar page except /dashboard (spec §2): the wordmark and a menu
 * button that opens the sidebar as a drawer.
 */
export function MobileHeader() {
  const { t } = useLingui();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // The drawer remembers the path it was opened on, so any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const drawerId = useId();
  return (
    <>
      <header className={s.bar}>
        <Brand />
        <button
          ref={buttonRef}
          type="button"
          className={s.iconButton}
          aria-expanded={open}
          aria-controls={drawerId}
          aria-label={t`Mở menu`}
          data-testid="mobile-drawer-button"
          onClick={() => setOpenOn(pathname)}
        >
          <IconMenu size={24} />
        </button>
      </header>
      {open && <Drawer id={drawerId} onClose={() => setOpenOn(null)} returnFocusTo={buttonRef} />}
    </>
  );
}

interface DrawerProps {
  id: string;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** A modal drawer: focus stays inside, Escape or the backdrop close it, focus then returns. */
function Drawer({ id, onClose, returnFocusTo }: DrawerProps) {
  const { t } = useLingui();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    closeRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    // Focus that leaves the drawer some other way than Tab (a screen reader, a click) comes back.
    const onFocusIn = (event: FocusEvent) => {
      if (panelRef.current && !panelRef.current.contains(event.target as Node)) closeRef.current?.focus();
    };
    // Escape closes (unless the account menu inside already used it); Tab cycles inside.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(panelRef.current);
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onKeyDown);
    const returnTarget = returnFocusTo.current;
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKeyDown);
      returnTarget?.focus();
    };
  }, [returnFocusTo]);

  return (
    <div className={s.drawerRoot}>
      <button type="button" className={s.drawerBackdrop} tabIndex={-1} aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        id={id}
        className={s.drawerPanel}
        role="dialog"
        aria-modal="true"
        aria-label={t`Menu studio`}
        data-testid="drawer"
      >
        <SidebarContent
          onNavigate={onClose}
          closeButton={
            <button
              ref={closeRef}
              type="button"
              className={s.iconButton}
              aria-label={t`Đóng menu`}
              data-testid="drawer-close"
              onClick={onClose}
            >
              <IconClose size={22} />
            </button>
          }
        />
      </div>
    </div>
  );
}
