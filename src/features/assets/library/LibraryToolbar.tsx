import { Trans, useLingui } from '@lingui/react/macro';
import { ASSET_SORTS, type AssetSort, type AssetTool } from '../../../contract/media.schema.ts';
import { button } from '../../../ui/button.ts';
import { Select, TextInput } from '../../../ui/Field.tsx';
import { AssetSearchBox, AssetTabs } from '../shared/FilterControls.tsx';
import { SORT_LABELS, TAB_LABELS, TOOL_LABELS } from './labels.ts';
import { TOOL_OPTIONS, visibleLibraryTabs, type LibrarySearch } from './search.ts';
import * as s from './library.css.ts';

export interface LibraryToolbarProps {
  search: LibrarySearch;
  onChange: (patch: Partial<LibrarySearch>) => void;
  /** The search box's text (the screen debounces it into `search.q`). */
  text: string;
  onTextChange: (text: string) => void;
  panelId: string;
  tabIdPrefix: string;
  filtered: boolean;
  onClearFilters: () => void;
  /** Select every asset loaded; null while there is nothing to select. */
  onSelectAll: (() => void) | null;
  /** Whether the person has masks (working files): their tab shows then. */
  hasMasks: boolean;
}

/** Today as YYYY-MM-DD in the person's time zone (the date inputs' latest day). */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * The library's tabs (all, images, videos, upscaled, and masks when there are some), search by name, tool filter, date range and
 * sort. Every control writes the address (LibrarySearch); the search box through a debounce.
 *
 * Test ids: `library-tab` (`data-tab`), `library-search`, `library-tool`, `library-from`,
 * `library-to`, `library-sort`, `library-clear-filters`, `library-select-all`.
 */
export function LibraryToolbar({
  search,
  onChange,
  text,
  onTextChange,
  panelId,
  tabIdPrefix,
  filtered,
  onClearFilters,
  onSelectAll,
  hasMasks,
}: LibraryToolbarProps) {
  const { t, i18n } = useLingui();
  const max = today();

  return (
    <div className={s.toolbar}>
      <div className={s.toolbarRow}>
        <AssetTabs
          tabs={visibleLibraryTabs(search.tab, hasMasks)}
          active={search.tab}
          labels={TAB_LABELS}
          onChange={(tab) => onChange({ tab })}
          panelId={panelId}
          idPrefix={tabIdPrefix}
          testId="library-tab"
        />
        <AssetSearchBox value={text} onChange={onTextChange} testId="library-search" />
      </div>
      <div className={s.toolbarRow}>
        <Select
          label={<Trans>Công cụ</Trans>}
          fieldClassName={s.filter}
          value={search.tool ?? ''}
          data-testid="library-tool"
          onChange={(event) => onChange({ tool: (event.target.value || undefined) as AssetTool | undefined })}
        >
          <option value="">{t`Tất cả công cụ`}</option>
          {TOOL_OPTIONS.map((tool) => (
            <option key={tool} value={tool}>
              {i18n._(TOOL_LABELS[tool])}
            </option>
          ))}
        </Select>
        <TextInput
          label={<Trans>Từ ngày</Trans>}
          fieldClassName={s.filter}
          type="date"
          value={search.from ?? ''}
          max={search.to ?? max}
          data-testid="library-from"
          onChange={(event) => onChange({ from: event.target.value || undefined })}
        />
        <TextInput
          label={<Trans>Đến ngày</Trans>}
          fieldClassName={s.filter}
          type="date"
          value={search.to ?? ''}
          min={search.from}
          max={max}
          data-testid="library-to"
          onChange={(event) => onChange({ to: event.target.value || undefined })}
        />
        <Select
          label={<Trans>Sắp xếp</Trans>}
          fieldClassName={s.filter}
          value={search.sort}
          data-testid="library-sort"
          onChange={(event) => onChange({ sort: event.target.value as AssetSort })}
        >
          {ASSET_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {i18n._(SORT_LABELS[sort])}
            </option>
          ))}
        </Select>
        <div className={s.toolbarEnd}>
          {filtered ? (
            <button type="button" className={button({ variant: 'ghost', size: 'sm' })} data-testid="library-clear-filters" onClick={onClearFilters}>
              <Trans>Xóa bộ lọc</Trans>
            </button>
          ) : null}
          <button
            type="button"
            className={button({ variant: 'secondary', size: 'sm' })}
            disabled={!onSelectAll}
            data-testid="library-select-all"
            onClick={() => onSelectAll?.()}
          >
            <Trans>Chọn tất cả</Trans>
          </button>
        </div>
      </div>
    </div>
  );
}
