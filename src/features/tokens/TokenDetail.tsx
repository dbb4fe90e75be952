import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CreatedToken, TokenDetail as Detail } from '../../contract/tokens.schema.ts';
import { ApiError } from '../../lib/api.ts';
import { formatCount, formatDate, formatRelativeTime } from '../../lib/format.ts';
import { useOnline } from '../../lib/offline/online.ts';
import { notify } from '../../lib/toast.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { button } from '../../ui/button.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Drawer } from '../../ui/Drawer.tsx';
import { CloseButton } from '../../ui/Modal.tsx';
import { ErrorState } from '../../ui/States.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { tokenErrorText } from './labels.ts';
import { tokenDetailQueryOptions, useDeleteToken, useRegenerateToken, useUpdateToken } from './queries.ts';
import { SecretDialog } from './SecretReveal.tsx';
import { Deliveries, RequestLog, WebhookSecret } from './TokenActivity.tsx';
import { PermissionChips, prefixText, StatusChip } from './TokenList.tsx';
import { TokenSettings } from './TokenSettings.tsx';
import { UsageChart } from './UsageChart.tsx';
import * as s from './tokens.css.ts';
import { apiErrorText } from '../../lib/error-words.ts';

export interface TokenDetailDrawerProps {
  id: string;
  onClose: () => void;
}

/**
 * A token's detail in a drawer (its address is `?token=<id>`): the active toggle, the settings,
 * requests per day, the last requests, the webhook signing secret and deliveries, Regenerate and
 * Delete. A token of another account, or one deleted since, answers 404 like an unknown one and
 * the drawer says so. Test ids `token-detail`, `token-detail-loading`, `token-detail-error`,
 * `token-detail-missing`, `token-detail-offline`.
 */
export function TokenDetailDrawer({ id, onClose }: TokenDetailDrawerProps) {
  const { i18n, t } = useLingui();
  const detail = useQuery(tokenDetailQueryOptions(id));
  const online = useOnline();
  let body;
  if (detail.data) body = <DetailBody detail={detail.data} online={online} onDeleted={onClose} />;
  else if (detail.isError && detail.error instanceof ApiError && detail.error.status === 404) {
    body = (
      <p className={s.notice} role="alert" data-testid="token-detail-missing">
        <Trans>Không tìm thấy token. Có thể token đã bị xóa.</Trans>
      </p>
    );
  } else if (detail.isError) {
    body = (
      <ErrorState title={<Trans>Không tải được chi tiết token</Trans>} onRetry={() => void detail.refetch()} variant="compact" testId="token-detail-error">
        <p className={s.muted}>{apiErrorText(i18n, detail.error)}</p>
      </ErrorState>
    );
  } else if (detail.fetchStatus === 'paused') {
    body = (
      <p className={s.notice} role="status" data-testid="token-detail-offline">
        <Trans>Bạn đang ngoại tuyến. Chi tiết token sẽ tự tải khi có mạng trở lại.</Trans>
      </p>
    );
  } else {
    body = (
      <p className={s.muted} role="status" aria-busy="true" data-testid="token-detail-loading">
        <Trans>Đang tải…</Trans>
      </p>
    );
  }
  return (
    <Drawer
      label={detail.data ? t`Token ${detail.data.token.name}` : t`Chi tiết token`}
      side="end"
      onClose={onClose}
      className={s.drawer}
      testId="token-detail"
    >
      <div className={s.drawerHead}>
        <h2 className={s.sectionTitle}>{detail.data ? detail.data.token.name : <Trans>Chi tiết token</Trans>}</h2>
        <CloseButton onClose={onClose} testId="token-detail-close" />
      </div>
      <div className={s.drawerBody}>{body}</div>
    </Drawer>
  );
}

