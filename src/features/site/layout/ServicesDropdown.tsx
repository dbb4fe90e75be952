import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { Trans } from '@lingui/react/macro';
import { useLingui } from '@lingui/react';
import { AppLink } from '../../../ui/link.tsx';
import { useDismiss } from '../../../ui/use-dismiss.ts';
import { IconChevronDown } from '../../../ui/icons/app/IconChevronDown.tsx';
import { SERVICE_MENU, TOOLS } from '../services.ts';
import * as s from './Header.css.ts';

type FocusTarget = 'first' | 'last';

function linksIn(list: HTMLElement | null): HTMLAnchorElement[] {
  return [...(list?.querySelectorAll<HTMLAnchorElement>('a[href]') ?? [])];
}

function focusIn(list: HTMLElement | null, target: FocusTarget) {
  const all = linksIn(list);
  (target === 'first' ? all[0] : all.at(-1))?.focus();
}

/**
 * The header's Services dropdown (a disclosure of links). Opens on click; from the keyboard
 * Enter, Space or ArrowDown open it and focus the first link, arrows move between links,
 * Escape closes it and returns focus to the button. A pointer press outside closes it.
 */
export function ServicesDropdown({ active }: { active: boolean }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const pendingFocus = useRef<FocusTarget | null>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    // The panel is visible now: keyboard openings move focus into it.
    if (pendingFocus.current) {
      focusIn(listRef.current, pendingFocus.current);
      pendingFocus.current = null;
    }
  }, [open]);

  useDismiss({
    open,
    containerRef: rootRef,
    onDismiss: (reason) => {
      setOpen(false);
      if (reason === 'escape') triggerRef.current?.focus();
    },
  });

  const onTriggerClick = (event: MouseEvent<HTMLButtonElement>) => {
    // detail is 0 for a click synthesised from Enter or Space.
    if (!open && event.detail === 0) pendingFocus.current = 'first';
    setOpen(!open);
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const target: FocusTarget = event.key === 'ArrowDown' ? 'first' : 'last';
    if (open) focusIn(listRef.current, target);
    else {
      pendingFocus.current = target;
      setOpen(true);
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = linksIn(listRef.current);
    const index = all.indexOf(document.activeElement as HTMLAnchorElement);
    let next: HTMLAnchorElement | undefined;
    if (event.key === 'ArrowDown') next = all[(index + 1) % all.length];
    else if (event.key === 'ArrowUp') next = all[(index - 1 + all.length) % all.length];
    else if (event.key === 'Home') next = all[0];
    else if (event.key === 'End') next = all.at(-1);
    if (!next) return;
    event.preventDefault();
    next.focus();
  };

  // Tabbing out of the dropdown closes it, as a click elsewhere does.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const to = event.relatedTarget as Node | null;
    if (open && to && !rootRef.current?.contains(to)) setOpen(false);
  };

  return (
    <div ref={rootRef} className={s.dropdown} onBlur={onBlur}>
      <button
        ref={triggerRef}
        type="button"
        className={s.navLink}
        aria-expanded={open}
        aria-controls={menuId}
        data-active={active ? 'true' : undefined}
        data-testid="services-trigger"
        onClick={onTriggerClick}
        onKeyDown={onTriggerKeyDown}
      >
        <Trans>Dịch vụ</Trans>
        <IconChevronDown size={16} strokeWidth={1.75} className={s.chevron} />
      </button>
      <div id={menuId} className={s.dropdownPanel} hidden={!open} data-testid="services-menu">
        {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- arrow keys between the links inside */}
        <ul ref={listRef} className={s.dropdownList} onKeyDown={onListKeyDown}>
          {SERVICE_MENU.map((id) => {
            const tool = TOOLS[id];
            const Icon = tool.icon;
            return (
              <li key={id}>
                <AppLink to={tool.to} className={s.dropdownItem} onClick={() => setOpen(false)}>
                  <span className={s.dropdownIcon}>
                    <Icon size={20} />
                  </span>
                  <span>
                    <span className={s.itemName}>{i18n._(tool.name)}</span> <span className={s.itemSummary}>{i18n._(tool.summary)}</span>
                  </span>
                </AppLink>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
