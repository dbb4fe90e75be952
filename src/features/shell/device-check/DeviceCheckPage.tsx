import { useEffect, useId, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useDeviceInfo, DESKTOP_MIN_WIDTH_PX } from '../../../lib/device.ts';
import { formatBytes } from '../../../lib/format.ts';
import { notify } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { button } from '../../../ui/button.ts';
import { AppLink } from '../../../ui/link.tsx';
import { DEVICE_TYPE_LABELS } from '../DeviceRestriction.tsx';
import { Brand } from '../sidebar/Brand.tsx';
import { IconAlert } from '../../../ui/icons/app/IconAlert.tsx';
import { IconCheck } from '../../../ui/icons/app/IconCheck.tsx';
import { IconDevices } from '../../../ui/icons/app/IconDevices.tsx';
import { IconRefresh } from '../../../ui/icons/app/IconRefresh.tsx';
import { LanguageToggle } from '../sidebar/LanguageToggle.tsx';
import * as bar from '../sidebar/sidebar.css.ts';
import * as d from '../device.css.ts';
import { estimateStorage, LOW_STORAGE_BYTES, testIndexedDb, useSyncProbe, type BrowserProbe } from './probe.ts';
import * as s from './device-check.css.ts';

type Status = 'pass' | 'warn' | 'pending';

interface CheckRow {
  id: string;
  label: string;
  value: string;
  status: Status;
  explanation: string;
}

/**
 * The browser's capabilities: the synchronous ones live, storage and IndexedDB measured once
 * after mount (Check again remounts the list to measure them again).
 */
function useBrowserProbe(): BrowserProbe | null {
  const sync = useSyncProbe();
  const [storage, setStorage] = useState<BrowserProbe['storage']>('pending');
  const [indexedDb, setIndexedDb] = useState<BrowserProbe['indexedDb']>('pending');
  useEffect(() => {
    let cancelled = false;
    void estimateStorage().then((value) => !cancelled && setStorage(value));
    void testIndexedDb().then((value) => !cancelled && setIndexedDb(value));
    return () => {
      cancelled = true;
    };
  }, []);
  return sync ? { ...sync, storage, indexedDb } : null;
}

/** The /test page's frame: a slim bar with the wordmark and the language toggle. */
export function DeviceCheckFrame({ children }: { children: ReactNode }) {
  return (
    <div className={s.page}>
      <header className={bar.bar}>
        <Brand />
        <div className={bar.barActions}>
          <LanguageToggle />
        </div>
      </header>
      <main id="main" className={s.main}>
        {children}
      </main>
    </div>
  );
}

/**
 * /test: a device and browser check that support can send customers to, with live values.
 * A phone gets the device restriction screen instead (the route wraps this in DeviceGate).
 */
export function DeviceCheck() {
  const [run, setRun] = useState(0);
  return <Checklist key={run} onRecheck={() => setRun((n) => n + 1)} />;
}

