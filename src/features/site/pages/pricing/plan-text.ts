import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PlanGroup, PlanId } from '../../../../contract/plans.ts';

/** Each plan's name and the line saying whom it is for. The figures come from the catalogue (src/contract/plans.ts). */
export const PLAN_TEXT: Readonly<Record<PlanId, { name: MessageDescriptor; audience: MessageDescriptor }>> = {
  free: { name: msg`Miễn phí`, audience: msg`Để thử mọi công cụ trước khi trả tiền` },
  basic: { name: msg`Basic`, audience: msg`Cho shop online ra mắt hàng mới mỗi tuần` },
  starter: { name: msg`Starter`, audience: msg`Cho shop đăng sản phẩm mới gần như mỗi ngày` },
  pro: { name: msg`Pro`, audience: msg`Cho người bán chuyên nghiệp làm ảnh và video hằng ngày` },
  professional: { name: msg`Professional`, audience: msg`Cho thương hiệu và salon làm ảnh số lượng lớn` },
  premium: { name: msg`Premium`, audience: msg`Cho thương hiệu cần tạo ảnh không phải đếm tín dụng` },
  enterprise: { name: msg`Enterprise`, audience: msg`Cho chuỗi cửa hàng cần hợp đồng, hóa đơn và tích hợp riêng` },
};

export const GROUP_NAME: Readonly<Record<PlanGroup, MessageDescriptor>> = {
  personal: msg`Cá nhân`,
  business: msg`Doanh nghiệp`,
};
