/**
 * The assets picker popup (docs/product-rules.md#assets-picker, #asset-roles, 'Failed to load assets',
 * 'Failed to select asset'): the caller's library in a modal, tabs all / images / videos /
 * upscaled, a search by name, infinite scroll, and a selection for one studio input (a role).
 *
 * Stable test ids (e2e):
 * - `assets-picker`            the dialog; `assets-picker-close` its close button
 * - `assets-picker-tab`        each tab, `data-tab` = all | image | video | upscaled
 * - `assets-picker-search`     the search box
 * - `asset-option`             each tile, `data-asset-id`, aria-selected
 * - `assets-picker-error`      'Failed to load assets' with `assets-picker-retry`
 * - `assets-picker-empty`      nothing to show
 * - `assets-picker-problem`    'Failed to select asset' and why
 * - `assets-picker-confirm`    the confirm button (shows the count)
 */
import { useId, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Asset } from '../../../contract/media.schema.ts';
import type { AssetRole, MediaType } from '../../../contract/media.ts';
import { byId, useCursorList } from '../../../lib/cursor-list.ts';
import { button } from '../../../ui/button.ts';
import { assetQueryOptions, assetsInfiniteQueryOptions, linksExpiring } from '../../media/api.ts';
import { AssetSearchBox, AssetTabs } from '../shared/FilterControls.tsx';
import { CloseButton, Modal } from '../../../ui/Modal.tsx';
import { useDebouncedValue } from '../shared/use-debounced-value.ts';
import { visuallyHidden } from '../../../ui/a11y.css.ts';
import { acceptedMediaTypes, selectionProblem, tabKind, toggleSelection, visibleTabs, type PickerTab, type SelectionProblem } from './selection.ts';
import { PanelContent } from './PickerPanel.tsx';
import * as s from './picker.css.ts';

/** The search waits this long after the last keystroke before asking the server, in ms. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface AssetsPickerProps {
  /** Mounted and shown while true; closing unmounts it, so each opening starts afresh. */
  open: boolean;
  onClose: () => void;
  /** The chosen assets, in the order they were picked (fresh links). The picker then closes. */
  onSelect: (assets: Asset[]) => void;
  /** What the pick is for: only assets that can serve it are listed (server filter) and accepted. */
  role?: AssetRole;
  /** Media types accepted; by default what the role implies (video for `video`, else image), or both. */
  accept?: readonly MediaType[];
  multiple?: boolean;
  /** Most assets a multiple pick may hold. */
  max?: number;
  /** Fewest assets a multiple pick needs before it can be confirmed (default 1). */
  min?: number;
  /** Already chosen assets, shown selected. */
  initialSelection?: readonly Asset[];
  initialTab?: PickerTab;
  /** Overrides the title derived from the role. */
  title?: string;
}

const ROLE_TITLES: Record<AssetRole, MessageDescriptor> = {
  model: msg`Chọn ảnh người mẫu`,
  garment: msg`Chọn ảnh trang phục`,
  face: msg`Chọn ảnh khuôn mặt`,
  hair: msg`Chọn ảnh mẫu tóc`,
  image: msg`Chọn ảnh`,
  video: msg`Chọn video`,
  mask: msg`Chọn mặt nạ`,
};

const TAB_LABELS: Record<PickerTab, MessageDescriptor> = {
  all: msg`Tất cả`,
  image: msg`Ảnh`,
  video: msg`Video`,
  upscaled: msg`Đã làm nét`,
};

interface Problem {
  title: string;
  detail: string;
}

export function AssetsPicker(props: AssetsPickerProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return <PickerDialog {...props} />;
}

