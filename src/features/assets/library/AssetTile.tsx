import { memo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Asset } from '../../../contract/media.schema.ts';
import type { UseInTarget } from '../incoming-asset.ts';
import { mediaSrc } from '../../../lib/media-src.ts';
import { IconImage } from '../../../ui/icons/media/IconImage.tsx';
import { ThumbBadges } from '../shared/ThumbBadges.tsx';
import { UseInPopover } from './UseInMenu.tsx';
import * as s from './library.css.ts';

/** Pixel size the thumbnails are made at (THUMBNAIL_SIDE_PX): the intrinsic size the browser reserves. */
const THUMB_INTRINSIC_PX = 400;

/**
 * What a tile can ask of the screen. One object for every tile, stable across renders (the
 * screen reads its latest state through refs), so a tile re-renders only when its own asset,
 * selection or focus changes.
 */
export interface TileHandlers {
  /** A click on the thumbnail: opens the viewer, or selects while selecting (shift: a range; ctrl/⌘: one). */
  activate: (index: number, modifiers: { shift: boolean; toggle: boolean }) => void;
  /** The checkbox (shift: a range from the last one toggled). */
  toggle: (index: number, shift: boolean) => void;
  /** Enter: opens the viewer. */
  open: (index: number) => void;
  /** Arrow keys, Home, End, Page Up/Down: moves the grid's focus; true when handled. */
  move: (index: number, key: string) => boolean;
  /** A tile took focus (by click or Tab): it becomes the grid's tab stop. */
  focus: (index: number) => void;
  use: (asset: Asset, target: UseInTarget) => void;
  /** The "use in" button: opens this tile's popup (or closes it). */
  menu: (index: number) => void;
  /** The popup closed itself (a choice, Escape, a press outside); `focusTrigger` after Escape. */
  closeMenu: (index: number, focusTrigger: boolean) => void;
  /** The caption's second line: the tool (or upload) and the day. */
  describe: (asset: Asset) => string;
}

export interface AssetTileProps {
  asset: Asset;
  index: number;
  selected: boolean;
  /** The grid's one tab stop (roving focus): its controls are tabbable, other tiles' are not. */
  tabbable: boolean;
  /** This tile's "use in" popup is open (one at a time, held by the grid). */
  menuOpen: boolean;
  handlers: TileHandlers;
  /** The "keep offline" switch for the asset's menu (null while none is available). */
  renderPin: ((asset: Asset) => ReactNode) | null;
  /**
   * False while the grid flies past faster than anyone can look (LibraryGrid's fast scroll): a
   * tile that gets a new asset then shows its empty box, and its image loads once the scroll
   * slows. A tile already showing its image keeps it.
   */
  loadImage: boolean;
}

/**
 * One library tile: a square thumbnail (its box sized before the image loads: no layout shift;
 * lazy, decoded off the main thread), the video length, the name, the tool and the day; a
 * checkbox and the "use in" menu over it. Memoised: props are plain values and stable handlers.
 * The grid reuses a tile for another asset while scrolling: nothing in it may outlive its asset.
 *
 * Test ids: `library-tile` (`data-asset-id`, `data-selected`, `data-item` = position), `library-tile-open`, `library-tile-name`,
 * `library-tile-check`.
 */
export const AssetTile = memo(function AssetTile({ asset, index, selected, tabbable, menuOpen, handlers, renderPin, loadImage }: AssetTileProps) {
  const { t } = useLingui();
  // The tile is reused for other assets as the grid scrolls (LibraryGrid's recycled rows): a
  // failed image counts for its own asset only.
  const [brokenId, setBrokenId] = useState<string | null>(null);
  const broken = brokenId === asset.id;
  // The asset whose image this tile has asked for: it stays while the grid flies on.
  const imageFor = useRef<string | null>(null);
  if (loadImage) imageFor.current = asset.id;
  const showImage = imageFor.current === asset.id;
  const isVideo = asset.media_type === 'video';
  const tabIndex = tabbable ? 0 : -1;
  const name = asset.name;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys typed in the menu are the menu's.
    if ((event.target as HTMLElement).closest('[data-menu-open="true"]')) return;
    if (event.key === 'Enter' && event.target === event.currentTarget.querySelector('[data-open]')) {
      event.preventDefault();
      handlers.open(index);
      return;
    }
    if (event.key === ' ' && event.target === event.currentTarget.querySelector('[data-open]')) {
      event.preventDefault();
      handlers.toggle(index, event.shiftKey);
      return;
    }
    if (handlers.move(index, event.key)) event.preventDefault();
  };

  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    handlers.activate(index, { shift: event.shiftKey, toggle: event.ctrlKey || event.metaKey });
  };

  return (
    // oxlint-disable-next-line jsx-a11y/interactive-supports-focus -- the cell's own controls take focus (roving tab stop)
    <div
      role="gridcell"
      aria-selected={selected}
      className={s.tile}
      data-testid="library-tile"
      data-asset-id={asset.id}
      data-item={index}
      data-selected={selected}
      onKeyDown={onKeyDown}
      onFocus={() => handlers.focus(index)}
    >
      <button
        type="button"
        className={s.open}
        tabIndex={tabIndex}
        aria-label={isVideo ? t`Xem video ${name}` : t`Xem ảnh ${name}`}
        data-open
        data-testid="library-tile-open"
        onClick={onClick}
      >
        <span className={s.thumb}>
          {broken ? (
            <IconImage size={32} />
          ) : !showImage ? null : (
            // A new element per asset: a reused one would show the previous picture until the next loads.
            <img
              key={asset.id}
              className={s.thumbImage}
              src={mediaSrc(asset.thumbnail_url)}
              alt=""
              width={THUMB_INTRINSIC_PX}
              height={THUMB_INTRINSIC_PX}
              loading="lazy"
              decoding="async"
              draggable={false}
              onError={() => setBrokenId(asset.id)}
            />
          )}
          <ThumbBadges asset={asset} videoClassName={s.badge} kindClassName={s.kindBadge} />
        </span>
      </button>
      <label className={s.check} data-testid="library-tile-check">
        <input
          type="checkbox"
          className={s.checkInput}
          checked={selected}
          tabIndex={tabIndex}
          aria-label={t`Chọn ${name}`}
          onChange={(event) => handlers.toggle(index, (event.nativeEvent as globalThis.MouseEvent).shiftKey === true)}
        />
        <span className={s.checkMark} aria-hidden="true" />
      </label>
      <div className={s.menuAnchor} data-menu-open={menuOpen}>
        <button
          type="button"
          className={s.menuTrigger}
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? `use-in-${asset.id}` : undefined}
          aria-label={t`Dùng “${name}” trong…`}
          tabIndex={tabIndex}
          data-testid="use-in-trigger"
          onClick={() => handlers.menu(index)}
        >
          <span className={s.dotsGlyph} aria-hidden="true" />
        </button>
        {menuOpen ? (
          <UseInPopover
            id={`use-in-${asset.id}`}
            asset={asset}
            onUse={handlers.use}
            onClose={(focusTrigger) => handlers.closeMenu(index, focusTrigger)}
            renderExtra={renderPin ? () => renderPin(asset) : undefined}
          />
        ) : null}
      </div>
      <div className={s.caption}>
        <span className={s.name} title={name} data-testid="library-tile-name">
          {name}
        </span>
        {/* One line under a tile: a long one (a tool's name and the date) is cut, its title says it whole, as the name's does. */}
        <span className={s.meta} title={handlers.describe(asset)}>
          {handlers.describe(asset)}
        </span>
      </div>
    </div>
  );
});
