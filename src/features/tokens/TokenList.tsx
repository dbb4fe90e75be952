import { createContext, useContext } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ApiToken, TokenStats as Stats } from '../../contract/tokens.schema.ts';
import { formatCount, formatDate, formatPercent, formatRelativeTime, NO_FIGURE } from '../../lib/format.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { Card } from '../../ui/Card.tsx';
import { Chip } from '../../ui/Chip.tsx';
import { Table, type Column } from '../../ui/Table.tsx';
import { serviceName, STATUS_LABELS, STATUS_TONES } from './labels.ts';
import * as s from './tokens.css.ts';

/** "atl_live_Ab3x…": the shown characters and an ellipsis for the rest (never the secret). */
export const prefixText = (prefix: string) => `${prefix}…`;

/** The four stats (docs/product-rules.md#api-tokens). Test ids `stat-<name>`. */
export function TokenStats({ stats }: { stats: Stats }) {
  const { locale } = useLocale();
  const items = [
    { id: 'total', label: <Trans>Tổng số token</Trans>, value: formatCount(stats.total_tokens, locale) },
    { id: 'active', label: <Trans>Token đang hoạt động</Trans>, value: formatCount(stats.active_tokens, locale) },
    { id: 'requests', label: <Trans>Yêu cầu hôm nay</Trans>, value: formatCount(stats.requests_today, locale) },
    // No requests yet today: no rate to give.
    { id: 'error-rate', label: <Trans>Tỉ lệ lỗi hôm nay</Trans>, value: stats.error_rate === null ? NO_FIGURE : formatPercent(stats.error_rate, locale) },
  ];
  return (
    <ul className={s.stats} data-testid="token-stats">
      {items.map((item) => (
        <Card as="li" key={item.id} className={s.statCard}>
          <span className={s.muted}>{item.label}</span>
          <span className={s.statValue} data-testid={`stat-${item.id}`}>
            {item.value}
          </span>
        </Card>
      ))}
    </ul>
  );
}

export function StatusChip({ token }: { token: Pick<ApiToken, 'status'> }) {
  const { i18n } = useLingui();
  return (
    <Chip tone={STATUS_TONES[token.status]} data-testid="token-status" data-status={token.status}>
      {i18n._(STATUS_LABELS[token.status])}
    </Chip>
  );
}

export function PermissionChips({ token }: { token: Pick<ApiToken, 'permissions'> }) {
  const { i18n } = useLingui();
  return (
    <span className={s.chipRow}>
      {token.permissions.map((service) => (
        <Chip key={service} tone="outline" data-testid="token-permission" data-service={service}>
          {serviceName(i18n, service)}
        </Chip>
      ))}
    </span>
  );
}

function LastUsed({ token }: { token: ApiToken }) {
  const { locale } = useLocale();
  if (!token.last_used_at) return <Trans>Chưa dùng</Trans>;
  return <time dateTime={token.last_used_at}>{formatRelativeTime(token.last_used_at, locale)}</time>;
}

function Expiry({ token }: { token: ApiToken }) {
  const { locale } = useLocale();
  if (!token.expires_at) return <Trans>Không hết hạn</Trans>;
  return <time dateTime={token.expires_at}>{formatDate(token.expires_at, locale)}</time>;
}

function Created({ token }: { token: ApiToken }) {
  const { locale } = useLocale();
  return <time dateTime={token.created_at}>{formatDate(token.created_at, locale)}</time>;
}

function RateLimit({ token }: { token: ApiToken }) {
  const { locale } = useLocale();
  const { t } = useLingui();
  return <span className={s.nowrap}>{t`${formatCount(token.rate_limit, locale)}/phút`}</span>;
}

/** What a row's name does (the page opens the detail): the columns are module-level, so a cell reads it here. */
const OpenContext = createContext<(id: string) => void>(() => undefined);

function NameCell({ token }: { token: ApiToken }) {
  const onOpen = useContext(OpenContext);
  return (
    <button type="button" className={s.rowButton} data-testid="token-open" data-token={token.id} onClick={() => onOpen(token.id)}>
      {token.name}
    </button>
  );
}

const COLUMNS: readonly Column<ApiToken>[] = [
  { id: 'name', header: <Trans>Tên</Trans>, rowHeader: true, sortValue: (row) => row.name, cell: (row) => <NameCell token={row} /> },
  {
    id: 'prefix',
    header: <Trans>Mã nhận diện</Trans>,
    cell: (row) => (
      <code className={`${s.mono} ${s.nowrap}`} data-testid="token-prefix">
        {prefixText(row.prefix)}
      </code>
    ),
  },
  { id: 'permissions', header: <Trans>Quyền</Trans>, cell: (row) => <PermissionChips token={row} /> },
  { id: 'rate', header: <Trans>Giới hạn</Trans>, align: 'end', sortValue: (row) => row.rate_limit, cell: (row) => <RateLimit token={row} /> },
  { id: 'status', header: <Trans>Trạng thái</Trans>, sortValue: (row) => row.status, cell: (row) => <StatusChip token={row} /> },
  { id: 'created', header: <Trans>Ngày tạo</Trans>, sortValue: (row) => row.created_at, cell: (row) => <Created token={row} /> },
  { id: 'last-used', header: <Trans>Dùng lần cuối</Trans>, sortValue: (row) => row.last_used_at, cell: (row) => <LastUsed token={row} /> },
  { id: 'expires', header: <Trans>Hết hạn</Trans>, sortValue: (row) => row.expires_at, cell: (row) => <Expiry token={row} /> },
];

export interface TokenListProps {
  tokens: readonly ApiToken[] | undefined;
  status: 'loading' | 'error' | 'ready';
  onRetry: () => void;
  onOpen: (id: string) => void;
}

/**
 * The tokens (never a secret): the name opens the detail (a button, so a tap and Enter both do),
 * the prefix, the permissions, the rate limit, the status, created, last used and expiry. Test
 * ids `tokens` (the table) and per row `token-open` (`data-token`), `token-prefix`,
 * `token-status` (`data-status`), `token-permission` (`data-service`).
 */
export function TokenList({ tokens, status, onRetry, onOpen }: TokenListProps) {
  return (
    <OpenContext.Provider value={onOpen}>
      <Table
        caption={<Trans>Token API của bạn</Trans>}
        hideCaption
        columns={COLUMNS}
        rows={tokens}
        rowKey={(row) => row.id}
        status={status}
        error={<Trans>Không tải được danh sách token</Trans>}
        onRetry={onRetry}
        testId="tokens"
        // Eight columns fit only a wide screen: beside the sidebar each token is a card.
        stackBelow={1200}
      />
    </OpenContext.Provider>
  );
}