function PickerDialog({
  onClose,
  onSelect,
  role,
  accept,
  multiple = false,
  max,
  min = 1,
  initialSelection = [],
  initialTab = 'all',
  title,
}: AssetsPickerProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const titleId = useId();
  const panelId = useId();
  const tabIdPrefix = useId();

  const accepted = useMemo(() => acceptedMediaTypes(role, accept), [role, accept]);
  const tabs = useMemo(() => visibleTabs(accepted), [accepted]);
  const [tab, setTab] = useState<PickerTab>(tabs.includes(initialTab) ? initialTab : 'all');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [selected, setSelected] = useState<Asset[]>(() => [...initialSelection]);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [confirming, setConfirming] = useState(false);
  // A single pick never exceeds one; `max` below 1 would make every pick impossible.
  const limit = multiple ? (max !== undefined ? Math.max(1, max) : undefined) : 1;

  const list = useCursorList(assetsInfiniteQueryOptions({ kind: tabKind(tab), role, q }), { unique: byId });
  const { query, loadMore } = list;
  const items = useMemo(() => list.items ?? [], [list.items]);

  const problemText = (reason: SelectionProblem): string => {
    if (reason === 'wrongRole') return t`Tệp này không dùng được cho mục này.`;
    return accepted.includes('video') ? t`Ở đây cần một video, không phải ảnh.` : t`Ở đây cần một ảnh, không phải video.`;
  };

  const toggle = (asset: Asset) => {
    const reason = selectionProblem(asset, role, accepted);
    if (reason) {
      setProblem({ title: t`Không chọn được tệp`, detail: problemText(reason) });
      return;
    }
    setProblem(null);
    const result = toggleSelection(selected, asset, { multiple, max: limit });
    if (result.limitReached) {
      const most = limit ?? 0;
      setAnnouncement(t({ message: plural(most, { other: 'Bạn chỉ có thể chọn tối đa # tệp.' }) }));
      return;
    }
    setAnnouncement('');
    setSelected(result.selected);
  };

  const confirm = async () => {
    if (selected.length === 0 || confirming) return;
    setConfirming(true);
    setProblem(null);
    try {
      const chosen: Asset[] = [];
      for (const asset of selected) {
        const reason = selectionProblem(asset, role, accepted);
        if (reason) {
          setProblem({ title: t`Không chọn được tệp`, detail: `${asset.name}: ${problemText(reason)}` });
          return;
        }
        // A studio keeps the asset a while before submitting it; links about to expire are
        // renewed now, which also tells a deleted asset apart before it is used.
        if (linksExpiring(asset)) {
          try {
            chosen.push(await queryClient.fetchQuery({ ...assetQueryOptions(asset.id), staleTime: 0 }));
          } catch {
            const name = asset.name;
            setProblem({ title: t`Không chọn được tệp`, detail: t`Không tải được tệp “${name}”. Có thể tệp đã bị xóa.` });
            return;
          }
        } else {
          chosen.push(asset);
        }
      }
      onSelect(chosen);
      onClose();
    } finally {
      setConfirming(false);
    }
  };

  const count = selected.length;
  const canConfirm = count >= (multiple ? Math.max(1, min) : 1) && !confirming;
  const dialogTitle = title ?? (role ? i18n._(ROLE_TITLES[role]) : t`Thư viện của bạn`);

  return (
    <Modal onClose={onClose} labelledBy={titleId} size="wide" testId="assets-picker">
      <div className={s.header}>
        <h2 id={titleId} className={s.title}>
          {dialogTitle}
        </h2>
        <CloseButton onClose={onClose} testId="assets-picker-close" />
      </div>

      <div className={s.toolbar}>
        <AssetTabs tabs={tabs} active={tab} labels={TAB_LABELS} onChange={setTab} panelId={panelId} idPrefix={tabIdPrefix} testId="assets-picker-tab" />
        <AssetSearchBox value={search} onChange={setSearch} testId="assets-picker-search" />
      </div>

      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={`${tabIdPrefix}-${tab}`}
        aria-busy={query.isPending || query.isFetchingNextPage}
        className={s.panel}
        data-testid="assets-picker-panel"
      >
        <PanelContent
          status={query.status}
          hasNextPage={query.hasNextPage}
          isFetchingNextPage={query.isFetchingNextPage}
          nextPageFailed={query.isFetchNextPageError}
          onRetry={() => void query.refetch()}
          onLoadMore={loadMore}
          items={items}
          q={q}
          selected={selected}
          accepted={accepted}
          role={role}
          multiple={multiple}
          onToggle={toggle}
        />
      </div>

      <div className={visuallyHidden} role="status" aria-live="polite">
        {announcement}
      </div>

      <div className={s.footer}>
        <div className={s.footerInfo}>
          {problem ? (
            <div className={s.problem} role="alert" data-testid="assets-picker-problem">
              <span className={s.problemTitle}>{problem.title}</span>
              <span>{problem.detail}</span>
            </div>
          ) : null}
          {announcement ? <span aria-hidden="true">{announcement}</span> : null}
          {multiple ? (
            <span data-testid="assets-picker-count">
              {limit !== undefined ? (
                <Trans>
                  Đã chọn {count}/{limit}
                </Trans>
              ) : (
                <Trans>Đã chọn {count}</Trans>
              )}
            </span>
          ) : null}
        </div>
        <div className={s.actions}>
          <button type="button" className={button({ variant: 'secondary' })} onClick={onClose}>
            <Trans>Hủy</Trans>
          </button>
          <button
            type="button"
            className={button({ variant: 'primary' })}
            disabled={!canConfirm}
            aria-busy={confirming}
            data-testid="assets-picker-confirm"
            onClick={() => void confirm()}
          >
            {count > 0 ? <Trans>Chọn ({count})</Trans> : <Trans>Chọn</Trans>}
          </button>
        </div>
      </div>
    </Modal>
  );
}
