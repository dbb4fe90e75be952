/**
 * "Dùng trong…": the studios and inputs an asset fits (incoming-asset.ts), as a disclosure
 * popup under its button. Choosing one opens the studio with the asset in that input
 * (`/<studio>?asset=<id>&as=<role>`). Below the targets, `renderExtra` (the "keep offline" switch).
 *
 * Two shapes: `UseInMenu` (its own button and open state: the review dialog) and
 * `UseInPopover` alone, mounted only while open, so a grid of thousands of tiles keeps one
 * plain button per tile and no hooks (the grid holds which tile's popup is open).
 *
 * Test ids: `use-in-trigger`, `use-in-menu`, `use-in-option` (`data-studio`, `data-role`).
 */
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Asset } from '../../../contract/media.schema.ts';
import { IconDots } from '../../../ui/icons/app/IconDots.tsx';
import { useDismiss } from '../../../ui/use-dismiss.ts';
import { targetsFor, type UseInTarget } from '../incoming-asset.ts';
import { ROLE_USE_LABELS, STUDIO_LABELS } from './labels.ts';
import * as s from './library.css.ts';

/** Height of one option in px (the menu item's min-height), to decide whether the popup fits below. */
const OPTION_PX = 48;
/** Room the popup keeps for its heading, the extra slot and its padding, in px. */
const MENU_CHROME_PX = 120;
/** The menu's narrowest width (library.css.ts `menu`) and the margin kept from the window's edge, in px. */
const MENU_MIN_PX = 240;
const EDGE_PX = 8;

export interface UseInPopoverProps {
  id: string;
  asset: Asset;
  onUse: (asset: Asset, target: UseInTarget) => void;
  /** Closes the popup; `focusTrigger` when focus should go back to its button (Escape). */
  onClose: (focusTrigger: boolean) => void;
  /** The element holding the button and the popup (a press inside it does not close); the popup's parent when absent. */
  containerRef?: RefObject<HTMLElement | null>;
  renderExtra?: () => ReactNode;
}

/** The open popup: its options, arrow keys between them, closed by Escape or a press outside. */
export function UseInPopover({ id, asset, onUse, onClose, containerRef, renderExtra }: UseInPopoverProps) {
  const { t, i18n } = useLingui();
  const menuRef = useRef<HTMLDivElement>(null);
  const parentRef = useRef<HTMLElement | null>(null);
  const container = containerRef ?? parentRef;
  const [side, setSide] = useState<'bottom' | 'top'>('bottom');
  const [align, setAlign] = useState<'end' | 'start'>('end');
  const targets = targetsFor(asset);
  useDismiss({ open: true, containerRef: container, onDismiss: (reason) => onClose(reason === 'escape') });

  // Opens upwards when the options would run past the bottom of the window; the first option takes focus.
  useLayoutEffect(() => {
    parentRef.current = menuRef.current?.parentElement ?? null;
    const rect = container.current?.getBoundingClientRect();
    const needed = targets.length * OPTION_PX + MENU_CHROME_PX;
    if (rect && rect.bottom + needed > window.innerHeight && rect.top > needed) setSide('top');
    // Lined up with the trigger's right edge, unless that runs past the window's left edge (a tile in the first column).
    if (rect && rect.right - MENU_MIN_PX < EDGE_PX) setAlign('start');
    menuRef.current?.querySelector<HTMLElement>('[data-option]')?.focus({ preventScroll: true });
    // Once, on opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Arrows move between the options (Tab works too: this is a disclosure, not a menu). */
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[data-option]') ?? []);
    if (items.length === 0) return;
    event.preventDefault();
    event.stopPropagation();
    const index = items.indexOf(document.activeElement as HTMLElement);
    const next = event.key === 'ArrowDown' ? (index + 1) % items.length : (index - 1 + items.length) % items.length;
    items[next]?.focus();
  };

  return (
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- arrow keys between the options inside
    <div
      ref={menuRef}
      id={id}
      className={s.menu}
      data-side={side}
      data-align={align}
      role="group"
      aria-label={t`Dùng trong…`}
      data-testid="use-in-menu"
      onKeyDown={onKeyDown}
    >
      <p className={s.menuHeading}>
        <Trans>Dùng trong…</Trans>
      </p>
      {targets.map((target) => (
        <button
          key={`${target.studio}:${target.role}`}
          type="button"
          className={s.menuItem}
          data-option
          data-testid="use-in-option"
          data-studio={target.studio}
          data-role={target.role}
          onClick={() => {
            onClose(false);
            onUse(asset, target);
          }}
        >
          <span>{i18n._(STUDIO_LABELS[target.studio])}</span>
          <span className={s.menuItemHint}>{i18n._(ROLE_USE_LABELS[target.role])}</span>
        </button>
      ))}
      {renderExtra ? (
        <>
          <div className={s.menuSeparator} />
          <div className={s.menuExtra}>{renderExtra()}</div>
        </>
      ) : null}
    </div>
  );
}

export interface UseInMenuProps {
  asset: Asset;
  onUse: (asset: Asset, target: UseInTarget) => void;
  renderExtra?: () => ReactNode;
}

/** The labelled button and its popup, with its own open state (the review dialog's top bar). */
export function UseInMenu({ asset, onUse, renderExtra }: UseInMenuProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  return (
    <div ref={rootRef} className={s.menuRoot} data-menu-open={open}>
      <button
        ref={triggerRef}
        type="button"
        className={s.reviewAction}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid="use-in-trigger"
        onClick={() => setOpen((current) => !current)}
      >
        <IconDots />
        {t`Dùng trong…`}
      </button>
      {open ? (
        <UseInPopover
          id={menuId}
          asset={asset}
          onUse={onUse}
          containerRef={rootRef}
          renderExtra={renderExtra}
          onClose={(focusTrigger) => {
            setOpen(false);
            if (focusTrigger) triggerRef.current?.focus();
          }}
        />
      ) : null}
    </div>
  );
}
