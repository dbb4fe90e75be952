import type { ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChipButton } from '../../ui/Chip.tsx';
import { STATUS_FILTER_LABELS, STATUS_FILTERS, TOOL_FILTER_LABELS, TOOL_FILTERS, type StatusFilter, type ToolFilter } from '../generations/filters.ts';
import type { HistorySearchChange } from './HistoryPage.tsx';
import * as s from './history.css.ts';

/** The tool chips (the dashboard's seven) and the status chips of /history; each is a toggle button. */
export function HistoryFilters({
  tool,
  status,
  onSearchChange,
}: {
  tool: ToolFilter;
  status: StatusFilter;
  onSearchChange: (next: HistorySearchChange) => void;
}) {
  const { t } = useLingui();
  return (
    <div className={s.filters}>
      <ChipGroup
        label={<Trans>Công cụ</Trans>}
        name={t`Lọc theo công cụ`}
        testId="history-tool-filters"
        values={TOOL_FILTERS}
        labels={TOOL_FILTER_LABELS}
        current={tool}
        onPick={(value) => onSearchChange({ tool: value, job: undefined })}
      />
      <ChipGroup
        label={<Trans>Trạng thái</Trans>}
        name={t`Lọc theo trạng thái`}
        testId="history-status-filters"
        values={STATUS_FILTERS}
        labels={STATUS_FILTER_LABELS}
        current={status}
        onPick={(value) => onSearchChange({ status: value, job: undefined })}
      />
    </div>
  );
}

/** One row of toggle chips under its visible label (`name` is the group's accessible name); each chip carries `data-filter`. */
function ChipGroup<T extends string>({
  label,
  name,
  testId,
  values,
  labels,
  current,
  onPick,
}: {
  label: ReactNode;
  name: string;
  testId: string;
  values: readonly T[];
  labels: Readonly<Record<T, MessageDescriptor>>;
  current: T;
  onPick: (value: T) => void;
}) {
  const { i18n } = useLingui();
  return (
    <div className={s.chips} role="group" aria-label={name} data-testid={testId}>
      <span className={s.chipsLabel} aria-hidden="true">
        {label}
      </span>
      {values.map((value) => (
        <ChipButton key={value} pressed={value === current} data-filter={value} onClick={() => onPick(value)}>
          {i18n._(labels[value])}
        </ChipButton>
      ))}
    </div>
  );
}
