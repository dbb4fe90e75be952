import { useId, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui, Plural } from '@lingui/react/macro';
import { MEDIA_BUDGET_CHOICES_BYTES } from '../../kernel/media-cache-policy.ts';
import { mediaCacheSupported, mediaCacheUsage, setMediaCacheBudget } from '../../lib/offline/media-cache.ts';
import { periodicSyncStatus } from '../../lib/offline/periodic-sync.ts';
import { clearSavedCopies } from '../../lib/offline/wipe.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { notify } from '../../lib/toast.ts';
import { button } from '../../ui/button.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Select } from '../../ui/Field.tsx';
import { formatBytes } from '../../lib/format.ts';
import { offlineMediaKeys } from './use-pinned-asset.ts';
import * as p from '../../ui/section.css.ts';
import * as s from './offline.css.ts';

type NotificationState = NotificationPermission | 'unsupported';

function notificationState(): NotificationState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  if (!estimate || estimate.usage === undefined || estimate.quota === undefined) return null;
  return { usage: estimate.usage, quota: estimate.quota };
}

function Row({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className={s.row}>
      <p className={s.rowTitle}>{title}</p>
      {children}
    </div>
  );
}

/**
 * The offline section of /profile (docs/product-rules.md#profile): space used on the device, the media cache's budget
 * and pinned items, clearing the saved copies, notification permission, and whether background
 * updates (Periodic Background Sync) and the app badge work in this browser.
 */
