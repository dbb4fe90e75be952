import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PlanGroup, PlanId } from '../../../../contract/plans.ts';
import { PLAN_NAMES } from '../../../../lib/plan-names.ts';

/** Each plan's name (the one list: src/lib/plan-names.ts) and the line saying whom it is for. The figures come from the catalogue (src/contract/plans.ts). */
export const PLAN_TEXT: Readonly<Record<PlanId, { name: MessageDescriptor; audience: MessageDescriptor }>> = {
  free: { name: PLAN_NAMES.free, audience: msg`Để thử mọi công cụ trước khi trả tiền` },
  basic: { name: PLAN_NAMES.basic, audience: msg`Cho shop online ra mắt hàng mới mỗi tuần` },
  starter: { name: PLAN_NAMES.starter, audience: msg`Cho shop đăng sản phẩm mới gần như mỗi ngày` },
  pro: { name: PLAN_NAMES.pro, audience: msg`Cho người bán chuyên nghiệp làm ảnh và video hằng ngày` },
  professional: { name: PLAN_NAMES.professional, audience: msg`Cho thương hiệu và salon làm ảnh số lượng lớn` },
  premium: { name: PLAN_NAMES.premium, audience: msg`Cho thương hiệu cần tạo ảnh không phải đếm tín dụng` },
  enterprise: { name: PLAN_NAMES.enterprise, audience: msg`Cho chuỗi cửa hàng cần hợp đồng, hóa đơn và tích hợp riêng` },
};

export const GROUP_NAME: Readonly<Record<PlanGroup, MessageDescriptor>> = {
  personal: msg`Cá nhân`,
  business: msg`Doanh nghiệp`,
};