function DetailBody({ detail, online, onDeleted }: { detail: Detail; online: boolean; onDeleted: () => void }) {
  const { i18n, t } = useLingui();
  const { locale } = useLocale();
  const { token } = detail;
  const toggle = useUpdateToken(token.id);
  const regenerate = useRegenerateToken(token.id);
  const remove = useDeleteToken();
  const [confirm, setConfirm] = useState<'regenerate' | 'delete' | null>(null);
  const [revealed, setRevealed] = useState<CreatedToken | null>(null);

  const setActive = async (active: boolean) => {
    try {
      await toggle.mutateAsync({ active });
    } catch (error) {
      notify.error(t`Không cập nhật được token`, { description: tokenErrorText(i18n, error) });
    }
  };
  const onRegenerate = async () => {
    setConfirm(null);
    try {
      setRevealed(await regenerate.mutateAsync());
    } catch (error) {
      notify.error(t`Không tạo lại được token`, { description: tokenErrorText(i18n, error) });
    }
  };
  const onDelete = async () => {
    setConfirm(null);
    try {
      await remove.mutateAsync(token.id);
      notify.success(t`Đã xóa token “${token.name}”`);
      onDeleted();
    } catch (error) {
      notify.error(t`Không xóa được token`, { description: tokenErrorText(i18n, error) });
    }
  };

  const expired = token.status === 'expired';
  const used = formatCount(token.credits_used, locale);
  return (
    <>
      {!online ? (
        <p className={s.notice} role="status" data-testid="token-detail-offline-note">
          <Trans>Bạn đang ngoại tuyến. Đây là dữ liệu đã tải; bật tắt, lưu, tạo lại, xóa và gửi lại webhook cần có mạng.</Trans>
        </p>
      ) : null}
      <div className={s.section}>
        <div className={s.actions}>
          <StatusChip token={token} />
          <code className={s.mono}>{prefixText(token.prefix)}</code>
        </div>
        <PermissionChips token={token} />
        <Switch
          checked={token.active}
          onChange={(next) => void setActive(next)}
          label={<Trans>Cho phép dùng token</Trans>}
          hint={
            expired ? (
              <Trans>Token đã hết hạn: bật lại không làm nó dùng được. Hãy tạo token mới.</Trans>
            ) : (
              <Trans>Khi tắt, mọi yêu cầu dùng token này bị từ chối cho đến khi bạn bật lại.</Trans>
            )
          }
          disabled={!online || toggle.isPending}
          busy={toggle.isPending}
          testId="token-active"
        />
        <dl className={s.facts}>
          <dt>
            <Trans>Ngày tạo</Trans>
          </dt>
          <dd>{formatDate(token.created_at, locale)}</dd>
          <dt>
            <Trans>Dùng lần cuối</Trans>
          </dt>
          <dd>{token.last_used_at ? formatRelativeTime(token.last_used_at, locale) : <Trans>Chưa dùng</Trans>}</dd>
          <dt>
            <Trans>Hết hạn</Trans>
          </dt>
          <dd>{token.expires_at ? formatDate(token.expires_at, locale) : <Trans>Không hết hạn</Trans>}</dd>
          <dt>
            <Trans>Tín dụng</Trans>
          </dt>
          <dd data-testid="token-credits">
            {token.credit_cap === null ? t`Đã dùng ${used} tín dụng (không giới hạn)` : t`Đã dùng ${used} / ${formatCount(token.credit_cap, locale)} tín dụng`}
          </dd>
        </dl>
      </div>

      {/* Keyed by the token's settings: a saved change (or another tab's) starts the form from them again. */}
      <TokenSettings
        key={`${token.id}|${token.name}|${token.permissions.join()}|${token.rate_limit}|${token.credit_cap}|${token.webhook_url}`}
        token={token}
        online={online}
      />

      <section className={s.section} aria-labelledby="token-usage-title">
        <h3 id="token-usage-title" className={s.sectionTitle}>
          <Trans>Yêu cầu mỗi ngày</Trans>
        </h3>
        <UsageChart days={detail.usage} />
      </section>

      <RequestLog requests={detail.requests} />

      <section className={s.section} aria-labelledby="token-webhooks-title">
        <h3 id="token-webhooks-title" className={s.sectionTitle}>
          <Trans>Webhook</Trans>
        </h3>
        <WebhookSecret secret={detail.webhook_secret} />
        <Deliveries tokenId={token.id} deliveries={detail.deliveries} online={online} />
      </section>

      <section className={s.section} aria-labelledby="token-danger-title">
        <h3 id="token-danger-title" className={s.sectionTitle}>
          <Trans>Tạo lại hoặc xóa</Trans>
        </h3>
        <div className={s.actions}>
          <button
            type="button"
            className={button({ variant: 'secondary' })}
            disabled={!online || regenerate.isPending}
            aria-busy={regenerate.isPending}
            onClick={() => setConfirm('regenerate')}
            data-testid="token-regenerate"
          >
            <Trans>Tạo lại token</Trans>
          </button>
          <button
            type="button"
            className={`${button({ variant: 'secondary' })} ${s.dangerText}`}
            disabled={!online || remove.isPending}
            aria-busy={remove.isPending}
            onClick={() => setConfirm('delete')}
            data-testid="token-delete"
          >
            <Trans>Xóa token</Trans>
          </button>
        </div>
      </section>

      {confirm === 'regenerate' ? (
        <ConfirmDialog
          title={<Trans>Tạo lại token “{token.name}”?</Trans>}
          confirmLabel={<Trans>Tạo lại</Trans>}
          onConfirm={() => void onRegenerate()}
          onCancel={() => setConfirm(null)}
          testId="regenerate"
        >
          <Trans>
            Token hiện tại sẽ ngừng hoạt động ngay lập tức. Mọi hệ thống đang dùng nó cần được cập nhật token mới. Cài đặt, lịch sử dùng và webhook được giữ
            nguyên.
          </Trans>
        </ConfirmDialog>
      ) : null}
      {confirm === 'delete' ? (
        <ConfirmDialog
          title={<Trans>Xóa token “{token.name}”?</Trans>}
          confirmLabel={<Trans>Xóa</Trans>}
          onConfirm={() => void onDelete()}
          onCancel={() => setConfirm(null)}
          testId="delete"
        >
          <Trans>Token sẽ ngừng hoạt động ngay lập tức, cùng với nhật ký yêu cầu của nó. Không thể hoàn tác.</Trans>
        </ConfirmDialog>
      ) : null}
      {revealed ? (
        <SecretDialog
          secret={revealed.secret}
          title={<Trans>Token mới của “{token.name}”</Trans>}
          onDone={() => {
            setRevealed(null);
            // The mutation's own copy of the answer goes too.
            regenerate.reset();
          }}
        />
      ) : null}
    </>
  );
}