function Checklist({ onRecheck }: { onRecheck: () => void }) {
  const { t, i18n } = useLingui();
  const { locale } = useLocale();
  const device = useDeviceInfo();
  const probe = useBrowserProbe();
  const titleId = useId();

  const pending = (id: string, label: string): CheckRow => ({
    id,
    label,
    value: t`Đang kiểm tra…`,
    status: 'pending',
    explanation: '',
  });

  const rows: CheckRow[] = [];
  const wide = device.screenWidth >= DESKTOP_MIN_WIDTH_PX;
  rows.push({
    id: 'device-type',
    label: t`Loại thiết bị`,
    value: i18n._(DEVICE_TYPE_LABELS[device.deviceType]),
    status: 'pass',
    explanation: device.isTablet ? t`Dùng được mọi studio. Bút cảm ứng giúp vẽ mặt nạ chính xác hơn.` : t`Dùng được mọi studio.`,
  });
  rows.push({
    id: 'screen',
    label: t`Kích thước màn hình`,
    value: `${device.screenWidth} × ${device.screenHeight} px`,
    status: wide ? 'pass' : 'warn',
    explanation: wide
      ? t`Đủ rộng cho thanh bên, ảnh xem trước lớn và so sánh cạnh nhau.`
      : t`Dùng được, nhưng ảnh xem trước sẽ nhỏ hơn. Màn hình từ 1024 px cho trải nghiệm tốt nhất.`,
  });
  rows.push({
    id: 'touch',
    label: t`Màn hình cảm ứng`,
    value: device.hasTouch ? t`Có` : t`Không`,
    status: 'pass',
    explanation: device.hasTouch ? t`Vẽ mặt nạ bằng ngón tay hoặc bút cảm ứng.` : t`Dùng chuột hoặc bàn di chuột để vẽ mặt nạ.`,
  });

  if (!probe) {
    rows.push(
      pending('online', t`Kết nối mạng`),
      pending('service-worker', t`Chế độ ngoại tuyến (service worker)`),
      pending('installed', t`Cài đặt như ứng dụng`),
      pending('storage', t`Dung lượng lưu trữ`),
      pending('notifications', t`Thông báo`),
      pending('indexeddb', t`Bộ nhớ IndexedDB`),
      pending('camera', t`Camera`),
    );
  } else {
    rows.push({
      id: 'online',
      label: t`Kết nối mạng`,
      value: probe.online ? t`Trực tuyến` : t`Ngoại tuyến`,
      status: probe.online ? 'pass' : 'warn',
      explanation: probe.online ? t`Cần mạng để tải ảnh lên và tạo kết quả.` : t`Bạn vẫn xem được lịch sử đã lưu; ảnh tải lên sẽ được gửi khi có mạng trở lại.`,
    });
    rows.push({
      id: 'service-worker',
      label: t`Chế độ ngoại tuyến (service worker)`,
      value: probe.serviceWorker === 'controlled' ? t`Đang hoạt động` : probe.serviceWorker === 'not-controlled' ? t`Chưa hoạt động` : t`Không hỗ trợ`,
      status: probe.serviceWorker === 'controlled' ? 'pass' : 'warn',
      explanation:
        probe.serviceWorker === 'controlled'
          ? t`Ứng dụng mở được khi mất mạng và theo dõi tác vụ đang chạy nền.`
          : probe.serviceWorker === 'not-controlled'
            ? t`Tải lại trang một lần để bật chế độ ngoại tuyến.`
            : t`Trình duyệt này không hỗ trợ; hãy dùng bản mới của Chrome, Edge, Safari hoặc Firefox (không ở chế độ ẩn danh).`,
    });
    rows.push({
      id: 'installed',
      label: t`Cài đặt như ứng dụng`,
      value: probe.installed ? t`Đã cài` : t`Chưa cài`,
      status: probe.installed ? 'pass' : 'warn',
      explanation: probe.installed
        ? t`Atelier đang mở trong cửa sổ riêng như một ứng dụng.`
        : t`Không bắt buộc. Cài từ menu của trình duyệt để mở Atelier nhanh hơn.`,
    });
    const { storage } = probe;
    if (storage === 'pending') rows.push(pending('storage', t`Dung lượng lưu trữ`));
    else if (storage === 'unsupported') {
      rows.push({
        id: 'storage',
        label: t`Dung lượng lưu trữ`,
        value: t`Không rõ`,
        status: 'warn',
        explanation: t`Trình duyệt không cho biết dung lượng lưu trữ còn trống.`,
      });
    } else {
      const used = formatBytes(storage.usage, locale);
      const free = formatBytes(storage.quota - storage.usage, locale);
      const enough = storage.quota - storage.usage >= LOW_STORAGE_BYTES;
      rows.push({
        id: 'storage',
        label: t`Dung lượng lưu trữ`,
        value: t`Đã dùng ${used} · còn trống ${free}`,
        status: enough ? 'pass' : 'warn',
        explanation: enough ? t`Đủ chỗ để lưu lịch sử và ảnh xem ngoại tuyến.` : t`Còn ít chỗ trống: trình duyệt có thể xóa dữ liệu ngoại tuyến của Atelier.`,
      });
    }
    const permission = probe.notifications;
    rows.push({
      id: 'notifications',
      label: t`Thông báo`,
      value: permission === 'granted' ? t`Đã cho phép` : permission === 'denied' ? t`Đã chặn` : permission === 'default' ? t`Chưa cho phép` : t`Không hỗ trợ`,
      status: permission === 'granted' ? 'pass' : 'warn',
      explanation:
        permission === 'granted'
          ? t`Bạn sẽ được báo khi ảnh hoặc video tạo xong, kể cả khi tab chạy nền.`
          : permission === 'denied'
            ? t`Bật lại trong phần cài đặt trang web của trình duyệt để được báo khi tác vụ hoàn tất.`
            : permission === 'default'
              ? t`Cho phép để được báo khi tác vụ chạy nền hoàn tất.`
              : t`Trình duyệt này không hỗ trợ thông báo; hãy giữ tab mở khi đang tạo.`,
    });
    rows.push(
      probe.indexedDb === 'pending'
        ? pending('indexeddb', t`Bộ nhớ IndexedDB`)
        : {
            id: 'indexeddb',
            label: t`Bộ nhớ IndexedDB`,
            value: probe.indexedDb === 'ok' ? t`Sẵn sàng` : probe.indexedDb === 'blocked' ? t`Bị chặn` : t`Không hỗ trợ`,
            status: probe.indexedDb === 'ok' ? 'pass' : 'warn',
            explanation:
              probe.indexedDb === 'ok'
                ? t`Lưu lịch sử và hàng đợi tải lên trên máy để dùng khi mất mạng.`
                : t`Không lưu được dữ liệu trên máy (thường do chế độ ẩn danh): ứng dụng vẫn chạy nhưng không dùng được ngoại tuyến.`,
          },
    );
    rows.push({
      id: 'camera',
      label: t`Camera`,
      value: probe.camera ? t`Có` : t`Không có`,
      status: probe.camera ? 'pass' : 'warn',
      explanation: probe.camera
        ? t`Trình duyệt có API camera. Trang này không xin quyền dùng camera.`
        : t`Không có API camera (cần HTTPS hoặc trình duyệt mới hơn). Bạn vẫn tải ảnh lên từ máy được.`,
    });
  }

  const checking = rows.some((row) => row.status === 'pending');
  const warnings = rows.filter((row) => row.status === 'warn').length;
  const statusLabel: Record<Status, string> = { pass: t`Đạt`, warn: t`Lưu ý`, pending: t`Đang kiểm tra` };

  const copyReport = async () => {
    const lines = [
      `Atelier — ${t`Kiểm tra thiết bị`} — ${new Date().toISOString()}`,
      ...rows.map((row) => `[${statusLabel[row.status]}] ${row.label}: ${row.value}`),
      `User agent: ${device.userAgent}`,
    ];
    try {
      await navigator.clipboard.writeText(lines.join('\n'));
      notify.success(t`Đã sao chép kết quả kiểm tra`);
    } catch {
      notify.error(t`Không sao chép được. Hãy chụp màn hình trang này và gửi cho bộ phận hỗ trợ.`);
    }
  };

  const requestNotifications = async () => {
    await Notification.requestPermission().catch(() => undefined);
    onRecheck();
  };

  return (
    <div className={d.screen}>
      <section className={s.column} aria-labelledby={titleId} data-testid="device-check">
        <div className={d.head}>
          <span className={s.eyebrow}>
            <IconDevices size={16} />
            <Trans>Hỗ trợ</Trans>
          </span>
          <h1 id={titleId} className={d.title}>
            <Trans>Kiểm tra thiết bị</Trans>
          </h1>
          <p className={d.lead}>
            <Trans>
              Trang này kiểm tra thiết bị và trình duyệt của bạn có dùng được các studio của Atelier hay không. Nếu cần hỗ trợ, hãy sao chép kết quả và gửi cho
              chúng tôi.
            </Trans>
          </p>
        </div>

        <div className={s.summary} aria-live="polite" data-testid="device-check-summary">
          <span className={`${s.summaryIcon} ${checking ? '' : warnings === 0 ? s.summaryPass : s.summaryWarn}`}>
            {warnings === 0 ? <IconCheck size={22} /> : <IconAlert size={22} />}
          </span>
          <div className={s.summaryText}>
            <p className={s.summaryTitle}>
              {checking ? (
                <Trans>Đang kiểm tra…</Trans>
              ) : warnings === 0 ? (
                <Trans>Thiết bị của bạn sẵn sàng cho các studio</Trans>
              ) : (
                <Trans>Dùng được các studio, có vài điểm cần lưu ý</Trans>
              )}
            </p>
            {!checking && warnings > 0 && (
              <p className={s.summaryHint}>
                <Trans>Số điểm cần lưu ý: {warnings}</Trans>
              </p>
            )}
          </div>
          <div className={s.summaryActions}>
            <button type="button" className={button({ variant: 'secondary', size: 'sm' })} onClick={onRecheck}>
              <IconRefresh size={16} />
              <Trans>Kiểm tra lại</Trans>
            </button>
            <button type="button" className={button({ variant: 'primary', size: 'sm' })} disabled={checking} onClick={() => void copyReport()}>
              <Trans>Sao chép kết quả</Trans>
            </button>
          </div>
        </div>

        <ul className={s.checklist}>
          {rows.map((row) => (
            <li key={row.id} className={s.row} data-check={row.id} data-status={row.status}>
              <span className={`${d.badge} ${d.badgeTone[row.status]} ${s.rowBadge}`}>
                {row.status === 'pass' ? <IconCheck size={14} /> : row.status === 'warn' ? <IconAlert size={14} /> : null}
                {statusLabel[row.status]}
              </span>
              <div className={s.rowMain}>
                <p className={s.rowLabel}>{row.label}</p>
                {row.explanation && <p className={s.rowExplanation}>{row.explanation}</p>}
                {row.id === 'notifications' && probe?.notifications === 'default' && (
                  <button
                    type="button"
                    className={`${button({ variant: 'secondary', size: 'sm' })} ${s.rowAction}`}
                    onClick={() => void requestNotifications()}
                  >
                    <Trans>Cho phép thông báo</Trans>
                  </button>
                )}
              </div>
              <p className={s.rowValue}>{row.value}</p>
            </li>
          ))}
        </ul>

        <details className={s.details}>
          <summary className={s.detailsSummary}>
            <Trans>Thông tin kỹ thuật</Trans>
          </summary>
          <p className={s.userAgent}>{device.userAgent}</p>
        </details>

        <div className={d.actions}>
          <AppLink to="/dashboard" className={button({ variant: 'primary' })}>
            <Trans>Vào studio</Trans>
          </AppLink>
          <AppLink to="/" className={button({ variant: 'secondary' })}>
            <Trans>Về trang chủ</Trans>
          </AppLink>
        </div>
      </section>
    </div>
  );
}
