import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconSearch } from '../../../ui/icons/media/IconSearch.tsx';
import { visuallyHidden } from '../../../ui/a11y.css.ts';
import { Tabs } from '../../../ui/Tabs.tsx';
import * as s from './filter-controls.css.ts';

/**
 * The assets picker's and /your-assets' filter controls: the kind tabs (a WAI-ARIA tablist:
 * arrows, Home and End move the selection and the focus) and the name search box (Escape in a
 * filled box clears it, so a dialog around it closes only on the next Escape).
 */

export interface AssetTabsProps<T extends string> {
  tabs: readonly T[];
  active: T;
  labels: Readonly<Record<T, MessageDescriptor>>;
  onChange: (tab: T) => void;
  /** The tab panel the tabs control, and the prefix of each tab's id (`<prefix>-<tab>`). */
  panelId: string;
  idPrefix: string;
  testId: string;
}

export function AssetTabs<T extends string>({ tabs, active, labels, onChange, panelId, idPrefix, testId }: AssetTabsProps<T>) {
  const { t, i18n } = useLingui();
  return (
    <Tabs
      tabs={tabs}
      active={active}
      onChange={onChange}
      renderLabel={(tab) => i18n._(labels[tab])}
      label={t`Loại tệp`}
      panelId={panelId}
      idPrefix={idPrefix}
      testId={testId}
    />
  );
}

export interface AssetSearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  testId: string;
}

export function AssetSearchBox({ value, onChange, testId }: AssetSearchBoxProps) {
  const { t } = useLingui();
  return (
    <label className={s.search}>
      <span className={visuallyHidden}>
        <Trans>Tìm theo tên</Trans>
      </span>
      <IconSearch className={s.searchIcon} size={18} />
      <input
        type="search"
        className={s.searchInput}
        value={value}
        maxLength={200}
        placeholder={t`Tìm theo tên tệp…`}
        data-testid={testId}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value) {
            event.preventDefault();
            onChange('');
          }
        }}
      />
    </label>
  );
}
