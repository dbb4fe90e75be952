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
  const { t, i18n } = useLingui();
  return (
    <div className={s.filters}>
      <div className={s.chips} role="group" aria-label={t`Lọc theo công cụ`} data-testid="history-tool-filters">
        <span className={s.chipsLabel} aria-hidden="true">
          <Trans>Công cụ</Trans>
        </span>
        {TOOL_FILTERS.map((value) => (
          <ChipButton key={value} pressed={value === tool} data-filter={value} onClick={() => onSearchChange({ tool: value, job: undefined })}>
            {i18n._(TOOL_FILTER_LABELS[value])}
          </ChipButton>
        ))}
      </div>
      <div className={s.chips} role="group" aria-label={t`Lọc theo trạng thái`} data-testid="history-status-filters">
        <span className={s.chipsLabel} aria-hidden="true">
          <Trans>Trạng thái</Trans>
        </span>
        {STATUS_FILTERS.map((value) => (
          <ChipButton key={value} pressed={value === status} data-filter={value} onClick={() => onSearchChange({ status: value, job: undefined })}>
            {i18n._(STATUS_FILTER_LABELS[value])}
          </ChipButton>
        ))}
      </div>
    </div>
  );
}
