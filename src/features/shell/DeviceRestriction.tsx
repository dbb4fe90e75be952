import { useId, type ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DeviceInfo } from '../../lib/device.ts';
import { button } from '../../ui/button.ts';
import { AppLink } from '../../ui/link.tsx';
import { IconArrowRight } from '../../ui/icons/app/IconArrowRight.tsx';
import { IconCheck } from '../../ui/icons/app/IconCheck.tsx';
import { IconHome } from '../../ui/icons/app/IconHome.tsx';
import { IconPhone } from '../../ui/icons/app/IconPhone.tsx';
import { IconRefresh } from '../../ui/icons/app/IconRefresh.tsx';
import * as s from './device.css.ts';

export const DEVICE_TYPE_LABELS: Record<DeviceInfo['deviceType'], MessageDescriptor> = {
  mobile: msg`Điện thoại`,
  tablet: msg`Máy tính bảng`,
  desktop: msg`Máy tính`,
};

const FEATURES: readonly MessageDescriptor[] = [
  msg`Đổi kiểu tóc và chỉnh sửa ảnh với mặt nạ vẽ bằng cọ`,
  msg`Thử đồ ảo và chỉnh sửa ảnh với so sánh trước/sau`,
  msg`Các studio nhiều bước: thử đồ, tạo người mẫu, ảnh thành video, làm nét ảnh`,
  msg`Xem trước kết quả cỡ lớn trước khi tải về`,
];

const REASONS: readonly MessageDescriptor[] = [
  msg`Mặt nạ cọ vẽ cần độ chính xác đến từng vùng nhỏ của ảnh.`,
  msg`So sánh trước/sau cần hai ảnh đặt cạnh nhau ở kích thước đủ lớn.`,
  msg`Các bước, tham số và bản xem trước cần hiển thị cùng lúc.`,
  msg`Ảnh xem trước lớn giúp kiểm tra chi tiết vải, tóc và khuôn mặt.`,
];

function Reasons({ items, icon }: { items: readonly MessageDescriptor[]; icon: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <ul className={s.list}>
      {items.map((item) => (
        <li key={item.id} className={s.listItem}>
          <span className={s.listIcon}>{icon}</span>
          <span>{i18n._(item)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The device restriction screen (docs/product-rules.md#device-restriction), shown by DeviceGate to a phone. */
export function DeviceRestriction({ device }: { device: DeviceInfo }) {
  const { i18n } = useLingui();
  const titleId = useId();
  const featuresId = useId();
  const reasonsId = useId();
  const width = device.screenWidth;
  const height = device.screenHeight;
  return (
    <section className={s.screen} aria-labelledby={titleId} data-testid="device-restriction">
      <div className={s.column}>
        <div className={s.head}>
          <span className={`${s.badge} ${s.badgeTone.blocked}`} data-testid="device-status">
            <IconPhone size={14} />
            <Trans>Thiết bị chưa được hỗ trợ</Trans>
          </span>
          <h1 id={titleId} className={s.title}>
            <Trans>Trang này cần màn hình lớn hơn</Trans>
          </h1>
          <p className={s.lead}>
            <Trans>
              Các studio của Atelier được thiết kế cho máy tính và máy tính bảng. Hãy mở trang này trên thiết bị có màn hình lớn hơn để làm việc chính xác.
            </Trans>
          </p>
        </div>

        <div className={s.card}>
          <dl className={s.facts}>
            <div className={s.fact}>
              <dt className={s.factLabel}>
                <Trans>Kích thước màn hình</Trans>
              </dt>
              <dd className={s.factValue} data-testid="device-screen-size">
                {width} × {height} px
              </dd>
            </div>
            <div className={s.fact}>
              <dt className={s.factLabel}>
                <Trans>Loại thiết bị</Trans>
              </dt>
              <dd className={s.factValue} data-testid="device-type">
                {i18n._(DEVICE_TYPE_LABELS[device.deviceType])}
              </dd>
            </div>
            <div className={s.fact}>
              <dt className={s.factLabel}>
                <Trans>Yêu cầu</Trans>
              </dt>
              <dd className={s.factValue} data-testid="device-requirement">
                <Trans>Máy tính (&gt;=1024px) hoặc máy tính bảng (&gt;=768px)</Trans>
              </dd>
            </div>
          </dl>
        </div>

        <div className={`${s.card} ${s.lists}`}>
          <section aria-labelledby={featuresId}>
            <h2 id={featuresId} className={s.cardTitle}>
              <Trans>Tính năng cần màn hình lớn</Trans>
            </h2>
            <Reasons items={FEATURES} icon={<IconCheck size={16} />} />
          </section>
          <section aria-labelledby={reasonsId}>
            <h2 id={reasonsId} className={s.cardTitle}>
              <Trans>Vì sao?</Trans>
            </h2>
            <Reasons items={REASONS} icon={<IconArrowRight size={16} />} />
          </section>
        </div>

        <p className={s.note}>
          <Trans>
            Trên điện thoại, bạn vẫn xem được trang chủ, blog, bảng giá và bảng điều khiển. Nếu bạn dùng máy tính bảng, hãy xoay ngang máy: trang sẽ tự mở khi
            màn hình đủ rộng.
          </Trans>
        </p>

        <div className={s.actions}>
          <AppLink to="/" className={button({ variant: 'primary' })}>
            <IconHome size={18} />
            <Trans>Về trang chủ</Trans>
          </AppLink>
          <button type="button" className={button({ variant: 'secondary' })} onClick={() => location.reload()}>
            <IconRefresh size={18} />
            <Trans>Tải lại trang</Trans>
          </button>
        </div>
      </div>
    </section>
  );
}