export function OfflineSettings() {
  const { t } = useLingui();
  const { locale } = useLocale();
  const client = useQueryClient();
  const headingId = useId();
  const [confirmClear, setConfirmClear] = useState(false);
  const [clearing, setClearing] = useState(false);
  const [notifications, setNotifications] = useState<NotificationState>(notificationState);

  const usage = useQuery({ queryKey: offlineMediaKeys.usage(), queryFn: mediaCacheUsage, networkMode: 'always', staleTime: 0 });
  const estimate = useQuery({ queryKey: offlineMediaKeys.estimate(), queryFn: storageEstimate, networkMode: 'always', staleTime: 0 });
  const periodic = useQuery({ queryKey: offlineMediaKeys.periodicSync(), queryFn: periodicSyncStatus, networkMode: 'always', staleTime: 0 });
  const badgeSupported = typeof navigator !== 'undefined' && 'setAppBadge' in navigator;
  const size = (bytes: number) => formatBytes(bytes, locale);

  const onBudget = async (bytes: number) => {
    try {
      client.setQueryData(offlineMediaKeys.usage(), await setMediaCacheBudget(bytes));
    } catch {
      notify.error(t`Không đổi được giới hạn bộ nhớ`, { description: t`Hãy tải lại trang rồi thử lại.` });
    }
    void client.invalidateQueries({ queryKey: offlineMediaKeys.all });
  };

  const onClear = async () => {
    // The dialog closes at once; the button says "Đang xóa…" until the copies are gone.
    setConfirmClear(false);
    setClearing(true);
    try {
      await clearSavedCopies();
      notify.success(t`Đã xóa dữ liệu ngoại tuyến`);
    } finally {
      setClearing(false);
      void client.invalidateQueries({ queryKey: offlineMediaKeys.all });
    }
  };

  const onEnableNotifications = async () => {
    try {
      setNotifications(await Notification.requestPermission());
    } catch {
      setNotifications(notificationState());
    }
  };

  const usedBytes = estimate.data ? size(estimate.data.usage) : '…';
  const quotaBytes = estimate.data ? size(estimate.data.quota) : '…';
  const mediaBytes = usage.data ? size(usage.data.bytes) : '…';
  const fileCount = usage.data?.count ?? 0;
  const pinnedCount = usage.data?.pinnedAssets ?? 0;
  const currentBudget = usage.data?.budget;
  const choices: number[] = [...MEDIA_BUDGET_CHOICES_BYTES];
  if (currentBudget && !choices.includes(currentBudget)) choices.push(currentBudget);
  choices.sort((a, b) => a - b);

  return (
    <section className={p.section} aria-labelledby={headingId} data-testid="offline-settings">
      <h2 id={headingId} className={p.sectionTitle}>
        <Trans>Dữ liệu ngoại tuyến</Trans>
      </h2>
      <p className={p.lead}>
        <Trans>Atelier lưu dữ liệu, ảnh và video bạn đã xem trên thiết bị này để mở được cả khi không có mạng.</Trans>
      </p>

      <dl className={s.figures}>
        <Figure
          label={<Trans>Bộ nhớ thiết bị đã dùng</Trans>}
          value={usedBytes}
          testId="offline-storage-used"
          note={estimate.data && <Trans>Tối đa {quotaBytes}</Trans>}
        />
        <Figure label={<Trans>Ảnh và video đã lưu</Trans>} value={mediaBytes} testId="offline-media-bytes" note={<Plural value={fileCount} other="# tệp" />} />
        <Figure label={<Trans>Mục giữ ngoại tuyến</Trans>} value={pinnedCount} testId="offline-pinned-count" />
      </dl>

      <div className={s.rows}>
        <div className={s.row}>
          <Select
            label={<Trans>Giới hạn bộ nhớ cho ảnh và video</Trans>}
            hint={<Trans>Khi vượt giới hạn, các tệp lâu không xem bị xóa trước; mục giữ ngoại tuyến không bao giờ bị xóa.</Trans>}
            className={s.budget}
            value={currentBudget ?? ''}
            disabled={!currentBudget || !mediaCacheSupported()}
            onChange={(event) => void onBudget(Number(event.target.value))}
            data-testid="offline-budget"
          >
            {!currentBudget && <option value="">…</option>}
            {choices.map((bytes) => (
              <option key={bytes} value={bytes}>
                {size(bytes)}
              </option>
            ))}
          </Select>
        </div>

        <Row title={<Trans>Xóa bản lưu trên thiết bị</Trans>}>
          <div className={s.rowActions}>
            <button
              type="button"
              className={button({ variant: 'secondary', size: 'sm' })}
              disabled={clearing}
              onClick={() => setConfirmClear(true)}
              data-testid="offline-clear"
            >
              {clearing ? <Trans>Đang xóa…</Trans> : <Trans>Xóa dữ liệu ngoại tuyến</Trans>}
            </button>
          </div>
          {confirmClear ? (
            <ConfirmDialog
              title={<Trans>Xóa dữ liệu ngoại tuyến</Trans>}
              confirmLabel={<Trans>Xóa</Trans>}
              onConfirm={() => void onClear()}
              onCancel={() => setConfirmClear(false)}
              testId="offline-clear"
            >
              <p>
                <Trans>Xóa mọi dữ liệu, ảnh và video đã lưu trên thiết bị này, kể cả mục giữ ngoại tuyến? Các tệp đang chờ tải lên vẫn được giữ.</Trans>
              </p>
            </ConfirmDialog>
          ) : null}
        </Row>

        <Row title={<Trans>Thông báo</Trans>}>
          <p className={s.rowText} data-testid="offline-notifications">
            {notifications === 'granted' ? (
              <span className={s.good}>
                <Trans>Đã bật: bạn được báo khi ảnh hoặc video tạo xong.</Trans>
              </span>
            ) : notifications === 'denied' ? (
              <Trans>Đã bị chặn. Hãy cho phép thông báo trong phần cài đặt trang web của trình duyệt.</Trans>
            ) : notifications === 'unsupported' ? (
              <Trans>Trình duyệt này không hỗ trợ thông báo.</Trans>
            ) : (
              <Trans>Chưa bật.</Trans>
            )}
          </p>
          {notifications === 'default' && (
            <div className={s.rowActions}>
              <button
                type="button"
                className={button({ variant: 'secondary', size: 'sm' })}
                onClick={() => void onEnableNotifications()}
                data-testid="offline-enable-notifications"
              >
                <Trans>Bật thông báo</Trans>
              </button>
            </div>
          )}
        </Row>

        <Row title={<Trans>Cập nhật nền</Trans>}>
          <p className={s.rowText} data-testid="offline-periodic-sync" data-state={periodic.data ?? 'checking'}>
            {periodic.data === 'registered' ? (
              <span className={s.good}>
                <Trans>Đang bật: ứng dụng kiểm tra định kỳ các lượt tạo đang chạy, kể cả khi đã đóng.</Trans>
              </span>
            ) : periodic.data === 'denied' ? (
              <Trans>Trình duyệt hỗ trợ nhưng chưa cho phép (thường cần cài ứng dụng): kết quả sẽ đến khi bạn mở ứng dụng.</Trans>
            ) : periodic.data === 'unsupported' ? (
              <Trans>Trình duyệt này không hỗ trợ đồng bộ nền định kỳ: kết quả sẽ đến khi bạn mở ứng dụng.</Trans>
            ) : (
              <Trans>Đang kiểm tra…</Trans>
            )}
          </p>
        </Row>

        <Row title={<Trans>Số trên biểu tượng ứng dụng</Trans>}>
          <p className={s.rowText}>
            {badgeSupported ? (
              <Trans>Được hỗ trợ: biểu tượng hiện số kết quả mới bạn chưa xem.</Trans>
            ) : (
              <Trans>Trình duyệt này không hiện số trên biểu tượng ứng dụng.</Trans>
            )}
          </p>
        </Row>
      </div>
    </section>
  );
}

/** One figure of the storage summary: its label, its value, and a line under it when there is one. */
function Figure({ label, value, testId, note }: { label: ReactNode; value: ReactNode; testId: string; note?: ReactNode }) {
  return (
    <div className={s.figure}>
      <dt className={s.figureLabel}>{label}</dt>
      <dd className={s.figureValue} data-testid={testId}>
        {value}
      </dd>
      {note && <dd className={s.figureLabel}>{note}</dd>}
    </div>
  );
}
