import { useId, useRef, useState, type RefObject } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useRouterState } from '@tanstack/react-router';
import { Drawer } from '../../../ui/Drawer.tsx';
import { IconClose } from '../../../ui/icons/app/IconClose.tsx';
import { IconMenu } from '../../../ui/icons/app/IconMenu.tsx';
import { Brand } from './Brand.tsx';
import { SidebarContent } from './SidebarContent.tsx';
import * as s from './sidebar.css.ts';

/**
 * Below 1024 px on every sidebar page except /dashboard (docs/product-rules.md#studio-sidebar): the wordmark and a menu
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
      {open && <SidebarDrawer id={drawerId} onClose={() => setOpenOn(null)} returnFocusTo={buttonRef} />}
    </>
  );
}

interface DrawerProps {
  id: string;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** The sidebar as a modal drawer (src/ui/Drawer.tsx): it starts on its close button. */
function SidebarDrawer({ id, onClose, returnFocusTo }: DrawerProps) {
  const { t } = useLingui();
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <Drawer id={id} label={t`Menu studio`} onClose={onClose} initialFocusRef={closeRef} returnFocusRef={returnFocusTo} testId="drawer">
      <SidebarContent
        onNavigate={onClose}
        closeButton={
          <button ref={closeRef} type="button" className={s.iconButton} aria-label={t`Đóng menu`} data-testid="drawer-close" onClick={onClose}>
            <IconClose size={22} />
          </button>
        }
      />
    </Drawer>
  );
}
