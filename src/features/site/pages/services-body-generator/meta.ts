import { msg } from '@lingui/core/macro';

/** The page's title and description, in its own catalog (see pages/pricing/meta.ts for why). */
export const SERVICES_BODY_GENERATOR_META = {
  title: msg`Tạo người mẫu ảo theo số đo`,
  description: msg`Nhập chiều cao, cân nặng, tuổi, màu da và vóc dáng để có người mẫu ảo giống khách hàng của bạn, dùng ngay để thử đồ. 1 tín dụng mỗi lần. Xem ví dụ thật.`,
};
