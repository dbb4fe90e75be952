import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { IconClose } from '../../../ui/icons/app/IconClose.tsx';
import { IconDownload } from '../../../ui/icons/media/IconDownload.tsx';
import * as s from './library.css.ts';

export interface SelectionBarProps {
  count: number;
  onDownload: () => void;
  onDelete: () => void;
  onClear: () => void;
  /** A multi-file download is under way: done so far of total. */
  downloading: { done: number; total: number } | null;
}

/**
 * The bar over the library while assets are selected: how many, download, delete, clear.
 *
 * Test ids: `library-selection-bar`, `library-selection-count`, `library-download-selected`,
 * `library-delete-selected`, `library-clear-selection`.
 */
export function SelectionBar({ count, onDownload, onDelete, onClear, downloading }: SelectionBarProps) {
  const { t } = useLingui();
  const done = downloading?.done ?? 0;
  const total = downloading?.total ?? 0;
  return (
    <div className={s.selectionBar} role="region" aria-label={t`Các tệp đã chọn`} data-testid="library-selection-bar">
      <span className={s.selectionCount} role="status" data-testid="library-selection-count" data-count={count}>
        <Plural value={count} other="Đã chọn # tệp" />
      </span>
      <button
        type="button"
        className={s.barButton}
        disabled={downloading !== null}
        aria-busy={downloading !== null}
        data-testid="library-download-selected"
        onClick={onDownload}
      >
        <IconDownload size={18} />
        {downloading ? (
          <Trans>
            Đang tải {done}/{total}…
          </Trans>
        ) : (
          <Trans>Tải xuống</Trans>
        )}
      </button>
      <button type="button" className={s.barDanger} data-testid="library-delete-selected" onClick={onDelete}>
        <Trans>Xóa</Trans>
      </button>
      <button type="button" className={s.barButton} aria-label={t`Bỏ chọn`} title={t`Bỏ chọn`} data-testid="library-clear-selection" onClick={onClear}>
        <IconClose size={18} />
      </button>
    </div>
  );
}
